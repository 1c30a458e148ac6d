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
export function createLiveRelay(options: RelayOptions): Worker {
  const channel = liveChannel(options.config.liveRedisPrefix);
  const positionKey = `${options.config.liveRedisPrefix}relay-position`;
  const log = options.logger.child({ worker: 'live-relay' });
  let redis: Redis | undefined;
  let stopped = false;
  let stop: () => void = () => undefined;
  const stopping = new Promise<void>((resolve) => (stop = resolve));
  let campaign: Promise<void> = Promise.resolve();
  // Publications run one after the other, so Redis sees events in commit order.
  let publishing = Promise.resolve();
  /** The commit position of the last event this leader published (or its start): the next catch-up reads above it. */
  let published = 0n;

  const enqueue = (task: () => Promise<void>) => {
    publishing = publishing.then(task);
  };

  /** Publishes and records the position in one Redis transaction, so a takeover knows what went out. */
  const publish = async (event: LiveEvent) => {
    await redis!.multi().publish(channel, encodeLiveEvent(event)).set(positionKey, event.position!).exec();
    published = BigInt(event.position!);
  };

  /** Publishes, in commit order, every event committed after the last one published (within the replay window). */
  const publishCommitted = async () => {
    const since = idFloorAt(Date.now() - options.config.liveReplayWindowMs);
    for (;;) {
      const page = await allEventsAfter(options.orm, { after: published.toString(), since, limit: CATCH_UP_PAGE });
      for (const event of page) await publish(event);
      if (page.length < CATCH_UP_PAGE) return;
    }
  };

  /**
   * Runs publishCommitted once more after whatever is queued; requests meanwhile share it
   * (a burst of notifications costs one query). A failure is retried shortly, from the
   * last position published, so nothing is skipped.
   */
  let pending = false;
  let leading = false;
  const requestPublish = () => {
    if (pending || !leading) return;
    pending = true;
    enqueue(async () => {
      pending = false;
      try {
        await publishCommitted();
      } catch (error) {
        log.error({ err: error }, 'live relay publish failed; retrying');
        setTimeout(requestPublish, RETRY_MS).unref();
      }
    });
  };

  /**
   * Where this leader starts: the position its predecessors recorded, or, with nothing
   * recorded (the first leader, or Redis lost its data), the last event committed now.
   */
  const takeOver = async () => {
    const recorded = await redis!.get(positionKey);
    published = BigInt(recorded ?? (await lastPosition(options.orm)));
  };

  /** Relays until the lock's session ends or the worker stops. */
  const lead = async (lock: pg.Client) => {
    const lost = new Promise<void>((resolve) => {
      lock.once('error', () => resolve());
      lock.once('end', () => resolve());
    });
    await takeOver();
    log.info('live relay leading: publishing committed events to Redis');
    let listener: OutboxListener | undefined;
    leading = true;
    try {
      // A notification only says that something committed: what to publish is read by position.
      listener = await listenForOutbox({ databaseUrl: options.databaseUrl, logger: log, onNotification: requestPublish, onReconnect: requestPublish });
      requestPublish();
      await Promise.race([lost, stopping]);
    } finally {
      leading = false;
      await listener?.close();
      await publishing;
    }
  };

  const tryToLead = async () => {
    const lock = new pg.Client({ connectionString: options.databaseUrl, keepAlive: true });
    lock.on('error', (error) => log.warn({ err: error }, 'live relay lock connection lost'));
    try {
      await lock.connect();
      const { rows } = await lock.query<{ held: boolean }>('select pg_try_advisory_lock(hashtext($1)) as held', [LEADER_LOCK]);
      if (rows[0]?.held) await lead(lock);
    } catch (error) {
      log.warn({ err: error }, 'live relay could not lead');
    } finally {
      await lock.end().catch(() => undefined);
    }
  };

  const runCampaign = async () => {
    while (!stopped) {
      await tryToLead();
      await Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, options.standbyRetryMs ?? 1000).unref())]);
    }
  };

  return {
    name: 'live-relay',
    async start() {
      redis = new Redis(options.config.redisUrl!, { maxRetriesPerRequest: null });
      redis.on('error', (error) => log.warn({ err: error }, 'live relay Redis connection error'));
      campaign = runCampaign();
    },
    async stop() {
      stopped = true;
      stop();
      await campaign;
      redis?.disconnect();
    },
  };
}
