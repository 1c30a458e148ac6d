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
  registerBacklogGauges({ registry, orm });
}

/** Subscriptions shown by name in the backlog gauges: those whose oldest owed delivery is oldest. */
export const NAMED_SUBSCRIPTIONS = 10;

interface Backlog {
  subscription_id: string;
  owed: string;
  in_flight: string;
  oldest_owed_seconds: number;
}

/**
 * Which subscriptions are falling behind, database-wide: the NAMED_SUBSCRIPTIONS whose
 * oldest owed delivery is oldest, each with that age, what it owes and what is in flight
 * to it (a live lease, any process), plus how many subscriptions owe anything. A label per
 * subscription for all of them would be a series for each of thousands; these few are
 * the ones an operator acts on, and the count says how wide a problem is.
 */
function registerBacklogGauges({ registry, orm }: MetricsDeps): void {
  const registers = [registry];
  let backlog: Promise<{ named: Backlog[]; owing: number }> | undefined;
  const read = () =>
    (backlog ??= orm.em
      .fork()
      .execute<(Backlog & { owing: string })[]>(
        `select subscription_id, owed, in_flight, oldest_owed_seconds, count(*) over () as owing
           from (select subscription_id, count(*) as owed,
                        count(*) filter (where lease_expires_at > now()) as in_flight,
                        extract(epoch from now() - min(created_at)) as oldest_owed_seconds
                   from webhook_delivery
                  where status in ${OPEN_STATUSES}
                  group by subscription_id) per_subscription
          order by oldest_owed_seconds desc
          limit ${NAMED_SUBSCRIPTIONS}`,
      )
      .then((rows) => ({ named: rows, owing: Number(rows[0]?.owing ?? 0) }))
      .finally(() => setImmediate(() => (backlog = undefined))));
  const named = (name: string, help: string, value: (row: Backlog) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['subscription'],
      registers,
      async collect() {
        const figures = await read().catch(() => undefined);
        if (!figures) return;
        // Only this scrape's subscriptions: one that caught up leaves no stale series behind.
        this.reset();
        for (const row of figures.named) this.set({ subscription: row.subscription_id }, value(row));
      },
    });
  named(
    'ponte_webhook_subscription_oldest_owed_age_seconds',
    `Age of the oldest delivery still owed, for the ${NAMED_SUBSCRIPTIONS} subscriptions where it is oldest (database-wide)`,
    (row) => Math.max(0, Number(row.oldest_owed_seconds)),
  );
  named('ponte_webhook_subscription_owed', `Deliveries owed, for the same ${NAMED_SUBSCRIPTIONS} subscriptions`, (row) => Number(row.owed));
  named('ponte_webhook_subscription_in_flight', `Attempts in flight (a live lease, any dispatcher), for the same ${NAMED_SUBSCRIPTIONS} subscriptions`, (row) => Number(row.in_flight));
  new Gauge({
    name: 'ponte_webhook_subscriptions_owing',
    help: 'Subscriptions owed at least one delivery (database-wide)',
    registers,
    async collect() {
      const figures = await read().catch(() => undefined);
      if (figures) this.set(figures.owing);
    },
  });
}
