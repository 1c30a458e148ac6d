import type { Orm } from '../db/orm.js';
import { databaseNow, dropWeeksEndedBy } from '../db/partitions.js';
import { createPeriodicPurge, type PurgedRows } from '../kernel/purged-rows.js';
import type { Worker, WorkerDeps } from '../kernel/workers.js';

const TABLES = ['channel_sync_attempt'] as const;

/**
 * The weeks of the sync log that ended more than `windowMs` ago. Nothing there is owed
 * (the queue is channel_sync, one row per value, kept): an attempt is a record of what
 * was sent, and the log shows a row's latest ones.
 */
export async function purgeSyncLog(orm: Orm, windowMs: number, keepGoing: () => boolean = () => true): Promise<PurgedRows<'channel_sync_attempt'>> {
  const cutoff = new Date((await databaseNow(orm.em.fork())).getTime() - windowMs);
  const dropped = await dropWeeksEndedBy(orm, ['channel_sync_attempt'], cutoff, async () => false, keepGoing);
  return { channel_sync_attempt: dropped.channel_sync_attempt! };
}

/** The sync log's retention: a pass at start and every RETENTION_INTERVAL_MS. */
export function createSyncLogRetention({ config, orm, logger, metrics }: WorkerDeps): Worker {
  return createPeriodicPurge({
    name: 'channel-sync-log-retention',
    intervalMs: config.retentionIntervalMs,
    tables: TABLES,
    purge: (keepGoing) => purgeSyncLog(orm, config.retentionSyncLogMs, keepGoing),
    logger,
    metrics,
    message: 'retention: expired weeks of the sync log dropped',
  });
}
