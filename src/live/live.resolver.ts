import { GraphQLJSON } from 'graphql-scalars';
import { Type } from 'typebox';
import { Arg, Authorized, Field, ID, ObjectType, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import { requireAuthentication } from '../auth/auth.service.js';
import { Sku } from '../catalog/catalog.schemas.js';
import { AppError } from '../errors.js';
import { interfaceEventNames, type EventEnvelope } from '../events/event-registry.js';
import { EventTypeEnum } from '../events/graphql-enum.js';
import { DateTime } from '../graphql/scalars.js';
import { OrderStatusEnum } from '../orders/orders.types.js';
import { validInput } from '../graphql/plain-input.js';
import { compileInput, type InputValidator } from '../http/validation.js';
import { ORDER_STATUSES } from '../orders/status-machine.js';
import { authorizeEventTypes, orderFilter, stockFilter, typesFilter, type LiveFilter } from './event-filter.js';
import type { LiveContext } from './context.js';
import { SLOW_CONSUMER_CLOSE_CODE } from './close-codes.js';

@ObjectType('EventEnvelope', {
  description:
    'An event exactly as webhooks deliver it (`{id, evento, dataHora, data}`, valid against schema/events/), plus `type`, its name as an EventType value',
})
class EventEnvelopeType {
  @Field(() => ID, { description: 'The event id (UUID v7, time ordered): pass it as `after` to resume' })
  id!: string;

  @Field({ description: 'The event name as webhooks carry it (`pedido.criado`)' })
  evento!: string;

  @Field(() => EventTypeEnum, { description: 'The same event name as an EventType value (`pedido_criado` for `pedido.criado`), for typed switches' })
  type!: string;

  @Field(() => DateTime, { description: 'When the event happened (its transaction committed)' })
  dataHora!: string;

  @Field(() => GraphQLJSON, { description: 'The event data, as in the webhook body' })
  data!: Record<string, unknown>;
}

const after = Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-7[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$' });
const eventsArgsSchema = () =>
  Type.Object({ types: Type.Optional(Type.Array(Type.Enum([...interfaceEventNames()]), { minItems: 1 })), after: Type.Optional(after) });
/** Compiled once, on first use: the names it allows are the events the modules register at start. */
let eventsArgs: InputValidator<ReturnType<typeof eventsArgsSchema>> | undefined;
const OrderEventsArgs = compileInput(Type.Object({
  // Matched against event data as it is (order ids are UUIDs), but never unbounded.
  orderId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  statuses: Type.Optional(Type.Array(Type.Enum([...ORDER_STATUSES]), { minItems: 1 })),
  after: Type.Optional(after),
}));
const StockEventsArgs = compileInput(Type.Object({ sku: Type.Optional(Sku), after: Type.Optional(after) }));

const INVALID_ARGUMENTS = 'The subscription arguments are not valid';
const AFTER_EVENT = 'Resume: first replay the events after this event id (from the outbox), then go live';

function open({ context }: SubscribeResolverData<unknown, unknown, LiveContext>, filter: LiveFilter, afterId?: string) {
  const principal = requireAuthentication(context.principal);
  if (afterId !== undefined) context.admitReplay();
  return context.live.open({
    sellerId: principal.sellerId,
    filter,
    after: afterId?.toLowerCase(),
    onOverflow: () => context.closeConnection(SLOW_CONSUMER_CLOSE_CODE, 'Slow consumer: too many undelivered events'),
  });
}

/** The webhook envelope plus `type`, the same name that GraphQL answers as an EventType value. */
type LiveEnvelope = EventEnvelope & { type: string };

/** Over plain HTTP a subscription runs like a query, with no event at its root. */
function delivered(envelope: EventEnvelope | undefined): LiveEnvelope {
  if (!envelope) throw new AppError('BAD_REQUEST', 'Subscriptions are served over graphql-ws (WebSocket) on /graphql');
  return { ...envelope, type: envelope.evento };
}

/**
 * Live events of the caller's seller, from the outbox after commit. Scopes: `orderEvents`
 * needs `orders:read`, `stockEvents` `catalog:read`, `events` the scopes of the types it
 * asks for (see docs/live-events.md).
 */
@Resolver()
export class LiveResolver {
  @Authorized()
  @Subscription(() => EventEnvelopeType, {
    description: 'Events of the given types (default: every type the token may read), optionally resuming after an event id',
    subscribe: (data: SubscribeResolverData<unknown, Record<string, unknown>, LiveContext>) => {
      const args = validInput((eventsArgs ??= compileInput(eventsArgsSchema())), data.args, INVALID_ARGUMENTS);
      const types = authorizeEventTypes(requireAuthentication(data.context.principal), args.types);
      return open(data, typesFilter(types), args.after);
    },
  })
  events(
    @Root() envelope: EventEnvelope | undefined,
    @Arg('types', () => [EventTypeEnum], { nullable: true, description: 'Event types; omitted: every type the token may read' }) _types?: string[],
    @Arg('after', () => ID, { nullable: true, description: AFTER_EVENT }) _after?: string,
  ): LiveEnvelope {
    return delivered(envelope);
  }

  @Authorized('orders:read')
  @Subscription(() => EventEnvelopeType, {
    description: '`pedido.criado` and `pedido.status_alterado`, optionally of one order and of orders now in one of `statuses`',
    subscribe: (data: SubscribeResolverData<unknown, Record<string, unknown>, LiveContext>) => {
      const args = validInput(OrderEventsArgs, data.args, INVALID_ARGUMENTS);
      return open(data, orderFilter({ orderId: args.orderId, statuses: args.statuses }), args.after);
    },
  })
  orderEvents(
    @Root() envelope: EventEnvelope | undefined,
    @Arg('orderId', () => ID, { nullable: true, description: 'Only events of this order' }) _orderId?: string,
    @Arg('statuses', () => [OrderStatusEnum], { nullable: true, description: 'Only events of orders now in one of these statuses' }) _statuses?: string[],
    @Arg('after', () => ID, { nullable: true, description: AFTER_EVENT }) _after?: string,
  ): LiveEnvelope {
    return delivered(envelope);
  }

  @Authorized('catalog:read')
  @Subscription(() => EventEnvelopeType, {
    description: '`estoque.alterado`, `produto.publicacao_alterada` and `produto.preco_alterado`, optionally of one SKU',
    subscribe: (data: SubscribeResolverData<unknown, Record<string, unknown>, LiveContext>) => {
      const args = validInput(StockEventsArgs, data.args, INVALID_ARGUMENTS);
      return open(data, stockFilter({ sku: args.sku }), args.after);
    },
  })
  stockEvents(
    @Root() envelope: EventEnvelope | undefined,
    @Arg('sku', { nullable: true, description: 'Only events of this SKU' }) _sku?: string,
    @Arg('after', () => ID, { nullable: true, description: AFTER_EVENT }) _after?: string,
  ): LiveEnvelope {
    return delivered(envelope);
  }
}
