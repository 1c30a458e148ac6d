import { describe, expect, it } from 'vitest';
import { EventStream } from '../../src/live/event-stream.js';
import { idFloorAt, type LiveEvent } from '../../src/live/live-event.js';

/** Event n, committed at position `position` (n by default): ids follow writes, positions commits. */
const event = (n: number, position = n): LiveEvent => ({
  sellerId: 'seller-1',
  position: String(position),
  envelope: {
    id: `${idFloorAt(1_700_000_000_000 + n).slice(0, 24)}${String(n).padStart(12, '0')}`,
    evento: 'pedido.criado',
    dataHora: new Date(1_700_000_000_000 + n).toISOString(),
    data: { n },
  },
});

function streamOf(options: { stored?: LiveEvent[]; bufferSize?: number } = {}) {
  const stored = options.stored ?? [];
  const calls = { overflow: 0, end: 0, replays: [] as string[] };
  const stream = new EventStream({
    bufferSize: options.bufferSize ?? 10,
    dedupeSize: 100,
    replay: async (cursor) => {
      calls.replays.push(cursor);
      return stored.filter((stored) => BigInt(stored.position!) > BigInt(cursor)).sort((a, b) => Number(BigInt(a.position!) - BigInt(b.position!)));
    },
    onOverflow: () => calls.overflow++,
    onEnd: () => calls.end++,
  });
  stream.startAt('0');
  return { stream, calls };
}

async function take(stream: EventStream, count: number): Promise<number[]> {
  const values: number[] = [];
  for (let i = 0; i < count; i++) values.push((await stream.next()).value!.data.n as number);
  return values;
}

describe('a live event stream', () => {
  it('delivers replayed events first, then live ones, each id once', async () => {
    const stored = [event(1), event(2)];
    const { stream } = streamOf({ stored });
    stream.offer(event(2)); // committed while the replay query ran: both paths have it
    stream.offer(event(3));
    await stream.catchUp();
    expect(await take(stream, 3)).toEqual([1, 2, 3]);
    stream.offer(event(3)); // a Redis redelivery
    stream.offer(event(4));
    expect(await take(stream, 1)).toEqual([4]);
  });

  it('catches up from the last delivered commit position when the feed may have lost events', async () => {
    const stored = [event(1), event(2), event(3)];
    const { stream, calls } = streamOf({ stored });
    stream.offer(event(1));
    expect(await take(stream, 1)).toEqual([1]);
    stream.resync();
    expect(await take(stream, 2)).toEqual([2, 3]);
    expect(calls.replays.at(-1)).toBe('1');
  });

  it('catches up an event written before the last delivered one but committed after it', async () => {
    // Event 1 is written first by a long transaction that commits (position 3) after event 2.
    const held = event(1, 3);
    const { stream, calls } = streamOf({ stored: [event(2, 2), held] });
    stream.offer(event(2, 2));
    expect(await take(stream, 1)).toEqual([2]);
    stream.resync();
    expect(await take(stream, 1)).toEqual([1]);
    expect(calls.replays.at(-1)).toBe('2');
  });

  it('starts where it is told: nothing at or below the start is replayed', async () => {
    const { stream, calls } = streamOf({ stored: [event(1), event(2), event(3)] });
    stream.startAt('2');
    await stream.catchUp();
    expect(await take(stream, 1)).toEqual([3]);
    expect(calls.replays).toEqual(['2']);
  });

  it('ends and reports the overflow when a consumer lets the buffer fill, holding no more', async () => {
    const { stream, calls } = streamOf({ bufferSize: 2 });
    stream.offer(event(1));
    stream.offer(event(2));
    expect(calls.overflow).toBe(0);
    stream.offer(event(3));
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
