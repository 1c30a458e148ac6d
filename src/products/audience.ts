import type { EntityManager } from '@mikro-orm/postgresql';
import { OrmTransactionNeeded, type CommittedEvent, type FanoutTarget } from '../webhooks/fanout.js';
import { generateWebhookSecret } from '../webhooks/signing.js';
import { WebhookSubscription } from '../webhooks/subscription.entity.js';
import { PLATFORM_PRODUCT_EVENTS, PLATFORM_PRODUCT_RULES, PLATFORM_PRODUCTS, type PlatformProduct } from './platform-products.js';
import { RegistrationSubscription } from './registration-subscription.entity.js';

const PRODUCT_EVENT_NAMES = new Set(PLATFORM_PRODUCTS.flatMap((product) => PLATFORM_PRODUCT_RULES[product].events));

interface Match {
  event_id: string;
  seller_id: string;
  registration_id: string;
  product: PlatformProduct;
  url: string;
  events: string[];
}

/**
 * The per-product audience of the fan-out (src/webhooks/fanout.ts, in its transaction): which registrations receive which events of the batch, as deliveries to
 * the registration's subscription for the event's seller (created here the first time).
 */
export async function productWebhookTargets(em: EntityManager | undefined, events: readonly CommittedEvent[]): Promise<FanoutTarget[]> {
  const candidates = events.filter((event) => PRODUCT_EVENT_NAMES.has(event.type));
  if (candidates.length === 0) return [];
  // It may create subscriptions, through the ORM.
  if (!em) throw new OrmTransactionNeeded();
  const matches = await matchingRegistrations(em, candidates);
  if (matches.length === 0) return [];
  const subscriptions = await subscriptionsOf(em, matches);
  return matches.flatMap((match) => {
    const subscription = subscriptions.get(pairKey(match.registration_id, match.seller_id));
    return subscription?.open ? [{ eventId: match.event_id, subscriptionId: subscription.id }] : [];
  });
}

/**
 * An app receives a seller's events only if one of that seller's installation periods
 * covers the moment of the event (not of the fan-out: an uninstall right after a change
 * must not drop the change's delivery, and the gap between an uninstall and a reinstall
 * stays silent), and
 * `aplicativo.removido` (whose aggregate is the application) only for its own removal.
 * `FOR SHARE` on the registrations makes deleting one wait for this fan-out to commit,
 * so the delete then sees (and retires) the subscriptions created here.
 */
async function matchingRegistrations(em: EntityManager, events: readonly CommittedEvent[]): Promise<Match[]> {
  const rows = events.map(() => '(?::uuid, ?::uuid, ?::text, ?::text, ?::timestamptz)').join(', ');
  return em.execute<Match[]>(
    `select b.event_id, b.seller_id, r.id as registration_id, r.product, r.url, r.events
       from (values ${rows}) as b(event_id, seller_id, type, aggregate_id, created_at)
       join product_webhook r on r.deleted_at is null and b.type = any(r.events)
      where case when b.type = ? then r.application_id::text = b.aggregate_id
                 else exists (select 1 from installation i
                               where i.application_id = r.application_id and i.seller_id = b.seller_id
                                 and i.installed_at <= b.created_at
                                 and (i.uninstalled_at is null or i.uninstalled_at > b.created_at))
            end
      for share of r`,
    [
      ...events.flatMap((event) => [event.id, event.seller_id, event.type, event.aggregate_id, event.created_at]),
      PLATFORM_PRODUCT_EVENTS.applicationRemoved,
    ],
  );
}

const pairKey = (registrationId: string, sellerId: string) => `${registrationId}:${sellerId}`;

/** Existing subscriptions of the matched (registration, seller) pairs, creating the missing ones. */
async function subscriptionsOf(em: EntityManager, matches: readonly Match[]): Promise<Map<string, { id: string; open: boolean }>> {
  const pairs = new Map(matches.map((match) => [pairKey(match.registration_id, match.seller_id), match]));
  const existing = await em.execute<{ product_webhook_id: string; seller_id: string; id: string; open: boolean }[]>(
    `select l.product_webhook_id, l.seller_id, s.id, (s.active and s.deleted_at is null) as open
       from product_webhook_subscription l join webhook_subscription s on s.id = l.subscription_id
      where (l.product_webhook_id, l.seller_id) in (${[...pairs.keys()].map(() => '(?::uuid, ?::uuid)').join(', ')})`,
    [...pairs.values()].flatMap((match) => [match.registration_id, match.seller_id]),
  );
  const found = new Map(existing.map((row) => [pairKey(row.product_webhook_id, row.seller_id), { id: row.id, open: row.open }]));
  const missing = [...pairs.entries()].filter(([key]) => !found.has(key)).map(([, match]) => match);
  if (missing.length > 0) {
    const created = missing.map((match) => Object.assign(new WebhookSubscription(), {
      seller: match.seller_id,
      kind: match.product,
      url: match.url,
      events: match.events,
      // Product deliveries carry no signature; the column is required of every kind.
      secret: generateWebhookSecret(),
    }));
    await em.insertMany(WebhookSubscription, created);
    await em.insertMany(
      RegistrationSubscription,
      created.map((subscription, index) =>
        Object.assign(new RegistrationSubscription(), {
          productWebhook: missing[index]!.registration_id,
          seller: subscription.seller,
          subscription: subscription.id,
        }),
      ),
    );
    created.forEach((subscription, index) => found.set(pairKey(missing[index]!.registration_id, subscription.seller), { id: subscription.id, open: true }));
  }
  return found;
}
