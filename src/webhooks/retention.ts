import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import { databaseNow, dropWeeksEndedBy, type Partition } from '../db/partitions.js';
import { createPeriodicPurge, type PurgedRows } from '../kernel/purged-rows.js';
import type { Worker, WorkerDeps } from '../kernel/workers.js';
import { FINISHED_STATUSES, OPEN_STATUSES } from './delivery.entity.js';

export type RetentionWindows = Pick<Config, 'retentionDeliveriesMs' | 'retentionEventsMs'>;

const TABLES = ['webhook_attempt', 'webhook_delivery', 'outbox_event'] as const;
type RetentionTable = (typeof TABLES)[number];

/**
 * A week of deliveries stays while any of them is owed (pending, retrying), whatever its
 * age, or finished within the window: one redelivered by hand is open again, and its
 * window restarts when it finishes. Both read the week's partial indexes.
 */
async function deliveriesHeld(em: EntityManager, week: Partition, windowMs: number): Promise<boolean> {
  const [row] = await em.execute<{ held: boolean }[]>(
    `select exists (select 1 from "${week.name}" where status in ${OPEN_STATUSES})
         or exists (select 1 from "${week.name}" where status in ${FINISHED_STATUSES} and completed_at >= now() - ?::float8 * interval '1 millisecond') as held`,
    [windowMs],
  );
  return row!.held;
}

/**
 * A week of events stays while the fan-out has not taken one of them yet, or a delivery
 * still refers to one (a delivery is sent, and shown, with its event). The window is at
 * least the live replay window (the configuration insists), so a live subscription's
 * `after` still finds its events.
 */
async function eventsHeld(em: EntityManager, week: Partition): Promise<boolean> {
  const [row] = await em.execute<{ held: boolean }[]>(
    `select exists (select 1 from webhook_fanout_queue where event_id >= ? and event_id < ?)
         or exists (select 1 from webhook_delivery where event_id >= ? and event_id < ?) as held`,
    [week.from, week.to, week.from, week.to],
  );
  return row!.held;
}

/**
 * One pass: the weeks of deliveries (with their attempts) that ended before their window
 * and hold nothing owed or recent are dropped, which frees their events; then the weeks
 * of events past theirs that nothing needs. `keepGoing` is asked between weeks.
 */
export async function purgeExpired(orm: Orm, windows: RetentionWindows, keepGoing: () => boolean = () => true): Promise<PurgedRows<RetentionTable>> {
  const now = (await databaseNow(orm.em.fork())).getTime();
  const deliveries = await dropWeeksEndedBy(
    orm,
    ['webhook_delivery', 'webhook_attempt'],
    new Date(now - windows.retentionDeliveriesMs),
    (em, week) => deliveriesHeld(em, week, windows.retentionDeliveriesMs),
    keepGoing,
  );
  const events = await dropWeeksEndedBy(orm, ['outbox_event'], new Date(now - windows.retentionEventsMs), eventsHeld, keepGoing);
  return { webhook_attempt: deliveries.webhook_attempt!, webhook_delivery: deliveries.webhook_delivery!, outbox_event: events.outbox_event! };
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
    message: 'retention: expired weeks dropped',
  });
}
