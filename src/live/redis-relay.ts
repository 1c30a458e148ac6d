import { Redis } from 'ioredis';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import { listenForOutbox, type OutboxListener } from '../events/outbox-listener.js';
import type { Worker } from '../kernel/workers.js';
import { allEventsAfter, encodeLiveEvent, idFloorAt, loadEvent, timeOfId, type LiveEvent } from './live-event.js';
import { liveChannel } from './redis-feed.js';

/** Session advisory lock: the relay runs in the one process holding it. */
const LEADER_LOCK = 'ponte_live_relay';
/** A transaction may commit after one with a later id: a catch-up looks this far before its cursor. */
const CATCH_UP_MARGIN_MS = 5000;
const CATCH_UP_PAGE = 500;

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
 * LISTENs to the outbox NOTIFY (sent only on commit), reads each event and publishes it.
 * Each publication also records the event id in Redis (same MULTI); after taking over or
 * reconnecting, the leader publishes what was committed since a little before the last
 * recorded id and is not recorded. At least once (a leader may die between reading an
 * event and publishing it, or Redis may lose its data), so subscribers still drop ids
 * they already delivered.
 */
export function createLiveRelay(options: RelayOptions): Worker {
  const channel = liveChannel(options.config.liveRedisPrefix);
  const cursorKey = `${options.config.liveRedisPrefix}relay-cursor`;
  const publishedKey = `${options.config.liveRedisPrefix}relay-published`;
  const log = options.logger.child({ worker: 'live-relay' });
  let redis: Redis | undefined;
  let stopped = false;
  let stop: () => void = () => undefined;
  const stopping = new Promise<void>((resolve) => (stop = resolve));
  let campaign: Promise<void> = Promise.resolve();
  // Publications run one after the other, so Redis sees events in commit order.
  let publishing = Promise.resolve();

  const enqueue = (task: () => Promise<void>) => {
    publishing = publishing.then(task).catch((error: unknown) => log.error({ err: error }, 'live relay publish failed'));
  };

  /** Publishes and records the id in one Redis transaction, so a takeover knows what went out. */
  const publish = async (event: LiveEvent) => {
    const id = event.envelope.id;
    await redis!
      .multi()
      .publish(channel, encodeLiveEvent(event))
      .zadd(publishedKey, timeOfId(id), id)
      .zremrangebyscore(publishedKey, '-inf', timeOfId(id) - 2 * CATCH_UP_MARGIN_MS)
      .set(cursorKey, id)
      .exec();
  };

  /** Republishes what was committed since a little before the last published event and not published yet. */
  const catchUp = async () => {
    const cursor = await redis!.get(cursorKey);
    if (!cursor) return;
    const from = Math.max(timeOfId(cursor) - CATCH_UP_MARGIN_MS, Date.now() - options.config.liveReplayWindowMs);
    const published = new Set(await redis!.zrangebyscore(publishedKey, from, '+inf'));
    let after = idFloorAt(from);
    for (;;) {
      const page = await allEventsAfter(options.orm, after, CATCH_UP_PAGE);
      for (const event of page) if (!published.has(event.envelope.id)) await publish(event);
      if (page.length < CATCH_UP_PAGE) return;
      after = page.at(-1)!.envelope.id;
    }
  };

  /** Relays until the lock's session ends or the worker stops. */
  const lead = async (lock: pg.Client) => {
    const lost = new Promise<void>((resolve) => {
      lock.once('error', () => resolve());
      lock.once('end', () => resolve());
    });
    log.info('live relay leading: publishing committed events to Redis');
    let listener: OutboxListener | undefined;
    try {
      listener = await listenForOutbox({
        databaseUrl: options.databaseUrl,
        logger: log,
        onNotification: ({ id, sellerId }) =>
          enqueue(async () => {
            const event = await loadEvent(options.orm, sellerId, id);
            if (event) await publish(event);
          }),
        onReconnect: () => enqueue(catchUp),
      });
      enqueue(catchUp);
      await Promise.race([lost, stopping]);
    } finally {
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
