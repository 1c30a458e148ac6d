import { APPLICATION_REMOVED } from '../auth/auth.events.js';
import { newId } from '../db/ids.js';
import { prepared } from '../db/prepared.js';
import type { CommittedEvent, FanoutTarget } from '../webhooks/fanout.js';
import type { RunStatement } from '../webhooks/queue-database.js';
import { generateWebhookSecret } from '../webhooks/signing.js';
import { PLATFORM_PRODUCT_EVENT_NAMES, type PlatformProduct } from './platform-products.js';

interface Match {
  event_id: string;
  seller_id: string;
  registration_id: string;
  product: PlatformProduct;
  url: string;
  events: string[];
  /** The registration's subscription for the event's seller, if the fan-out made it before. */
  subscription_id: string | null;
  open: boolean | null;
}

/**
 * The per-product audience of the fan-out (src/webhooks/fanout.ts): which registrations
 * receive which events of the batch, as deliveries to the registration's subscription for
 * the event's seller (created here the first time). Plain statements on the fan-out's
 * own connection and transaction (`run`), like the rest of the fan-out.
 */
export async function productWebhookTargets(run: RunStatement, events: readonly CommittedEvent[]): Promise<FanoutTarget[]> {
  const candidates = events.filter((event) => PLATFORM_PRODUCT_EVENT_NAMES.has(event.type));
  if (candidates.length === 0) return [];
  const matches = await run<Match>(MATCHING_REGISTRATIONS, [`{${candidates.map((event) => event.id).join(',')}}`, APPLICATION_REMOVED.name]);
  if (matches.length === 0) return [];
  const subscriptions = await subscriptionsOf(run, matches);
  return matches.flatMap((match) => {
    const subscription = subscriptions.get(pairKey(match.registration_id, match.seller_id))!;
    return subscription.open ? [{ eventId: match.event_id, subscriptionId: subscription.id }] : [];
  });
}

/**
 * An app receives a seller's events only if one of that seller's installation periods
 * covers the moment of the event (not of the fan-out: an uninstall right after a change
 * must not drop the change's delivery, and the gap between an uninstall and a reinstall
 * stays silent), and
 * `aplicativo.removido` (whose aggregate is the application) only for its own removal.
 * `FOR SHARE` on the registrations makes deleting one wait for this fan-out to commit,
 * so the delete then sees (and retires) the subscriptions created here. Each match
 * brings the subscription that delivers it, if it exists already.
 */
const MATCHING_REGISTRATIONS = prepared(
  'ponte_product_fanout_match',
  `select e.id as event_id, e.seller_id, r.id as registration_id, r.product, r.url, r.events,
          s.id as subscription_id, (s.active and s.deleted_at is null) as open
     from outbox_event e
     join product_webhook r on r.deleted_at is null and e.type = any(r.events)
     left join product_webhook_subscription l on l.product_webhook_id = r.id and l.seller_id = e.seller_id
     left join webhook_subscription s on s.id = l.subscription_id
    where e.id = any(?::uuid[])
      and case when e.type = ? then r.application_id::text = e.aggregate_id
               else exists (select 1 from installation i
                             where i.application_id = r.application_id and i.seller_id = e.seller_id
                               and i.installed_at <= e.created_at
                               and (i.uninstalled_at is null or i.uninstalled_at > e.created_at))
          end
      for share of r`,
);

/** The missing (registration, seller) pairs' subscriptions and the links that name them, in one statement. */
const CREATE_SUBSCRIPTIONS = prepared(
  'ponte_product_fanout_subscribe',
  `with missing as (
     select * from jsonb_to_recordset(?::jsonb)
       as m(link_id uuid, registration_id uuid, subscription_id uuid, seller_id uuid, kind text, url text, events text[], secret text)
   ), created as (
     -- The registration is the destination: one application's receiver, whichever seller's events it takes.
     insert into webhook_subscription (id, seller_id, kind, url, destination_id, events, secret, created_at, updated_at)
     select subscription_id, seller_id, kind, url, registration_id, events, secret, now(), now() from missing
     returning id
   )
   insert into product_webhook_subscription (id, product_webhook_id, seller_id, subscription_id, created_at)
   select m.link_id, m.registration_id, m.seller_id, m.subscription_id, now()
     from missing m join created c on c.id = m.subscription_id`,
);

const pairKey = (registrationId: string, sellerId: string) => `${registrationId}:${sellerId}`;

/** The subscriptions of the matched (registration, seller) pairs, creating the missing ones. */
async function subscriptionsOf(run: RunStatement, matches: readonly Match[]): Promise<Map<string, { id: string; open: boolean }>> {
  const found = new Map<string, { id: string; open: boolean }>();
  const missing = new Map<string, Match>();
  for (const match of matches) {
    const key = pairKey(match.registration_id, match.seller_id);
    if (match.subscription_id) found.set(key, { id: match.subscription_id, open: match.open === true });
    else missing.set(key, match);
  }
  if (missing.size === 0) return found;
  const created = [...missing.values()].map((match) => ({
    link_id: newId(),
    registration_id: match.registration_id,
    subscription_id: newId(),
    seller_id: match.seller_id,
    kind: match.product,
    url: match.url,
    events: match.events,
    // Product deliveries carry no signature; the column is required of every kind.
    secret: generateWebhookSecret(),
  }));
  await run(CREATE_SUBSCRIPTIONS, [JSON.stringify(created)]);
  for (const row of created) found.set(pairKey(row.registration_id, row.seller_id), { id: row.subscription_id, open: true });
  return found;
}
