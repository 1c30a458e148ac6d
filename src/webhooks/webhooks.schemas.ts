import { Type, type Static } from 'typebox';
import { interfaceEventNames } from '../events/event-registry.js';
import { pageQuerySchema } from '../http/pagination.js';
import { problemResponse } from '../http/problem.js';
import { listQuery } from '../http/validation.js';
import { ATTEMPT_ERRORS, DELIVERY_STATUSES } from './delivery.entity.js';
import { HEALTH_STATES } from './subscription-health.js';
import { DELIVERY_ATTEMPTS_SHOWN } from './webhooks.views.js';

/**
 * Request and response schemas of the webhooks interface (docs/webhooks.md). REST validates
 * with them and prints them as OpenAPI; GraphQL validates its inputs with the same ones.
 */
/** Delivery statuses a redelivery starts from (a finished delivery; from the others it is a conflict): what the HTTP-client collections check before they redeliver. */
export const FINISHED_DELIVERY_STATUSES = ['succeeded', 'failed'] as const;

const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'Public http(s) URL that receives the POSTs' });
const Events = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 50, uniqueItems: true });
const Description = Type.String({ maxLength: 500 });
const Id = Type.String({ format: 'uuid' });
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const CreateSubscriptionBody = Type.Object(
  { url: Url, events: Events, description: Type.Optional(Description) },
  {
    additionalProperties: false,
    examples: [{ url: 'https://erp.example.com/ponte/webhooks', events: ['pedido.criado', 'pedido.status_alterado'], description: 'ERP order sync' }],
  },
);
export type CreateSubscriptionInput = Static<typeof CreateSubscriptionBody>;

export const UpdateSubscriptionBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Nullable(Description)),
    active: Type.Optional(Type.Boolean({ description: 'false switches the subscription off (health "disabled"); true back on' })),
  },
  { additionalProperties: false, examples: [{ events: ['pedido.criado', 'pedido.status_alterado', 'pagamento.alterado'], description: 'ERP order and payment sync' }] },
);
export type UpdateSubscriptionInput = Static<typeof UpdateSubscriptionBody>;

/**
 * A subscription body as the OpenAPI document shows it, `events` naming the interface's events.
 * The modules register the events at start, after this file loads, so the routes take
 * this copy when they are registered; validation reads no description.
 */
export function withKnownEvents<S extends typeof CreateSubscriptionBody | typeof UpdateSubscriptionBody>(body: S): S {
  const description = `Event names, or ["*"] for all of them. Known names: ${interfaceEventNames().join(', ')}`;
  return { ...body, properties: { ...body.properties, events: { ...body.properties.events, description } } };
}

export const RecoverBody = Type.Object(
  { since: Type.String({ format: 'date-time', description: 'Redeliver failed deliveries created at or after this instant' }) },
  { additionalProperties: false },
);
export type RecoverInput = Static<typeof RecoverBody>;

export const IdParams = Type.Object({ id: Id });

export const SubscriptionQuotaResponse = problemResponse('QUOTA_EXCEEDED: the seller already keeps as many subscriptions as allowed (WEBHOOK_SUBSCRIPTIONS_MAX, in `limit`)');

export const deliveryQuery = listQuery((maxLimit) =>
  Type.Object(
    {
      subscriptionId: Type.Optional(Id),
      event: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      status: Type.Optional(Type.Enum(DELIVERY_STATUSES)),
      ...pageQuerySchema(maxLimit),
    },
    { additionalProperties: false },
  ),
);
export type DeliveryFilter = Omit<Static<ReturnType<typeof deliveryQuery>['schema']>, 'limit' | 'cursor'>;

export const SubscriptionResponse = Type.Object({
  id: Id,
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Nullable(Type.String()),
  active: Type.Boolean(),
  health: Type.Enum(HEALTH_STATES),
  consecutiveFailures: Type.Integer(),
  lastSuccessAt: Nullable(Timestamp),
  lastFailureAt: Nullable(Timestamp),
  disabledAt: Nullable(Timestamp),
  disabledReason: Nullable(Type.Enum(['user', 'gone', 'failing'])),
  createdAt: Timestamp,
  updatedAt: Timestamp,
}, { title: 'Subscription' });

export const CreatedSubscriptionResponse = Type.Intersect([
  SubscriptionResponse,
  Type.Object({ secret: Type.String({ description: 'whsec_…; shown now and on rotation only' }) }),
], { title: 'CreatedSubscription' });

export const SecretResponse = Type.Object({ id: Id, secret: Type.String() });

export const AttemptResponse = Type.Object({
  number: Type.Integer(),
  at: Timestamp,
  durationMs: Type.Integer(),
  statusCode: Nullable(Type.Integer()),
  responseBody: Nullable(Type.String({ description: 'The first 4 KiB of the response body' })),
  error: Nullable(Type.Enum(ATTEMPT_ERRORS)),
  errorDetail: Nullable(Type.String()),
}, { title: 'Attempt' });

export const DeliveryResponse = Type.Object({
  id: Type.String({ format: 'uuid', description: 'Also the webhook-id header, the same on every attempt' }),
  sellerId: Type.String({ format: 'uuid', description: 'The seller whose event it is' }),
  subscriptionId: Id,
  eventId: Id,
  event: Type.String({ description: 'The event name' }),
  aggregateType: Type.String(),
  aggregateId: Type.String(),
  status: Type.Enum(DELIVERY_STATUSES),
  attemptCount: Type.Integer(),
  nextAttemptAt: Nullable(Timestamp),
  createdAt: Timestamp,
  completedAt: Nullable(Timestamp),
  payload: Type.Unknown({ description: 'The body the delivery POSTs; without `data` when dataWithheld' }),
  dataWithheld: Type.Boolean({
    description: 'The token lacks the read scope of this event (e.g. orders:read for pedido.*): payload comes without data and attempts without responseBody',
  }),
  attempts: Type.Array(AttemptResponse, {
    maxItems: DELIVERY_ATTEMPTS_SHOWN,
    description: `Its latest attempts (up to ${DELIVERY_ATTEMPTS_SHOWN}), oldest first; attemptCount counts them all`,
  }),
}, { title: 'Delivery' });
