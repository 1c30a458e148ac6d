import { Redis } from 'ioredis';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import { listenForOutbox, type OutboxListener } from '../events/outbox-listener.js';
import type { Worker } from '../kernel/workers.js';
import { allEventsAfter, encodeLiveEvent, idFloorAt, lastPosition, type LiveEvent } from './live-event.js';
import { liveChannel } from './redis-feed.js';

/** Session advisory lock: the relay runs in the one process holding it. */
const LEADER_LOCK = 'ponte_live_relay';
const CATCH_UP_PAGE = 500;
const RETRY_MS = 1000;

export interface RelayOptions {
  config: Pick<Config, 'redisUrl' | 'liveRedisPrefix' | 'liveReplayWindowMs'>;
  orm: Orm;
  databaseUrl: string;
  logger: Logger;
  /** How often a standby process tries to take over. */
  standbyRetryMs?: number;
}

/**
 * With REDIS_URL, committed events reach Redis by exactly one path: this relay. Every
 * process runs it, but only the holder of a PostgreSQL advisory lock relays; the lock
 * dies with its session, so a standby takes over when the leader goes. The leader
 * LISTENs to the outbox NOTIFY (sent only on commit) and, on each, publishes every event
 * committed after the last one it published, in commit-position order. Each publication
 * also records the event's commit position in Redis (same MULTI), where the next leader
 * starts; nothing is skipped however late a long transaction commits, because a commit
 * position is only visible once every lower one is. At least once (two leaders can
 * overlap for a moment when one loses its lock session, and Redis may lose its data), so
 * subscribers still drop ids they already delivered.
 */
export class LiveRelay implements Worker {
  readonly name = 'live-relay';
  private readonly channel: string;
  private readonly positionKey: string;
  private readonly log: Logger;
  private redis: Redis | undefined;
  private stopped = false;
  private readonly stopping: Promise<void>;
  private signalStop: () => void = () => undefined;
  private campaign: Promise<void> = Promise.resolve();
  // Publications run one after the other, so Redis sees events in commit order.
  private publishing = Promise.resolve();
  /** The commit position of the last event this leader published (or its start): the next catch-up reads above it. */
  private published = 0n;
  private pending = false;
  private leading = false;

  constructor(private readonly options: RelayOptions) {
    this.channel = liveChannel(options.config.liveRedisPrefix);
    this.positionKey = `${options.config.liveRedisPrefix}relay-position`;
    this.log = options.logger.child({ worker: 'live-relay' });
    this.stopping = new Promise<void>((resolve) => (this.signalStop = resolve));
  }

  async start(): Promise<void> {
    this.redis = new Redis(this.options.config.redisUrl!, { maxRetriesPerRequest: null });
    this.redis.on('error', (error) => this.log.warn({ err: error }, 'live relay Redis connection error'));
    this.campaign = this.runCampaign();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.signalStop();
    await this.campaign;
    this.redis?.disconnect();
  }

  private async runCampaign(): Promise<void> {
    while (!this.stopped) {
      await this.tryToLead();
      await Promise.race([this.stopping, new Promise((resolve) => setTimeout(resolve, this.options.standbyRetryMs ?? 1000).unref())]);
    }
  }

  private async tryToLead(): Promise<void> {
    const lock = new pg.Client({ connectionString: this.options.databaseUrl, keepAlive: true });
    lock.on('error', (error) => this.log.warn({ err: error }, 'live relay lock connection lost'));
    try {
      await lock.connect();
      const { rows } = await lock.query<{ held: boolean }>('select pg_try_advisory_lock(hashtext($1)) as held', [LEADER_LOCK]);
      if (rows[0]?.held) await this.lead(lock);
    } catch (error) {
      this.log.warn({ err: error }, 'live relay could not lead');
    } finally {
      await lock.end().catch(() => undefined);
    }
  }

  /** Relays until the lock's session ends or the worker stops. */
  private async lead(lock: pg.Client): Promise<void> {
    const lost = new Promise<void>((resolve) => {
      lock.once('error', () => resolve());
      lock.once('end', () => resolve());
    });
    await this.takeOver();
    this.log.info('live relay leading: publishing committed events to Redis');
    let listener: OutboxListener | undefined;
    this.leading = true;
    try {
      // A notification only says that something committed: what to publish is read by position.
      const requestPublish = () => this.requestPublish();
      listener = await listenForOutbox({ databaseUrl: this.options.databaseUrl, logger: this.log, onNotification: requestPublish, onReconnect: requestPublish });
      this.requestPublish();
      await Promise.race([lost, this.stopping]);
    } finally {
      this.leading = false;
      await listener?.close();
      await this.publishing;
    }
  }

  /**
   * Where this leader starts: the position its predecessors recorded, or, with nothing
   * recorded (the first leader, or Redis lost its data), the last event committed now.
   */
  private async takeOver(): Promise<void> {
    const recorded = await this.redis!.get(this.positionKey);
    this.published = BigInt(recorded ?? (await lastPosition(this.options.orm)));
  }

  /**
   * Runs publishCommitted once more after whatever is queued; requests meanwhile share it
   * (a burst of notifications costs one query). A failure is retried shortly, from the
   * last position published, so nothing is skipped.
   */
  private requestPublish(): void {
    if (this.pending || !this.leading) return;
    this.pending = true;
    this.publishing = this.publishing.then(async () => {
      this.pending = false;
      try {
        await this.publishCommitted();
      } catch (error) {
        this.log.error({ err: error }, 'live relay publish failed; retrying');
        setTimeout(() => this.requestPublish(), RETRY_MS).unref();
      }
    });
  }

  /** Publishes, in commit order, every event committed after the last one published (within the replay window). */
  private async publishCommitted(): Promise<void> {
    const since = idFloorAt(Date.now() - this.options.config.liveReplayWindowMs);
    for (;;) {
      const page = await allEventsAfter(this.options.orm, { after: this.published.toString(), since, limit: CATCH_UP_PAGE });
      for (const event of page) await this.publish(event);
      if (page.length < CATCH_UP_PAGE) return;
    }
  }

  /** Publishes and records the position in one Redis transaction, so a takeover knows what went out. */
  private async publish(event: LiveEvent): Promise<void> {
    await this.redis!.multi().publish(this.channel, encodeLiveEvent(event)).set(this.positionKey, event.position!).exec();
    this.published = BigInt(event.position!);
  }
}
