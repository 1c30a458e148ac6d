import type { EntityManager } from '@mikro-orm/postgresql';
import type { Scope } from '../auth/scopes.js';
import type { Caller } from '../auth/service.js';
import { isUuid } from '../db/ids.js';
import { AppError, notFound } from '../errors.js';
import { OutboxEvent } from '../events/outbox-event.entity.js';
import { requireReadScopes } from '../events/read-scopes.js';
import { decodeCursor, pageOf, viewPage, type Page, type PageRequest } from '../http/pagination.js';
import { WebhookAttempt, WebhookDelivery } from './delivery.entity.js';
import { policyFor, readsEventData, type SubscriptionKind } from './policy.js';
import type { DeliveryFilter } from './schemas.js';
import { assertActive } from './subscription-service.js';
import { WebhookSubscription } from './subscription.entity.js';
import { deliveryView, type DeliveryView } from './views.js';

/** The delivery log as the caller may read it (see deliveryViews), newest first, deleted subscriptions' deliveries included. */
export async function listDeliveryViews(em: EntityManager, caller: Caller, filter: DeliveryFilter, page: PageRequest): Promise<Page<DeliveryView>> {
  return viewPage(await listDeliveries(em, caller.sellerId, filter, page), (deliveries) => deliveryViews(em, deliveries, caller.scopes));
}

/** One delivery with its attempts, as the caller may read it. */
export async function getDeliveryView(em: EntityManager, caller: Caller, id: string): Promise<DeliveryView> {
  return (await deliveryViews(em, [await getDelivery(em, caller.sellerId, id)], caller.scopes))[0]!;
}

async function listDeliveries(em: EntityManager, sellerId: string, filter: DeliveryFilter, page: PageRequest): Promise<Page<WebhookDelivery>> {
  const before = page.cursor ? decodeCursor(page.cursor, ['uuid'])[0] : undefined;
  const rows = await em.find(
    WebhookDelivery,
    {
      seller: sellerId,
      ...(filter.subscriptionId ? { subscription: filter.subscriptionId } : {}),
      ...(filter.event ? { eventType: filter.event } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(before ? { id: { $lt: before } } : {}),
    },
    { orderBy: { id: 'desc' }, limit: page.limit + 1 },
  );
  return pageOf(rows, page.limit, deliveryCursor);
}

export const deliveryCursor = (delivery: { id: string }) => [delivery.id];

/** The seller's deliveries with these ids, as the caller may see them (node(id:)); ids must be UUIDs. */
export async function findDeliveryViews(em: EntityManager, caller: Caller, ids: readonly string[]): Promise<DeliveryView[]> {
  return deliveryViews(em, await em.find(WebhookDelivery, { id: { $in: [...ids] }, seller: caller.sellerId }), caller.scopes);
}

async function getDelivery(em: EntityManager, sellerId: string, id: string): Promise<WebhookDelivery> {
  const delivery = isUuid(id) ? await em.findOne(WebhookDelivery, { id, seller: sellerId }) : null;
  if (!delivery) throw notFound('Webhook delivery');
  return delivery;
}

/** Attempts of each delivery, in order (one query for a page). */
export async function attemptsOf(em: EntityManager, deliveryIds: readonly string[]): Promise<Map<string, WebhookAttempt[]>> {
  const attempts = deliveryIds.length
    ? await em.find(WebhookAttempt, { delivery: { $in: [...deliveryIds] } }, { orderBy: { number: 'asc' } })
    : [];
  const byDelivery = new Map<string, WebhookAttempt[]>(deliveryIds.map((id) => [id, []]));
  for (const attempt of attempts) byDelivery.get(attempt.delivery)?.push(attempt);
  return byDelivery;
}

/** The body each delivery POSTs and its subscription's kind, by delivery id (one query per table for a page). */
async function payloadsOf(em: EntityManager, deliveries: readonly WebhookDelivery[]): Promise<Map<string, { kind: SubscriptionKind; body: unknown }>> {
  if (deliveries.length === 0) return new Map();
  const events = await em.find(OutboxEvent, { id: { $in: deliveries.map((delivery) => delivery.event) } });
  const kinds = await kindsOf(em, deliveries);
  const eventById = new Map(events.map((event) => [event.id, event]));
  return new Map(
    deliveries.map((delivery) => {
      const event = eventById.get(delivery.event);
      const kind = kinds.get(delivery.subscription) ?? 'interface';
      return [delivery.id, { kind, body: event ? policyFor(kind).body(event) : null }];
    }),
  );
}

async function kindsOf(em: EntityManager, deliveries: readonly WebhookDelivery[]): Promise<Map<string, SubscriptionKind>> {
  const subscriptions = await em.find(WebhookSubscription, {
    id: { $in: [...new Set(deliveries.map((delivery) => delivery.subscription))] },
  });
  return new Map(subscriptions.map((subscription) => [subscription.id, subscription.kind]));
}

/**
 * Sends a finished delivery again by hand, with a fresh round of attempts and the same
 * webhook-id (receivers that already processed it recognise it); answers it as the
 * caller may read it.
 */
export async function redeliver(em: EntityManager, caller: Caller, id: string): Promise<DeliveryView> {
  const { sellerId } = caller;
  // One transaction: the answer shows the delivery as queued, not as a dispatcher that
  // claimed it a moment later left it (our row lock keeps them off until commit).
  const delivery = await em.transactional(async (tx) => {
    const delivery = await getDelivery(tx, sellerId, id);
    const subscription = await tx.findOneOrFail(WebhookSubscription, { id: delivery.subscription, seller: sellerId });
    // Sending an event again is reading it again: the caller must read its data.
    requireReadScopes(caller.scopes, [delivery.eventType], (type) => policyFor(subscription.kind).readScope(type));
    if (delivery.status === 'pending' || delivery.status === 'retrying') {
      throw new AppError('CONFLICT', `The delivery is already ${delivery.status}`);
    }
    assertActive(subscription);
    const [row] = await tx.execute<{ id: string }[]>(
      `update webhook_delivery
          set status = 'pending', attempts_in_round = 0, next_attempt_at = now(), completed_at = null, updated_at = now()
        where id = ? and seller_id = ? and status not in ('pending', 'retrying')
        returning id`,
      [id, sellerId],
    );
    if (!row) throw new AppError('CONFLICT', 'The delivery was queued again meanwhile');
    await tx.refresh(delivery);
    return delivery;
  });
  return (await deliveryViews(em, [delivery], caller.scopes))[0]!;
}

/**
 * Deliveries as REST and GraphQL show them: attempts and payloads in one query each.
 * A delivery whose event the reader's scopes cannot read is listed without its data and
 * without the receivers' answers (a receiver may echo what it got).
 */
async function deliveryViews(em: EntityManager, deliveries: WebhookDelivery[], reader: ReadonlySet<Scope>): Promise<DeliveryView[]> {
  const attempts = await attemptsOf(em, deliveries.map((delivery) => delivery.id));
  const payloads = await payloadsOf(em, deliveries);
  return deliveries.map((delivery) => {
    const { kind, body } = payloads.get(delivery.id)!;
    const readable = readsEventData(reader, kind, delivery.eventType);
    return deliveryView(delivery, attempts.get(delivery.id) ?? [], readable ? { payload: body } : { payload: withoutData(body), withheld: true });
  });
}

function withoutData(body: unknown): unknown {
  if (body === null || typeof body !== 'object') return body;
  const { data: _data, ...rest } = body as Record<string, unknown>;
  return rest;
}
