import type { Config } from '../config.js';
import { V7_CUTOFF_SELECT } from '../db/ids.js';
import type { Orm } from '../db/orm.js';
import { createPeriodicPurge, type PurgedRows } from '../kernel/purged-rows.js';
import type { Worker, WorkerDeps } from '../kernel/workers.js';

export type RetentionWindows = Pick<Config, 'retentionDeliveriesMs' | 'retentionEventsMs' | 'retentionBatchSize'>;

const TABLES = ['webhook_attempt', 'webhook_delivery', 'outbox_event'] as const;
type RetentionTable = (typeof TABLES)[number];

/**
 * Finished deliveries (succeeded, failed, cancelled) whose completion is older than the
 * window, with their attempts, one batch per statement. Open ones (pending, retrying) are
 * never touched, whatever their age; a delivery redelivered by hand is open again, and
 * its window restarts when it finishes. Rows another transaction holds (a redelivery in
 * progress) are skipped, not waited for.
 */
async function purgeDeliveryBatch(orm: Orm, windowMs: number, batchSize: number): Promise<{ attempts: number; deliveries: number }> {
  // Spans sellers by design: retention is the same for everyone.
  const [row] = await orm.em.fork().execute<{ attempts: number; deliveries: number }[]>(
    `with doomed as (
       select id from webhook_delivery
        where status in ('succeeded', 'failed', 'cancelled')
          and completed_at < now() - ?::float8 * interval '1 millisecond'
        order by completed_at
        limit ?
        for update skip locked
     ),
     attempts as (delete from webhook_attempt a using doomed where a.delivery_id = doomed.id returning 1),
     deliveries as (delete from webhook_delivery d using doomed where d.id = doomed.id returning 1)
     select (select count(*) from attempts)::int as attempts, (select count(*) from deliveries)::int as deliveries`,
    [windowMs, batchSize],
  );
  return row!;
}

/**
 * Outbox events older than their window that nothing needs any more: no delivery refers
 * to them (deliveries go first, by their own window) and the fan-out has taken them. The
 * window is at least the live replay window (the configuration insists), so a live
 * subscription's `after` still finds its events. Ids are UUID v7, so "created before the
 * cutoff" is a range of the primary key.
 */
async function purgeEventBatch(orm: Orm, windowMs: number, batchSize: number): Promise<number> {
  const deleted = await orm.em.fork().execute<{ id: string }[]>(
    `with cutoff as (${V7_CUTOFF_SELECT}),
     doomed as (
       select e.id from outbox_event e, cutoff
        where e.id < cutoff.id
          and not exists (select 1 from webhook_delivery d where d.event_id = e.id)
          and not exists (select 1 from webhook_fanout_queue q where q.event_id = e.id)
        order by e.id
        limit ?
        for update of e skip locked
     )
     delete from outbox_event e using doomed where e.id = doomed.id returning e.id`,
    [windowMs, batchSize],
  );
  return deleted.length;
}

/**
 * One pass: batches until a batch comes back short, deliveries first (which frees their
 * events), then events. `keepGoing` is asked between batches, so a shutdown waits for
 * one batch at most.
 */
export async function purgeExpired(orm: Orm, windows: RetentionWindows, keepGoing: () => boolean = () => true): Promise<PurgedRows<RetentionTable>> {
  const purged: PurgedRows<RetentionTable> = { webhook_attempt: 0, webhook_delivery: 0, outbox_event: 0 };
  const batch = windows.retentionBatchSize;
  for (let full = true; full && keepGoing(); ) {
    const { attempts, deliveries } = await purgeDeliveryBatch(orm, windows.retentionDeliveriesMs, batch);
    purged.webhook_attempt += attempts;
    purged.webhook_delivery += deliveries;
    full = deliveries === batch;
  }
  for (let full = true; full && keepGoing(); ) {
    const events = await purgeEventBatch(orm, windows.retentionEventsMs, batch);
    purged.outbox_event += events;
    full = events === batch;
  }
  return purged;
}

/** The retention purge: a pass at start and every RETENTION_INTERVAL_MS. */
export function createRetentionPurge({ config, orm, logger, metrics }: WorkerDeps): Worker {
  return createPeriodicPurge({
    name: 'retention-purge',
    intervalMs: config.retentionIntervalMs,
    tables: TABLES,
    purge: (keepGoing) => purgeExpired(orm, config, keepGoing),
    logger,
    metrics,
    message: 'retention: expired rows purged',
  });
}
