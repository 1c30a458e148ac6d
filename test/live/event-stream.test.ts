import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../src/events/catalogue.js';
import { EventStream } from '../../src/live/event-stream.js';
import { idFloorAt } from '../../src/live/live-event.js';

const envelope = (n: number): EventEnvelope => ({
  id: `${idFloorAt(1_700_000_000_000 + n).slice(0, 24)}${String(n).padStart(12, '0')}`,
  evento: 'pedido.criado',
  dataHora: new Date(1_700_000_000_000 + n).toISOString(),
  data: { n },
});

function streamOf(options: { stored?: EventEnvelope[]; bufferSize?: number } = {}) {
  const stored = options.stored ?? [];
  const calls = { overflow: 0, end: 0, replays: [] as string[] };
  const stream = new EventStream({
    cursor: idFloorAt(1_700_000_000_000),
    bufferSize: options.bufferSize ?? 10,
    dedupeSize: 100,
    replay: async (cursor) => {
      calls.replays.push(cursor);
      return stored.filter((event) => event.id > cursor);
    },
    onOverflow: () => calls.overflow++,
    onEnd: () => calls.end++,
  });
  return { stream, calls };
}

async function take(stream: EventStream, count: number): Promise<number[]> {
  const values: number[] = [];
  for (let i = 0; i < count; i++) values.push((await stream.next()).value!.data.n as number);
  return values;
}

describe('a live event stream', () => {
  it('delivers replayed events first, then live ones, each id once', async () => {
    const stored = [envelope(1), envelope(2)];
    const { stream } = streamOf({ stored });
    stream.offer(envelope(2)); // committed while the replay query ran: both paths have it
    stream.offer(envelope(3));
    await stream.catchUp();
    expect(await take(stream, 3)).toEqual([1, 2, 3]);
    stream.offer(envelope(3)); // a Redis redelivery
    stream.offer(envelope(4));
    expect(await take(stream, 1)).toEqual([4]);
  });

  it('catches up from the last delivered id when the feed may have lost events', async () => {
    const stored = [envelope(1), envelope(2), envelope(3)];
    const { stream, calls } = streamOf({ stored });
    stream.offer(envelope(1));
    expect(await take(stream, 1)).toEqual([1]);
    stream.resync();
    expect(await take(stream, 2)).toEqual([2, 3]);
    expect(calls.replays.at(-1)).toBe(envelope(1).id);
  });

  it('ends and reports the overflow when a consumer lets the buffer fill, holding no more', async () => {
    const { stream, calls } = streamOf({ bufferSize: 2 });
    stream.offer(envelope(1));
    stream.offer(envelope(2));
    expect(calls.overflow).toBe(0);
    stream.offer(envelope(3));
    expect(calls).toMatchObject({ overflow: 1, end: 1 });
    expect(await stream.next()).toEqual({ value: undefined, done: true });
  });

  it('ends a consumer waiting for its next event when returned', async () => {
    const { stream, calls } = streamOf();
    const waiting = stream.next();
    await stream.return();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(calls.end).toBe(1);
  });
});
