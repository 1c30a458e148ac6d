/**
 * Inputs of the logistics resources as TypeBox schemas: the GraphQL inputs are validated
 * against them (validInput), as a REST twin would be.
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
