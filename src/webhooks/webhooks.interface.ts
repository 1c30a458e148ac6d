import { Type } from 'typebox';
import { interfaceEventNames, type EventDefinition } from '../events/event-registry.js';
import { TOKENS_TAG } from '../auth/auth.routes.js';
import type { EventDeliveries, RestInterface } from '../http/openapi/interfaces.js';

/**
 * What a receiver of the webhooks interface (and of the portal's v2 configurations, the
 * same subscriptions) gets, for the OpenAPI `webhooks` section and the event schemas:
 * the `{id, evento, dataHora, data}` envelope of `toEnvelope`, signed by Standard Webhooks.
 */
export function interfaceEnvelope(event: EventDefinition) {
  return Type.Object(
    {
      id: Type.String({ format: 'uuid', description: 'The event\'s id: the same in every delivery and redelivery of it' }),
      evento: Type.Literal(event.name, { description: 'The event name' }),
      dataHora: Type.String({ format: 'date-time', description: 'When the event was recorded' }),
      data: event.payload,
    },
    { additionalProperties: false, description: `The \`${event.name}\` event` },
  );
}

const HeaderText = Type.String();

export const INTERFACE_DELIVERIES: EventDeliveries = {
  events: interfaceEventNames,
  body: interfaceEnvelope,
  headers: {
    'webhook-id': { description: 'The delivery\'s id (Standard Webhooks): the same on every attempt; dedupe by it', schema: HeaderText },
    'webhook-timestamp': { description: 'Unix seconds when the attempt was signed', schema: HeaderText },
    'webhook-signature': { description: 'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `id.timestamp.body`, one per secret in use', schema: HeaderText },
    'webhook-attempt': { description: 'Which try this is, 1 the first', schema: HeaderText },
  },
  success: 'Any 2xx, within the timeout (10 s by default): the delivery succeeded. Anything else is retried with backoff, redirects included.',
};

export const WEBHOOKS_INTERFACE: RestInterface = {
  slug: 'webhooks',
  title: 'Webhooks',
  description:
    'Subscribe an endpoint to events, follow its health, read the delivery log, redeliver. Deliveries are signed with Standard Webhooks; the `webhooks` section gives each event\'s body, and schema/events/webhooks/ the same as JSON Schema.',
  tags: [{ name: 'webhooks', description: 'Subscriptions, deliveries and their attempts' }, TOKENS_TAG],
  deliveries: INTERFACE_DELIVERIES,
};
