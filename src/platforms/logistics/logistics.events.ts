import { Type } from 'typebox';
import { defineEvent } from '../../events/event-registry.js';
import type { EventInput } from '../../events/outbox.js';
import { CHAT_SENDERS, TRACKING_STATUSES, type CarrierChatMessage, type Shipment, type TrackingEvent } from './shipment.entity.js';

// The logistics events: their data schemas, their declaration and one builder each.

const Uuid = Type.String({ format: 'uuid' });
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

const TrackingPayload = Type.Object({
  orderId: Uuid,
  shipmentId: Uuid,
  carrier: Type.String(),
  trackingCode: Type.String(),
  status: Type.Enum([...TRACKING_STATUSES]),
  description: Type.String(),
  location: Nullable(Type.String()),
  at: Timestamp,
});

const CarrierChatPayload = Type.Object({
  orderId: Uuid,
  messageId: Uuid,
  sender: Type.Enum([...CHAT_SENDERS]),
  authorName: Nullable(Type.String()),
  message: Type.String(),
  at: Timestamp,
});

declare module '../../events/event-registry.js' {
  interface EventSchemas {
    'frete.rastreio': typeof TrackingPayload;
    'rastreio.atualizado': typeof TrackingPayload;
    chatTransportadora: typeof CarrierChatPayload;
  }
}

// Tracking and the carrier chat describe orders: reading them takes `orders:read`.
// `frete.rastreio` is the webhooks interface's; logistics registrations take the other two.
const FREIGHT_TRACKED = defineEvent('frete.rastreio', { payload: TrackingPayload, readScope: 'orders:read', group: 'freight' });
export const TRACKING_UPDATED = defineEvent('rastreio.atualizado', { payload: TrackingPayload, readScope: 'orders:read' });
export const CARRIER_CHAT = defineEvent('chatTransportadora', { payload: CarrierChatPayload, readScope: 'orders:read' });

export const LOGISTICS_EVENTS = [FREIGHT_TRACKED, TRACKING_UPDATED, CARRIER_CHAT];

/** What the carrier reported: `frete.rastreio` and `rastreio.atualizado` carry the same data. */
function trackingData(shipment: Shipment, event: TrackingEvent) {
  return {
    orderId: shipment.order,
    shipmentId: shipment.id,
    carrier: shipment.carrier,
    trackingCode: shipment.trackingCode,
    status: event.status,
    description: event.description,
    location: event.location,
    at: event.at.toISOString(),
  };
}

/** `frete.rastreio`: a tracking report, for the webhooks interface. */
export function freightTracked(shipment: Shipment, event: TrackingEvent): EventInput<'frete.rastreio'> {
  return { type: 'frete.rastreio', aggregateType: 'order', aggregateId: shipment.order, data: trackingData(shipment, event) };
}

/** `rastreio.atualizado`: the same report, for logistics registrations. */
export function trackingUpdated(shipment: Shipment, event: TrackingEvent): EventInput<'rastreio.atualizado'> {
  return { type: 'rastreio.atualizado', aggregateType: 'order', aggregateId: shipment.order, data: trackingData(shipment, event) };
}

/** `chatTransportadora`: one new message of an order's carrier chat. */
export function carrierChatPosted(message: CarrierChatMessage): EventInput<'chatTransportadora'> {
  return {
    type: 'chatTransportadora',
    aggregateType: 'order',
    aggregateId: message.order,
    data: {
      orderId: message.order,
      messageId: message.id,
      sender: message.sender,
      authorName: message.authorName,
      message: message.message,
      at: message.createdAt.toISOString(),
    },
  };
}
