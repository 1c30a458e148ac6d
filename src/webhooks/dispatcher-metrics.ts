import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Orm } from '../db/orm.js';
import type { AttemptRecord } from './outcome.js';
import type { DisabledReason } from './subscription.entity.js';

/** What the dispatcher reports at the process's `/metrics`. */
export interface DispatcherMetrics {
  attempted(record: AttemptRecord): void;
  /** An attempt made but not recorded (lease lost, database error): it will be made again. */
  unrecorded(reason: 'lease_lost' | 'error'): void;
  /** A delivery that used its last attempt (or got 410 Gone) and will not be tried again by itself. */
  exhausted(): void;
  /** A subscription the dispatcher switched off. */
  disabled(reason: Exclude<DisabledReason, 'user'>): void;
}

export function dispatcherMetrics(registry: Registry | undefined, orm: Orm): DispatcherMetrics {
  const registers = registry ? [registry] : [];
  const attempts = new Counter({
    name: 'ponte_webhook_attempts_total',
    help: 'Webhook delivery attempts by result: success or the error class',
    labelNames: ['result'],
    registers,
  });
  const duration = new Histogram({
    name: 'ponte_webhook_attempt_duration_seconds',
    help: 'Webhook delivery attempt duration by result',
    labelNames: ['result'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const unrecorded = new Counter({
    name: 'ponte_webhook_attempts_unrecorded_total',
    help: 'Attempts whose outcome could not be recorded and that will be made again',
    labelNames: ['reason'],
    registers,
  });
  const exhausted = new Counter({
    name: 'ponte_webhook_deliveries_exhausted_total',
    help: 'Deliveries that failed for good: their last attempt failed, or the receiver answered 410 Gone',
    registers,
  });
  const disabled = new Counter({
    name: 'ponte_webhook_subscriptions_disabled_total',
    help: 'Subscriptions the dispatcher switched off: gone (410) or failing (for WEBHOOK_DISABLE_AFTER_MS)',
    labelNames: ['reason'],
    registers,
  });
  registerQueueGauges(registers, orm);
  return {
    attempted: (record) => {
      const result = record.error ?? 'success';
      attempts.inc({ result });
      duration.observe({ result }, record.durationMs / 1000);
    },
    unrecorded: (reason) => unrecorded.inc({ reason }),
    exhausted: () => exhausted.inc(),
    disabled: (reason) => disabled.inc({ reason }),
  };
}

interface QueueFigures {
  pending: string;
  retrying: string;
  oldest_due_seconds: number | null;
  fanout_backlog: string;
}

/**
 * The work waiting in the database, read when `/metrics` is scraped (one query over the
 * partial indexes of open deliveries). These figures are the database's, not the
 * process's: every dispatcher reports the same values, so dashboards take `max`, not `sum`.
 */
function registerQueueGauges(registers: Registry[], orm: Orm): void {
  let figures: Promise<QueueFigures> | undefined;
  // One query per scrape for the four gauges: the first gauge collected reads, the others reuse it.
  const read = () =>
    (figures ??= orm.em
      .fork()
      .execute<QueueFigures[]>(
        `select count(*) filter (where status = 'pending') as pending,
                count(*) filter (where status = 'retrying') as retrying,
                extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now())) as oldest_due_seconds,
                (select count(*) from webhook_fanout_queue) as fanout_backlog
           from webhook_delivery
          where status in ('pending', 'retrying')`,
      )
      .then(([row]) => row!)
      .finally(() => setImmediate(() => (figures = undefined))));
  const gauge = (name: string, help: string, value: (row: QueueFigures) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        // A scrape while the database is unreachable keeps the last figures (health says why).
        const row = await read().catch(() => undefined);
        if (row) this.set(value(row));
      },
    });
  gauge('ponte_webhook_deliveries_pending', 'Deliveries not attempted yet (every process reports the database-wide figure)', (row) => Number(row.pending));
  gauge('ponte_webhook_deliveries_retrying', 'Deliveries waiting for a retry (database-wide)', (row) => Number(row.retrying));
  gauge(
    'ponte_webhook_oldest_due_delivery_age_seconds',
    'How long the longest-waiting due delivery has been due; 0 when none is (database-wide)',
    (row) => Math.max(0, Number(row.oldest_due_seconds ?? 0)),
  );
  gauge('ponte_webhook_fanout_backlog', 'Committed events not yet fanned out to subscriptions (database-wide)', (row) => Number(row.fanout_backlog));
}
