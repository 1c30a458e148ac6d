import { Gauge } from 'prom-client';
import type { MetricsDeps } from '../kernel/ponte-module.js';
import { OPEN_STATUSES } from './delivery.entity.js';

interface QueueFigures {
  pending: string;
  retrying: string;
  oldest_due_seconds: number | null;
  fanout_backlog: string;
}

/**
 * The work waiting in the database, read when `/metrics` is scraped (one query over the
 * partial indexes of open deliveries). These figures are the database's, not the
 * process's: every process, whatever its role, reports the same values, so dashboards
 * take `max`, not `sum`, and an API process shows a backlog no dispatcher is draining.
 */
export function registerQueueGauges({ registry, orm }: MetricsDeps): void {
  const registers = [registry];
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
          where status in ${OPEN_STATUSES}`,
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
