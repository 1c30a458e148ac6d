import type { EntityManager } from '@mikro-orm/postgresql';
import { OPEN_STATUSES } from './delivery.entity.js';

/** What a subscription is still owed: how many deliveries, how many in flight now, since when. */
export interface SubscriptionBacklog {
  owed: number;
  /** Attempts under way right now: deliveries with a live lease, in any dispatcher process. */
  inFlight: number;
  /** When its oldest owed delivery was made; null when it is owed nothing. */
  oldestOwedAt: string | null;
}

const NOTHING_OWED: SubscriptionBacklog = { owed: 0, inFlight: 0, oldestOwedAt: null };

/**
 * The backlogs of a seller's subscriptions, in one statement: their open deliveries, read
 * through the partial index of open deliveries (which leads with the subscription), so
 * the cost is what they owe, not what they were ever sent.
 */
export async function subscriptionBacklogs(em: EntityManager, sellerId: string, subscriptionIds: readonly string[]): Promise<Map<string, SubscriptionBacklog>> {
  const backlogs = new Map<string, SubscriptionBacklog>(subscriptionIds.map((id) => [id, NOTHING_OWED]));
  if (subscriptionIds.length === 0) return backlogs;
  const rows = await em.execute<{ subscription_id: string; owed: string; in_flight: string; oldest: Date }[]>(
    `select subscription_id, count(*) as owed, count(*) filter (where lease_expires_at > now()) as in_flight, min(created_at) as oldest
       from webhook_delivery
      where subscription_id = any(?::uuid[]) and seller_id = ? and status in ${OPEN_STATUSES}
      group by subscription_id`,
    [`{${subscriptionIds.join(',')}}`, sellerId],
  );
  for (const row of rows) {
    backlogs.set(row.subscription_id, { owed: Number(row.owed), inFlight: Number(row.in_flight), oldestOwedAt: new Date(row.oldest).toISOString() });
  }
  return backlogs;
}
