import type { EventEnvelope } from '../events/event-registry.js';
import type { LiveEvent } from './live-event.js';

export interface EventStreamOptions {
  /** Live events held for a client that is not reading; one more ends the stream (onOverflow). */
  bufferSize: number;
  /** How many delivered ids are remembered to drop duplicates (replay overlapping live, Redis redelivery). */
  dedupeSize: number;
  /** Committed events of the subscription's filter after a commit position, in commit order. */
  replay: (cursor: string) => Promise<LiveEvent[]>;
  onOverflow: () => void;
  /** Called once when the stream ends for any reason (client gone, overflow, error). */
  onEnd: () => void;
}

/**
 * Takes one event of a pushed stream. Returns nothing when the event is delivered already
 * (its socket took it), or a promise that settles once it is: the next event waits for it.
 */
export type Deliver = (envelope: EventEnvelope) => Promise<void> | undefined;

/**
 * One subscription's events, pulled by graphql-ws one at a time. Live events wait in a
 * bounded buffer; replayed ones (the client's `after`, or a catch-up after the process
 * lost its feed) come first. Both arrive in commit order, so the cursor, the highest
 * commit position delivered, says exactly what was delivered: a catch-up reads above it.
 * The hub never waits for a subscriber: offering never blocks, and a subscriber that
 * lets the buffer fill is cut off instead of growing memory.
 *
 * A hand-written iterator rather than an async generator: `return()` must end a stream
 * that is waiting for its next event, which a generator suspended at an await cannot.
 */
export class EventStream implements AsyncIterableIterator<EventEnvelope> {
  private readonly live: LiveEvent[] = [];
  private replayed: LiveEvent[] = [];
  private readonly delivered = new Set<string>();
  private cursor = 0n;
  private resyncWanted = false;
  private ended = false;
  private wake: (() => void) | undefined;
  /** Set by pushTo: events go to it as they come rather than waiting to be pulled. */
  private deliver: Deliver | undefined;
  /** A pushed delivery (or the catch-up before one) is under way: later events wait in the buffer. */
  private delivering = false;
  private pushEnded: { resolve: () => void; reject: (error: unknown) => void } | undefined;

  constructor(private readonly options: EventStreamOptions) {}

  /** Sets where the stream starts: events committed after this position are wanted. Before the first `next()`. */
  startAt(position: string): void {
    this.cursor = BigInt(position);
  }

  /** Loads every committed event above the cursor to be delivered before live ones. */
  async catchUp(): Promise<void> {
    this.replayed = [...this.replayed, ...(await this.options.replay(this.cursor.toString()))];
  }

  /** A live event of this subscription's filter. Never blocks. */
  offer(event: LiveEvent): void {
    if (this.ended) return;
    if (this.live.length >= this.options.bufferSize) {
      this.end(this.options.onOverflow);
      return;
    }
    this.live.push(event);
    this.signal();
  }

  /** The process may have missed events (its feed reconnected): catch up before the next delivery. */
  resync(): void {
    this.resyncWanted = true;
    this.signal();
  }

  /**
   * Instead of `next()`: hands every event to `deliver`, within `offer()` itself while no
   * delivery is under way, so a hub offering one event to a thousand idle subscribers
   * writes a thousand sockets in one turn, with no wake-up and no promise per subscriber.
   * The same order, buffer, overflow, dedupe and catch-up as pulling. Settles when the
   * stream ends; rejects, ending it, when a delivery or a catch-up fails.
   */
  pushTo(deliver: Deliver): Promise<void> {
    this.deliver = deliver;
    const ended = new Promise<void>((resolve, reject) => (this.pushEnded = { resolve, reject }));
    if (this.ended) this.pushEnded!.resolve();
    this.drain();
    return ended;
  }

  async next(): Promise<IteratorResult<EventEnvelope>> {
    while (!this.ended) {
      if (this.resyncWanted) {
        this.resyncWanted = false;
        await this.catchUpOrEnd();
      }
      const event = this.replayed.shift() ?? this.live.shift();
      if (!event) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        continue;
      }
      if (this.remember(event)) return { value: event.envelope, done: false };
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
  private remember(event: LiveEvent): boolean {
    const id = event.envelope.id;
    if (this.delivered.has(id)) return false;
    this.delivered.add(id);
    if (this.delivered.size > this.options.dedupeSize) {
      this.delivered.delete(this.delivered.values().next().value!);
    }
    if (event.position !== undefined && BigInt(event.position) > this.cursor) this.cursor = BigInt(event.position);
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
    this.pushEnded?.resolve();
    this.signal();
  }

  /** Delivers what is due, synchronously for as long as each delivery completes at once. */
  private drain(): void {
    if (this.delivering) return;
    while (!this.ended) {
      if (this.resyncWanted) {
        this.resyncWanted = false;
        this.waitFor(this.catchUp());
        return;
      }
      const event = this.replayed.shift() ?? this.live.shift();
      if (!event) return;
      if (!this.remember(event)) continue;
      let pending: Promise<void> | undefined;
      try {
        pending = this.deliver!(event.envelope);
      } catch (error) {
        this.fail(error);
        return;
      }
      if (pending) {
        this.waitFor(pending);
        return;
      }
    }
  }

  private waitFor(work: Promise<void>): void {
    this.delivering = true;
    work.then(
      () => {
        this.delivering = false;
        this.drain();
      },
      (error: unknown) => this.fail(error),
    );
  }

  private fail(error: unknown): void {
    const pushEnded = this.pushEnded;
    this.pushEnded = undefined;
    this.end();
    pushEnded?.reject(error);
  }

  private signal(): void {
    if (this.deliver) {
      this.drain();
      return;
    }
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
