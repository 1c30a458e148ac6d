import { V7_CUTOFF_SELECT } from '../db/ids.js';
import type { Orm } from '../db/orm.js';
import { createPeriodicPurge, type PurgedRows } from '../kernel/purged-rows.js';
import type { Worker, WorkerDeps } from '../kernel/workers.js';

const TABLES = ['channel_inbound'] as const;

/**
 * Notifications that arrived more than `windowMs` ago and are finished (imported, ignored,
 * failed), one batch per statement until a batch comes back short. One still pending (a
 * platform that did not answer, credentials the platform refused) stays however old. Ids
 * are UUID v7, made on arrival: "arrived before the cutoff" is a range of the primary key.
 * Spans sellers by design: retention is the same for everyone.
 */
export async function purgeInboundNotifications(orm: Orm, windowMs: number, batchSize: number, keepGoing: () => boolean = () => true): Promise<PurgedRows<'channel_inbound'>> {
  let purged = 0;
  for (let full = true; full && keepGoing(); ) {
    const deleted = await orm.em.fork().execute<{ id: string }[]>(
      `with cutoff as (${V7_CUTOFF_SELECT}),
       doomed as (
         select i.id from channel_inbound i, cutoff
          where i.id < cutoff.id and i.status <> 'pending'
          order by i.id
          limit ?
          for update of i skip locked
       )
       delete from channel_inbound i using doomed where i.id = doomed.id returning i.id`,
      [windowMs, batchSize],
    );
    purged += deleted.length;
    full = deleted.length === batchSize;
  }
  return { channel_inbound: purged };
}

/** The channel notifications' retention purge: a pass at start and every RETENTION_INTERVAL_MS. */
export function createInboundRetention({ config, orm, logger, metrics }: WorkerDeps): Worker {
  return createPeriodicPurge({
    name: 'channel-inbound-retention',
    intervalMs: config.retentionIntervalMs,
    tables: TABLES,
    purge: (keepGoing) => purgeInboundNotifications(orm, config.retentionChannelInboundMs, config.retentionBatchSize, keepGoing),
    logger,
    metrics,
    message: 'retention: finished channel notifications purged',
  });
}
