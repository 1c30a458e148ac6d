import { raw, type RawQueryFragment } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../auth/auth.service.js';
import { isUuid } from '../db/ids.js';
import { ALL_SELLERS } from '../db/orm.js';
import { AppError, notFound } from '../errors.js';
import { OutboxEvent } from '../events/outbox-event.entity.js';
import { requireReadScopes } from '../events/read-scopes.js';
import { decodeCursor, pageOf, viewPage, type Page, type PageRequest } from '../http/pagination.js';
import { isOpen, OPEN_STATUSES, WebhookAttempt, WebhookDelivery } from './delivery.entity.js';
import { policyFor, readsEventData, type SubscriptionKind } from './policy.js';
import type { DeliveryFilter } from './webhooks.schemas.js';
import { assertActive } from './subscription.service.js';
import { WebhookSubscription } from './subscription.entity.js';
import { DELIVERY_ATTEMPTS_SHOWN, deliveryView, type DeliveryView, type LoggedAttempt } from './webhooks.views.js';

/**
 * Whose delivery log is read. A seller reads its own subscriptions' deliveries (the
 * webhooks interface and portal v2, kind `interface`), with the data its scopes read; an
 * application reads those of its own per-product registrations, across the sellers that
 * installed it (src/products builds that reader). Neither sees the other's deliveries,
 * nor sends them again.
 */
export interface DeliveryReader {
  /**
   * A plain SQL select of the ids of the subscriptions whose deliveries this reader sees.
   * Plain SQL, not a query builder: reading the log must neither lock nor wait for the
   * subscription rows a dispatcher holds while it records an attempt.
   */
  subscriptions(): RawQueryFragment;
  /** The reader's seller; undefined for a reader across sellers (an application). */
  sellerId: string | undefined;
  /** Whether the reader sees the data of this event as subscriptions of this kind carry it. */
  readsData(kind: SubscriptionKind, eventType: string): boolean;
  /** Throws when the reader may not send this event again (it would read it again). */
  assertMayResend(kind: SubscriptionKind, eventType: string): void;
}

/** The seller's own log: subscriptions of kind `interface`, data as the token's scopes read it. */
export function sellerReader(caller: Caller): DeliveryReader {
  return {
    sellerId: caller.sellerId,
    subscriptions: () => raw(`select id from webhook_subscription where seller_id = ? and kind = 'interface'`, [caller.sellerId]),
    readsData: (kind, eventType) => readsEventData(caller.scopes, kind, eventType),
    // Sending an event again is reading it again: the caller must read its data.
    assertMayResend: (kind, eventType) => requireReadScopes(caller.scopes, [eventType], (type) => policyFor(kind).readScope(type)),
  };
}

/** Rows of every seller for a reader across sellers; the seller's own filter otherwise. */
const findOptions = (reader: DeliveryReader) => (reader.sellerId ? {} : ALL_SELLERS);

/** The delivery log as the reader may read it (see deliveryViews), newest first, deleted subscriptions' deliveries included. */
export async function listDeliveryViews(em: EntityManager, reader: DeliveryReader, filter: DeliveryFilter, page: PageRequest): Promise<Page<DeliveryView>> {
  return viewPage(await listDeliveries(em, reader, filter, page), (deliveries) => deliveryViews(em, deliveries, reader));
}

/** One delivery with its attempts, as the reader may read it. */
export async function getDeliveryView(em: EntityManager, reader: DeliveryReader, id: string): Promise<DeliveryView> {
  return (await deliveryViews(em, [await getDelivery(em, reader, id)], reader))[0]!;
}

async function listDeliveries(em: EntityManager, reader: DeliveryReader, filter: DeliveryFilter, page: PageRequest): Promise<Page<WebhookDelivery>> {
  const before = page.cursor ? decodeCursor(page.cursor, ['uuid'])[0] : undefined;
  const rows = await em.find(
    WebhookDelivery,
    {
      ...(reader.sellerId ? { seller: reader.sellerId } : {}),
      subscription: filter.subscriptionId ? { $eq: filter.subscriptionId, $in: reader.subscriptions() } : { $in: reader.subscriptions() },
      ...(filter.event ? { eventType: filter.event } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(before ? { id: { $lt: before } } : {}),
    },
    { orderBy: { id: 'desc' }, limit: page.limit + 1, ...findOptions(reader) },
  );
  return pageOf(rows, page.limit, deliveryCursor);
}

export const deliveryCursor = (delivery: { id: string }) => [delivery.id];

/** The reader's deliveries with these ids, as it may see them (node(id:)); ids must be UUIDs. */
export async function findDeliveryViews(em: EntityManager, reader: DeliveryReader, ids: readonly string[]): Promise<DeliveryView[]> {
  const deliveries = await em.find(
    WebhookDelivery,
    { id: { $in: [...ids] }, ...(reader.sellerId ? { seller: reader.sellerId } : {}), subscription: { $in: reader.subscriptions() } },
    findOptions(reader),
  );
  return deliveryViews(em, deliveries, reader);
}

/** Another reader's delivery is simply absent (404). */
async function getDelivery(em: EntityManager, reader: DeliveryReader, id: string): Promise<WebhookDelivery> {
  const delivery = isUuid(id)
    ? await em.findOne(
        WebhookDelivery,
        { id, ...(reader.sellerId ? { seller: reader.sellerId } : {}), subscription: { $in: reader.subscriptions() } },
        findOptions(reader),
      )
    : null;
  if (!delivery) throw notFound('Webhook delivery');
  return delivery;
}

/** The number of the first attempt a delivery's view lists. */
function firstShown(delivery: WebhookDelivery): number {
  return Math.max(1, delivery.attemptCount - DELIVERY_ATTEMPTS_SHOWN + 1);
}

/**
 * Attempts of each delivery, in order: the first from the delivery's own row, the later
 * ones from webhook_attempt (a first attempt logged before the row held it is there too),
 * in one query for a page, and none when no delivery on it has any there; the latest
 * DELIVERY_ATTEMPTS_SHOWN of each. They are read after the deliveries, so an attempt
 * recorded in between is left out: recording moves a delivery's `attemptCount` and logs
 * its attempt in one statement, and a view shows the attempts its delivery's status has
 * counted (never four attempts beside the status before the fourth).
 */
async function attemptsOf(em: EntityManager, deliveries: readonly WebhookDelivery[], reader: DeliveryReader): Promise<Map<string, LoggedAttempt[]>> {
  // Most deliveries have no attempt but the one on their row: those need no read.
  const withRows = deliveries.filter((delivery) => delivery.attemptCount > (delivery.firstAttempt ? 1 : 0));
  const attempts = withRows.length
    ? await em.find(
        WebhookAttempt,
        { $or: withRows.map((delivery) => ({ delivery: delivery.id, number: { $gte: firstShown(delivery), $lte: delivery.attemptCount } })) },
        { orderBy: { number: 'asc' }, ...findOptions(reader) },
      )
    : [];
  const byDelivery = new Map<string, LoggedAttempt[]>(deliveries.map((delivery) => [delivery.id, firstAttemptOf(delivery)]));
  for (const attempt of attempts) byDelivery.get(attempt.delivery)!.push({ number: attempt.number, ...attempt.log });
  return byDelivery;
}

/** The first attempt as the delivery's row holds it, when the view lists it: none, or a list of one. */
function firstAttemptOf(delivery: WebhookDelivery): LoggedAttempt[] {
  return delivery.firstAttempt && firstShown(delivery) === 1 ? [{ number: 1, ...delivery.firstAttempt }] : [];
}

/** The body each delivery POSTs and its subscription's kind, by delivery id (one query per table for a page). */
async function payloadsOf(
  em: EntityManager,
  deliveries: readonly WebhookDelivery[],
  reader: DeliveryReader,
): Promise<Map<string, { kind: SubscriptionKind; body: unknown }>> {
  if (deliveries.length === 0) return new Map();
  const events = await em.find(OutboxEvent, { id: { $in: deliveries.map((delivery) => delivery.event) } }, findOptions(reader));
  const kinds = await kindsOf(em, deliveries, reader);
  const eventById = new Map(events.map((event) => [event.id, event]));
  return new Map(
    deliveries.map((delivery) => {
      const event = eventById.get(delivery.event);
      const kind = kinds.get(delivery.subscription) ?? 'interface';
      return [delivery.id, { kind, body: event ? policyFor(kind).body(event) : null }];
    }),
  );
}

async function kindsOf(em: EntityManager, deliveries: readonly WebhookDelivery[], reader: DeliveryReader): Promise<Map<string, SubscriptionKind>> {
  const subscriptions = await em.find(
    WebhookSubscription,
    { id: { $in: [...new Set(deliveries.map((delivery) => delivery.subscription))] } },
    findOptions(reader),
  );
  return new Map(subscriptions.map((subscription) => [subscription.id, subscription.kind]));
}

/**
 * Sends a finished delivery again by hand, with a fresh round of attempts and the same
 * webhook-id (receivers that already processed it recognise it); answers it as the
 * reader may read it.
 */
export async function redeliver(em: EntityManager, reader: DeliveryReader, id: string): Promise<DeliveryView> {
  // One transaction: the answer shows the delivery as queued, not as a dispatcher that
  // claimed it a moment later left it (our row lock keeps them off until commit).
  const delivery = await em.transactional(async (tx) => {
    const delivery = await getDelivery(tx, reader, id);
    const subscription = await tx.findOneOrFail(WebhookSubscription, { id: delivery.subscription, seller: delivery.seller }, findOptions(reader));
    reader.assertMayResend(subscription.kind, delivery.eventType);
    if (isOpen(delivery.status)) {
      throw new AppError('CONFLICT', `The delivery is already ${delivery.status}`);
    }
    assertActive(subscription);
    const [row] = await tx.execute<{ id: string }[]>(
      `update webhook_delivery
          set status = 'pending', attempts_in_round = 0, next_attempt_at = now(), completed_at = null, updated_at = now()
        where id = ? and seller_id = ? and status not in ${OPEN_STATUSES}
        returning id`,
      [id, delivery.seller],
    );
    if (!row) throw new AppError('CONFLICT', 'The delivery was queued again meanwhile');
    await tx.refresh(delivery, findOptions(reader));
    return delivery;
  });
  return (await deliveryViews(em, [delivery], reader))[0]!;
}

/**
 * Deliveries as REST and GraphQL show them: attempts and payloads in one query each.
 * A delivery whose event the reader cannot read is listed without its data and
 * without the receivers' answers (a receiver may echo what it got).
 */
async function deliveryViews(em: EntityManager, deliveries: WebhookDelivery[], reader: DeliveryReader): Promise<DeliveryView[]> {
  const attempts = await attemptsOf(em, deliveries, reader);
  const payloads = await payloadsOf(em, deliveries, reader);
  return deliveries.map((delivery) => {
    const { kind, body } = payloads.get(delivery.id)!;
    const readable = reader.readsData(kind, delivery.eventType);
    return deliveryView(delivery, attempts.get(delivery.id) ?? [], readable ? { payload: body } : { payload: withoutData(body), withheld: true });
  });
}

function withoutData(body: unknown): unknown {
  if (body === null || typeof body !== 'object') return body;
  const { data: _data, ...rest } = body as Record<string, unknown>;
  return rest;
}
