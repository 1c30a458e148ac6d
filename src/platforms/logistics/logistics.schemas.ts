/**
 * Request and response schemas of the logistics resources: REST validates with them and
 * prints them as OpenAPI; the GraphQL inputs are validated against the same ones (validInput).
 */
import { Type, type Static } from 'typebox';
import { CHAT_SENDERS, TRACKING_STATUSES } from './shipment.entity.js';
import { webUrl } from '../../http/web-url.js';

const Text = (maxLength: number, description?: string) => Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });
const strict = { additionalProperties: false } as const;

export const CreateShipmentSchema = Type.Object(
  {
    carrier: Text(100),
    trackingCode: Text(100, 'Unique per seller and carrier'),
    trackingUrl: Type.Optional(webUrl(2048)),
  },
  { ...strict, examples: [{ carrier: 'Correios', trackingCode: 'BR123456789BR', trackingUrl: 'https://rastreamento.correios.com.br/app/index.php?objeto=BR123456789BR' }] },
);
export type CreateShipmentInput = Static<typeof CreateShipmentSchema>;

export const TrackingEventSchema = Type.Object(
  {
    status: Type.Enum([...TRACKING_STATUSES]),
    description: Text(500),
    location: Type.Optional(Text(200)),
    at: Type.Optional(Type.String({ format: 'date-time', description: 'When it happened at the carrier; defaults to now' })),
  },
  { ...strict, examples: [{ status: 'in_transit', description: 'Objeto em trânsito', location: 'Curitiba/PR', at: '2026-01-15T13:45:00.000Z' }] },
);
export type TrackingEventInput = Static<typeof TrackingEventSchema>;

export const ChatMessageSchema = Type.Object(
  {
    sender: Type.Enum([...CHAT_SENDERS]),
    authorName: Type.Optional(Text(200)),
    message: Text(4000),
  },
  { ...strict, examples: [{ sender: 'seller', authorName: 'Ana (expedição)', message: 'A coleta pode ser amanhã às 10h?' }] },
);
export type ChatMessageInput = Static<typeof ChatMessageSchema>;

const Id = Type.String({ format: 'uuid' });
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
export const OrderParams = Type.Object({ id: Type.String({ description: 'Order id (UUID)' }) });
export const ShipmentParams = Type.Object({ id: Type.String({ description: 'Shipment id (UUID)' }) });

export const TrackingEventResponse = Type.Object({
  id: Id,
  status: Type.Enum([...TRACKING_STATUSES]),
  description: Type.String(),
  location: Nullable(Type.String()),
  at: Type.String({ format: 'date-time', description: 'When it happened at the carrier' }),
  recordedAt: Timestamp,
});

export const ShipmentResponse = Type.Object({
  id: Id,
  order: Id,
  carrier: Type.String(),
  trackingCode: Type.String(),
  trackingUrl: Nullable(Type.String()),
  status: Nullable(Type.Enum([...TRACKING_STATUSES], { description: 'Of the latest tracking event; null before the first' })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  trackingEvents: Type.Array(TrackingEventResponse, { description: 'In the order they were recorded' }),
});

export const ChatMessageResponse = Type.Object({
  id: Id,
  order: Id,
  sender: Type.Enum([...CHAT_SENDERS]),
  authorName: Nullable(Type.String()),
  message: Type.String(),
  createdAt: Timestamp,
});

export const listOf = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Object({ data: Type.Array(item), nextCursor: Nullable(Type.String()) });
