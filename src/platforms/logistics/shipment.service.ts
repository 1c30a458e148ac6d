import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { transactionTime } from '../../db/transaction-time.js';
import { AppError, notFound } from '../../errors.js';
import { recordEvent } from '../../events/outbox.js';
import { decodeCursor, pageOf, viewPage, type Page, type PageRequest } from '../../http/pagination.js';
import { Order } from '../../orders/order.entity.js';
import { isUuid } from '../../db/ids.js';
import type { OrderStatus } from '../../orders/status-machine.js';
import { childrenOf } from '../platforms.loaders.js';
import { carrierChatPosted, freightTracked, trackingUpdated } from './logistics.events.js';
import type { ChatMessageInput, CreateShipmentInput, TrackingEventInput } from './logistics.schemas.js';
import { CarrierChatMessage, Shipment, TrackingEvent } from './shipment.entity.js';
import { claimQuota } from '../../db/quota.js';

/** Only an invoiced order has something to ship; a cancelled one has nothing left to ship. */
const SHIPPABLE: readonly OrderStatus[] = ['faturado', 'enviado', 'entregue'];

async function findOrder(em: EntityManager, orderId: string): Promise<Order> {
  const order = isUuid(orderId) ? await em.findOne(Order, { id: orderId }) : null;
  if (!order) throw notFound('Order');
  return order;
}

/** Shipments of one order, and tracking events of one shipment: lists of their views. */
export const SHIPMENTS_PER_ORDER_MAX = 20;
export const TRACKING_EVENTS_MAX = 100;

export async function createShipment(em: EntityManager, sellerId: string, orderId: string, input: CreateShipmentInput): Promise<Shipment> {
  return em.transactional(async (tx) => {
    const order = await findOrder(tx, orderId);
    if (!SHIPPABLE.includes(order.status)) {
      throw new AppError('CONFLICT', `An order ships once invoiced; this one is ${order.status}`, { status: order.status });
    }
    await claimQuota(tx, {
      key: `shipments:${order.id}`,
      limit: SHIPMENTS_PER_ORDER_MAX,
      what: 'shipments of an order',
      remedy: 'an order ships in at most that many packages',
      count: () => tx.count(Shipment, { order: order.id }),
    });
    const now = await transactionTime(tx);
    const shipment = tx.create(Shipment, {
      seller: sellerId,
      order: order.id,
      carrier: input.carrier,
      trackingCode: input.trackingCode,
      trackingUrl: input.trackingUrl ?? null,
      createdAt: now,
      updatedAt: now,
    });
    try {
      await tx.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new AppError('CONFLICT', `Tracking code ${input.trackingCode} of ${input.carrier} is already a shipment`);
      }
      throw error;
    }
    return shipment;
  });
}

/**
 * Records what the carrier reported. One transaction writes the tracking event and both
 * of its notifications: `frete.rastreio` for the webhooks interface and
 * `rastreio.atualizado` for logistics registrations, with the same data. The shipment's
 * status follows the latest event by `at`, so a late report of an old scan changes nothing.
 */
export async function addTrackingEvent(
  em: EntityManager,
  sellerId: string,
  shipmentId: string,
  input: TrackingEventInput,
): Promise<TrackingEvent> {
  return em.transactional(async (tx) => {
    const shipment = isUuid(shipmentId) ? await tx.findOne(Shipment, { id: shipmentId }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
    if (!shipment) throw notFound('Shipment');
    await claimQuota(tx, {
      key: `tracking-events:${shipment.id}`,
      limit: TRACKING_EVENTS_MAX,
      what: 'tracking events of a shipment',
      remedy: 'the shipment\'s tracking is full',
      count: () => tx.count(TrackingEvent, { shipment: shipment.id }),
    });
    const now = await transactionTime(tx);
    const at = input.at ? new Date(input.at) : now;
    const latest = await tx.findOne(TrackingEvent, { shipment: shipment.id }, { orderBy: { at: 'desc', id: 'desc' } });
    const event = tx.create(TrackingEvent, {
      seller: sellerId,
      shipment: shipment.id,
      status: input.status,
      description: input.description,
      location: input.location ?? null,
      at,
      recordedAt: now,
    });
    if (!latest || latest.at <= at) shipment.status = input.status;
    shipment.updatedAt = now;
    await tx.flush();
    await recordEvent(tx, sellerId, freightTracked(shipment, event));
    await recordEvent(tx, sellerId, trackingUpdated(shipment, event));
    return event;
  });
}

/** Each new message of an order's carrier chat is a `chatTransportadora` event. */
export async function postCarrierChatMessage(
  em: EntityManager,
  sellerId: string,
  orderId: string,
  input: ChatMessageInput,
): Promise<CarrierChatMessage> {
  return em.transactional(async (tx) => {
    const order = await findOrder(tx, orderId);
    const message = tx.create(CarrierChatMessage, {
      seller: sellerId,
      order: order.id,
      sender: input.sender,
      authorName: input.authorName ?? null,
      message: input.message,
      createdAt: await transactionTime(tx),
    });
    await tx.flush();
    await recordEvent(tx, sellerId, carrierChatPosted(message));
    return message;
  });
}

/** The order's shipments, oldest first (an order has a handful). */
export async function shipmentsOfOrder(em: EntityManager, orderId: string): Promise<Shipment[]> {
  const order = await findOrder(em, orderId);
  return em.find(Shipment, { order: order.id }, { orderBy: { id: 'asc' } });
}

/** The seller's shipments with these ids (node(id:)); ids must be UUIDs. */
export async function findShipments(em: EntityManager, ids: readonly string[]): Promise<Shipment[]> {
  return em.find(Shipment, { id: { $in: [...ids] } });
}

export async function findShipment(em: EntityManager, shipmentId: string): Promise<Shipment | null> {
  return isUuid(shipmentId) ? em.findOne(Shipment, { id: shipmentId }) : null;
}

/** The order's chat, oldest message first (the order of a conversation). */
export async function carrierChatOfOrder(
  em: EntityManager,
  orderId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<CarrierChatMessage>> {
  const order = await findOrder(em, orderId);
  const after = page.cursor ? decodeCursor(page.cursor, ['uuid'])[0] : undefined;
  const rows = await em.find(
    CarrierChatMessage,
    { order: order.id, ...(after ? { id: { $gt: after } } : {}) },
    { orderBy: { id: 'asc' }, limit: page.limit + 1 },
  );
  return pageOf(rows, page.limit, (row) => [row.id]);
}

/** A shipment with its tracking events, in the order they were recorded (REST's shape). */
export interface TrackedShipment {
  shipment: Shipment;
  trackingEvents: TrackingEvent[];
}

/** A page of the order's shipments, oldest first, with their tracking events: one statement for all the events. */
export async function trackedShipmentsOfOrder(em: EntityManager, orderId: string, page: PageRequest): Promise<Page<TrackedShipment>> {
  const order = await findOrder(em, orderId);
  const after = page.cursor ? decodeCursor(page.cursor, ['uuid'])[0] : undefined;
  const rows = await em.find(Shipment, { order: order.id, ...(after ? { id: { $gt: after } } : {}) }, { orderBy: { id: 'asc' }, limit: page.limit + 1 });
  return viewPage(pageOf(rows, page.limit, (row) => [row.id]), async (shipments) => {
    const events = await childrenOf(em, TrackingEvent, 'shipment', shipments.map((shipment) => shipment.id));
    return shipments.map((shipment) => ({ shipment, trackingEvents: events.get(shipment.id)! }));
  });
}

/** One shipment with its tracking events; another seller's is absent (404). */
export async function getTrackedShipment(em: EntityManager, shipmentId: string): Promise<TrackedShipment> {
  const shipment = await findShipment(em, shipmentId);
  if (!shipment) throw notFound('Shipment');
  const events = await childrenOf(em, TrackingEvent, 'shipment', [shipment.id]);
  return { shipment, trackingEvents: events.get(shipment.id)! };
}
