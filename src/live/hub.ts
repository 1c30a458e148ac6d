import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import { AppError } from '../errors.js';
import type { LiveFilter } from './event-filter.js';
import { EventStream } from './event-stream.js';
import { idFloorAt, lastPosition, replayStart, sellerEventsAfter, timeOfId, type LiveEvent } from './live-event.js';

/** Where a process's committed events come from: the outbox NOTIFY, or Redis. */
export interface LiveFeed {
  close(): Promise<void>;
}

export interface LiveHubOptions {
  orm: Orm;
  config: Pick<Config, 'liveBufferEvents' | 'liveReplayWindowMs' | 'liveReplayMaxEvents'>;
  logger: Logger;
  /** Connects the feed; called on the first subscription, so a server nobody subscribes to holds no connection. */
  connectFeed: (hub: LiveHub) => Promise<LiveFeed>;
  metrics?: Registry;
}

export interface OpenRequest {
  sellerId: string;
  filter: LiveFilter;
  /** The last event id the client saw: every event of the filter committed after it is replayed first. */
  after?: string;
  /** The client fell too far behind: close its connection. */
  onOverflow: () => void;
}

interface Subscriber {
  filter: LiveFilter;
  stream: EventStream;
}

/**
 * The live subscriptions of one process, by seller. The feed hands it every committed
 * event once; the hub offers it to the matching subscriptions of that event's seller
 * only, so no subscriber ever sees another seller's events.
 */
export class LiveHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private feed: Promise<LiveFeed> | undefined;
  private closed = false;
  private readonly slowConsumers: Counter;

  constructor(private readonly options: LiveHubOptions) {
    const registers = options.metrics ? [options.metrics] : [];
    const hub = this;
    new Gauge({
      name: 'ponte_live_subscriptions',
      help: 'Open live GraphQL subscriptions in this process',
      registers,
      collect() {
        this.set(hub.size);
      },
    });
    this.slowConsumers = new Counter({
      name: 'ponte_live_slow_consumer_closes_total',
      help: 'Connections closed because a subscription fell more than LIVE_BUFFER_EVENTS behind',
      registers,
    });
  }

  get size(): number {
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }

  async open(request: OpenRequest): Promise<EventStream> {
    if (this.closed) throw new AppError('UNAVAILABLE', 'The server is shutting down');
    await this.connectFeed();
    if (request.after !== undefined) this.assertWithinWindow(request.after);
    const { liveBufferEvents, liveReplayMaxEvents } = this.options.config;
    const stream = new EventStream({
      bufferSize: liveBufferEvents,
      dedupeSize: liveBufferEvents + liveReplayMaxEvents,
      replay: (cursor) => this.replay(request.sellerId, request.filter, cursor),
      onOverflow: () => {
        this.slowConsumers.inc();
        request.onOverflow();
      },
      onEnd: () => this.remove(request.sellerId, subscriber),
    });
    const subscriber: Subscriber = { filter: request.filter, stream };
    // Registered before the start is read and the replay runs, so an event committed
    // meanwhile is either replayed or buffered (or both: the stream drops the duplicate).
    this.add(request.sellerId, subscriber);
    try {
      stream.startAt(await this.startOf(request));
      if (request.after !== undefined) await stream.catchUp();
    } catch (error) {
      await stream.return();
      throw error;
    }
    return stream;
  }

  /** Lets a feed skip reading an event nobody in this process follows. */
  wants(sellerId: string, type: string): boolean {
    for (const subscriber of this.subscribers.get(sellerId) ?? []) {
      if (subscriber.filter.types.includes(type)) return true;
    }
    return false;
  }

  dispatch(event: LiveEvent): void {
    for (const subscriber of [...(this.subscribers.get(event.sellerId) ?? [])]) {
      if (subscriber.filter.matches(event.envelope)) subscriber.stream.offer(event);
    }
  }

  /** The feed may have missed events: every subscription catches up from the outbox. */
  resyncAll(): void {
    for (const set of this.subscribers.values()) for (const subscriber of set) subscriber.stream.resync();
  }

  async close(): Promise<void> {
    this.closed = true;
    const streams = [...this.subscribers.values()].flatMap((set) => [...set].map((subscriber) => subscriber.stream));
    await Promise.all(streams.map((stream) => stream.return()));
    const feed = this.feed;
    this.feed = undefined;
    await (await feed?.catch(() => undefined))?.close();
  }

  private connectFeed(): Promise<LiveFeed> {
    this.feed ??= this.options.connectFeed(this).catch((error: unknown) => {
      this.feed = undefined;
      this.options.logger.error({ err: error }, 'live event feed failed to connect');
      throw new AppError('UNAVAILABLE', 'Live events are unavailable right now');
    });
    return this.feed;
  }

  private assertWithinWindow(after: string): void {
    if (timeOfId(after) < Date.now() - this.options.config.liveReplayWindowMs) {
      throw new AppError('REPLAY_WINDOW_EXCEEDED', 'The event given in `after` is older than the replay window', {
        replayWindowMs: this.options.config.liveReplayWindowMs,
      });
    }
  }

  /**
   * The commit position the subscription starts after: the client's `after` event's own
   * (see replayStart), or, without `after`, the last event committed when it registered.
   */
  private startOf(request: OpenRequest): Promise<string> {
    if (request.after === undefined) return lastPosition(this.options.orm, request.sellerId);
    return replayStart(this.options.orm, request.sellerId, {
      after: request.after,
      types: request.filter.types,
      limit: this.options.config.liveReplayMaxEvents + 1,
    });
  }

  /**
   * Events of the filter committed after the cursor. A catch-up never reaches past the
   * window (what a reconnect missed is recent); more than LIVE_REPLAY_MAX_EVENTS
   * candidates is refused rather than loaded.
   */
  private async replay(sellerId: string, filter: LiveFilter, cursor: string): Promise<LiveEvent[]> {
    const { liveReplayWindowMs, liveReplayMaxEvents } = this.options.config;
    const events = await sellerEventsAfter(this.options.orm, sellerId, {
      after: cursor,
      since: idFloorAt(Date.now() - liveReplayWindowMs),
      types: filter.types,
      limit: liveReplayMaxEvents + 1,
    });
    if (events.length > liveReplayMaxEvents) {
      throw new AppError(
        'REPLAY_WINDOW_EXCEEDED',
        `More than ${liveReplayMaxEvents} events to replay: read the current state with queries, then subscribe without \`after\``,
        { replayMaxEvents: liveReplayMaxEvents },
      );
    }
    return events.filter((event) => filter.matches(event.envelope));
  }

  private add(sellerId: string, subscriber: Subscriber): void {
    const set = this.subscribers.get(sellerId) ?? new Set();
    set.add(subscriber);
    this.subscribers.set(sellerId, set);
  }

  private remove(sellerId: string, subscriber: Subscriber): void {
    const set = this.subscribers.get(sellerId);
    set?.delete(subscriber);
    if (set?.size === 0) this.subscribers.delete(sellerId);
  }
}
