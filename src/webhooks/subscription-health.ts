import type { EntityManager } from '@mikro-orm/postgresql';
import type { DisabledReason, WebhookSubscription } from './subscription.entity.js';
import { OPEN_STATUSES } from './delivery.entity.js';

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

/**
 * Ends the runs of failures of the subscriptions of the successes being recorded: CTEs
 * for a statement that defines `attempt` (one row per success, with `subscription_id` and
 * `seller_id`) and waits for `healthy` before it touches a delivery, so that subscription
 * rows are locked before delivery rows, the order every writer of both follows. A healthy
 * subscription's `last_success_at` is refreshed at most once a second: a busy endpoint's
 * successes would otherwise all queue on its one row. Rows are locked in id order, so two
 * dispatchers recording successes of the same subscriptions cannot deadlock.
 */
export const SUCCESS_HEALTH_CTES = `health_due as (
     select s.id
       from webhook_subscription s
      where (s.id, s.seller_id) in (select subscription_id, seller_id from attempt)
        and (s.consecutive_failures > 0 or s.last_success_at is null or s.last_success_at < now() - interval '1 second')
      order by s.id
        for no key update of s
   ), healthy as (
     update webhook_subscription s
        set consecutive_failures = 0, failing_since = null, last_success_at = now()
       from health_due
      where s.id = health_due.id
      returning s.id
   )`;

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
      where subscription_id = ? and seller_id = ? and status in ${OPEN_STATUSES}`,
    [status, subscriptionId, sellerId],
  );
}
