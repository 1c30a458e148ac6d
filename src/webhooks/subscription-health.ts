import type { EntityManager } from '@mikro-orm/postgresql';
import { prepared, type RunStatement } from './queue-database.js';
import type { DisabledReason, WebhookSubscription } from './subscription.entity.js';

export const HEALTH_STATES = ['healthy', 'degraded', 'failing', 'disabled'] as const;
export type Health = (typeof HEALTH_STATES)[number];

/** Consecutive failed attempts from which a subscription is `failing` rather than `degraded`. */
export const FAILING_AFTER = 5;

/** By consecutive failed attempts (docs/webhooks.md, "Health"); a subscription never attempted is healthy. */
export function healthOf(subscription: Pick<WebhookSubscription, 'active' | 'consecutiveFailures'>): Health {
  if (!subscription.active) return 'disabled';
  if (subscription.consecutiveFailures === 0) return 'healthy';
  return subscription.consecutiveFailures < FAILING_AFTER ? 'degraded' : 'failing';
}

const RECORD_SUCCESSES = prepared(
  'ponte_webhook_record_successes',
  `with due as (
     select s.id
       from webhook_subscription s
       join jsonb_to_recordset(?::jsonb) as t(id uuid, seller_id uuid) on s.id = t.id and s.seller_id = t.seller_id
      where s.consecutive_failures > 0 or s.last_success_at is null or s.last_success_at < now() - interval '1 second'
      order by s.id
        for no key update of s
   )
   update webhook_subscription s
      set consecutive_failures = 0, failing_since = null, last_success_at = now()
     from due
    where s.id = due.id`,
);

/**
 * Ends the subscriptions' runs of failures. A healthy subscription's `lastSuccessAt` is
 * refreshed at most once a second: a busy endpoint's successes would otherwise all queue
 * on its one row. Rows are locked in id order, so two dispatchers recording successes of
 * the same subscriptions cannot deadlock.
 */
export async function recordSuccesses(run: RunStatement, deliveries: readonly { sellerId: string; subscriptionId: string }[]): Promise<void> {
  const subscriptions = [...new Map(deliveries.map((delivery) => [delivery.subscriptionId, { id: delivery.subscriptionId, seller_id: delivery.sellerId }])).values()];
  await run(RECORD_SUCCESSES, [JSON.stringify(subscriptions)]);
}

/** Counts the failure; answers how long the subscription has been failing without a success. */
export async function recordFailure(
  em: EntityManager,
  sellerId: string,
  subscriptionId: string,
  attemptAt: Date,
): Promise<{ failingForMs: number; active: boolean } | undefined> {
  const [row] = await em.execute<{ failing_for_ms: string; active: boolean }[]>(
    `update webhook_subscription
        set consecutive_failures = consecutive_failures + 1,
            failing_since = coalesce(failing_since, ?),
            last_failure_at = now()
      where id = ? and seller_id = ?
      returning extract(epoch from now() - failing_since) * 1000 as failing_for_ms, active`,
    [attemptAt, subscriptionId, sellerId],
  );
  return row && { failingForMs: Number(row.failing_for_ms), active: row.active };
}

/**
 * Switches a subscription off (by its user, a 410 Gone, or failing too long). What it
 * still owed ends `failed`, so a later recover can send it again. Answers whether this
 * call switched it off (false: it already was).
 */
export async function disableSubscription(
  em: EntityManager,
  sellerId: string,
  subscriptionId: string,
  reason: DisabledReason,
): Promise<boolean> {
  const switched = await em.execute<{ id: string }[]>(
    `update webhook_subscription
        set active = false, disabled_at = now(), disabled_reason = ?, updated_at = now()
      where id = ? and seller_id = ? and active
      returning id`,
    [reason, subscriptionId, sellerId],
  );
  await closeOpenDeliveries(em, sellerId, subscriptionId, 'failed');
  return switched.length > 0;
}

/** Ends every pending or retrying delivery of a subscription (deleted: cancelled; disabled: failed). */
export async function closeOpenDeliveries(
  em: EntityManager,
  sellerId: string,
  subscriptionId: string,
  status: 'failed' | 'cancelled',
): Promise<void> {
  await em.execute(
    `update webhook_delivery
        set status = ?, completed_at = now(), updated_at = now()
      where subscription_id = ? and seller_id = ? and status in ('pending', 'retrying')`,
    [status, subscriptionId, sellerId],
  );
}
