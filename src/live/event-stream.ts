import type { EventEnvelope } from '../events/catalogue.js';

export interface EventStreamOptions {
  /** Events with ids above this are wanted: the client's `after`, or the subscription's start. */
  cursor: string;
  /** Live events held for a client that is not reading; one more ends the stream (onOverflow). */
  bufferSize: number;
  /** How many delivered ids are remembered to drop duplicates (replay overlapping live, Redis redelivery). */
  dedupeSize: number;
  /** Committed events of the subscription's filter with ids above the cursor, oldest first. */
  replay: (cursor: string) => Promise<EventEnvelope[]>;
  onOverflow: () => void;
  /** Called once when the stream ends for any reason (client gone, overflow, error). */
  onEnd: () => void;
}

/**
 * One subscription's events, pulled by graphql-ws one at a time. Live events wait in a
 * bounded buffer; replayed ones (the client's `after`, or a catch-up after the process
 * lost its feed) come first. The hub never waits for a subscriber: offering never blocks,
 * and a subscriber that lets the buffer fill is cut off instead of growing memory.
 *
 * A hand-written iterator rather than an async generator: `return()` must end a stream
 * that is waiting for its next event, which a generator suspended at an await cannot.
 */
export class EventStream implements AsyncIterableIterator<EventEnvelope> {
  private readonly live: EventEnvelope[] = [];
  private replayed: EventEnvelope[] = [];
  private readonly delivered = new Set<string>();
  private cursor: string;
  private resyncWanted = false;
  private ended = false;
  private wake: (() => void) | undefined;

  constructor(private readonly options: EventStreamOptions) {
    this.cursor = options.cursor;
  }

  /** Loads every committed event above the cursor to be delivered before live ones. */
  async catchUp(): Promise<void> {
    this.replayed = [...this.replayed, ...(await this.options.replay(this.cursor))];
  }

  /** A live event of this subscription's filter. Never blocks. */
  offer(envelope: EventEnvelope): void {
    if (this.ended) return;
    if (this.live.length >= this.options.bufferSize) {
      this.end(this.options.onOverflow);
      return;
    }
    this.live.push(envelope);
    this.signal();
  }

  /** The process may have missed events (its feed reconnected): catch up before the next delivery. */
  resync(): void {
    this.resyncWanted = true;
    this.signal();
  }

  async next(): Promise<IteratorResult<EventEnvelope>> {
    while (!this.ended) {
      if (this.resyncWanted) {
        this.resyncWanted = false;
        await this.catchUpOrEnd();
      }
      const envelope = this.replayed.shift() ?? this.live.shift();
      if (!envelope) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        continue;
      }
      if (this.remember(envelope.id)) return { value: envelope, done: false };
    }
    return { value: undefined, done: true };
  }

  async return(): Promise<IteratorResult<EventEnvelope>> {
    this.end();
    return { value: undefined, done: true };
  }

  async throw(error: unknown): Promise<IteratorResult<EventEnvelope>> {
    this.end();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private async catchUpOrEnd(): Promise<void> {
    try {
      await this.catchUp();
    } catch (error) {
      this.end();
      throw error;
    }
  }

  /** False for an id already delivered; otherwise records it and moves the cursor. */
  private remember(id: string): boolean {
    if (this.delivered.has(id)) return false;
    this.delivered.add(id);
    if (this.delivered.size > this.options.dedupeSize) {
      this.delivered.delete(this.delivered.values().next().value!);
    }
    if (id > this.cursor) this.cursor = id;
    return true;
  }

  /** `beforeWake` runs while the consumer is still parked, so nothing is sent after it. */
  private end(beforeWake?: () => void): void {
    if (this.ended) return;
    this.ended = true;
    this.live.length = 0;
    this.replayed = [];
    beforeWake?.();
    this.options.onEnd();
    this.signal();
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
