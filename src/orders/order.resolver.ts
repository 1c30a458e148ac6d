import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Authorized, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireScope } from '../auth/auth.service.js';
import { CurrentSeller } from '../graphql/caller.js';
import { lagTolerantRead, type GraphQLContext } from '../graphql/context.js';
import { listArgs } from '../graphql/list-args.js';
import type { NodeType } from '../graphql/node.js';
import { validInput } from '../graphql/plain-input.js';
import { AFTER, FIRST, selectedNodeFields, toConnection, type Connection } from '../graphql/relay.js';
import { compileInput } from '../http/validation.js';
import { createOrder } from './order.service.js';
import { ChangeOrderStatusInput, CreateOrderInput, OrderFilterInput, RecordOrderPaymentInput } from './orders.inputs.js';
import {
  ChangeOrderStatusPayload,
  CreateOrderPayload,
  OrderType,
  OrderConnection,
  OrderItemType,
  OrderSortEnum,
  OrderStatusTargetEnum,
  OrderPaymentType,
  RecordOrderPaymentPayload,
  StatusHistoryEntry,
} from './orders.types.js';
import { orderHistoryLoader, orderItemsLoader, orderLoader, orderPaymentsLoader } from './orders.loaders.js';
import { headerViewsWith, type ItemView, type OrderChildKind, type OrderHeaderView, type PaymentView, type StatusEntryView } from './order.views.js';
import { recordPayment } from './payment.service.js';
import { findOrder, listOrders, orderCursor } from './order.queries.js';
import * as schemas from './orders.schemas.js';
import { manualMoves, type ManualTarget } from './status-machine.js';
import { changeOrderStatus } from './order-status.service.js';
import { MaxItems } from '../graphql/list-size.js';
import { ORDER_PAYMENTS_MAX } from './orders.schemas.js';

const createOrderValidator = compileInput(schemas.CreateOrderSchema);
const statusChangeValidator = compileInput(schemas.StatusChangeSchema);
const paymentValidator = compileInput(schemas.PaymentInputSchema);
const ORDER_CHILDREN: readonly OrderChildKind[] = ['items', 'payments', 'statusHistory'];

@Resolver(() => OrderType)
export class OrderResolver {
  @Authorized('orders:read')
  @Query(() => OrderConnection, { description: 'Orders, newest first, or oldest-updated first with sort: updatedAt' })
  async orders(
    @Ctx() context: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('first', () => Int, { nullable: true, description: FIRST }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER }) after?: string,
    @Arg('filter', () => OrderFilterInput, { nullable: true, description: 'Which orders; omitted: all' }) filter?: OrderFilterInput,
    @Arg('sort', () => OrderSortEnum, { nullable: true, description: 'Default createdAt (newest first)' }) sort?: schemas.OrderSort,
  ): Promise<Connection<OrderHeaderView>> {
    const list = listArgs(context, schemas.orderListArgs, { ...filter, sort, first, after });
    // The children the query selects come with the page, from the same database, so the
    // field resolvers below answer without a DataLoader round per order
    // (docs/history/performance-changes.md).
    const selected = selectedNodeFields(info);
    const { page, views } = await lagTolerantRead(context, async (em) => {
      const read = await listOrders(em, list.filter, list.page);
      return { page: read, views: await headerViewsWith(em, read.data, ORDER_CHILDREN.filter((kind) => selected.has(kind))) };
    });
    return toConnection(page, orderCursor(list.filter.sort), (_order, index) => views[index]!);
  }

  @Authorized('orders:read')
  @Query(() => OrderType, { nullable: true, description: 'Null when no order of the caller\'s seller has this id' })
  async order(@Arg('id', () => ID, { description: 'The order id' }) id: string, @Ctx() context: GraphQLContext): Promise<OrderHeaderView | null> {
    return (await lagTolerantRead(context, (em) => findOrder(em, id))) ?? null;
  }

  @Authorized('orders:write')
  @Mutation(() => CreateOrderPayload, { description: 'Creates an order (as POST /pedidos); the same idempotencyKey, or channel and externalId, gives back the first one' })
  async createOrder(
    @Arg('input', () => CreateOrderInput, { description: 'The order and its idempotency key' }) { idempotencyKey, ...order }: CreateOrderInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<CreateOrderPayload> {
    return createOrder(em, sellerId, validInput(createOrderValidator, order), { idempotencyKey: idempotencyKey ?? undefined });
  }

  @Authorized('orders:write')
  @Mutation(() => ChangeOrderStatusPayload, { description: 'Moves an order to faturado, enviado, entregue or cancelado' })
  async changeOrderStatus(
    @Arg('input', () => ChangeOrderStatusInput, { description: 'The order and its new status' }) { orderId, ...change }: ChangeOrderStatusInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<ChangeOrderStatusPayload> {
    return { order: await changeOrderStatus(em, sellerId, orderId, validInput(statusChangeValidator, change)) };
  }

  @Authorized('orders:write')
  @Mutation(() => RecordOrderPaymentPayload, {
    description: 'Records a payment (or updates the one with the same transactionId); approved payments covering the total move a pendente order to aprovado',
  })
  async recordOrderPayment(
    @Arg('input', () => RecordOrderPaymentInput, { description: 'The order and the payment' }) { orderId, payment }: RecordOrderPaymentInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<RecordOrderPaymentPayload> {
    return { order: (await recordPayment(em, sellerId, orderId, validInput(paymentValidator, payment))).order };
  }

  @FieldResolver(() => [OrderItemType], { description: 'The lines, in the order given' })
  items(@Root() order: OrderHeaderView, @Ctx() context: GraphQLContext): ItemView[] | Promise<ItemView[]> {
    return order.items ?? orderItemsLoader(context).load(order.id);
  }

  @MaxItems(ORDER_PAYMENTS_MAX)
  @FieldResolver(() => [OrderPaymentType], { description: `Its payments, oldest first (at most ${ORDER_PAYMENTS_MAX})` })
  payments(@Root() order: OrderHeaderView, @Ctx() context: GraphQLContext): PaymentView[] | Promise<PaymentView[]> {
    return order.payments ?? orderPaymentsLoader(context).load(order.id);
  }

  @FieldResolver(() => [OrderStatusTargetEnum], { description: 'The statuses changeOrderStatus may move this order to now' })
  nextStatuses(@Root() order: OrderHeaderView): ManualTarget[] {
    return manualMoves(order.status);
  }

  @FieldResolver(() => [StatusHistoryEntry], { description: 'Every status it reached, oldest first' })
  statusHistory(@Root() order: OrderHeaderView, @Ctx() context: GraphQLContext): StatusEntryView[] | Promise<StatusEntryView[]> {
    return order.statusHistory ?? orderHistoryLoader(context).load(order.id);
  }
}

/** Relay: `node(id:)` finds orders through the same per-request loader. */
export const orderNode: NodeType = {
  readScope: 'orders:read',
  async find(context, ids) {
    return (await orderLoader(context).loadMany(ids)).filter((order): order is OrderHeaderView => order !== null && !(order instanceof Error));
  },
};

/** Federation: a supergraph asking for `Order { id }` gets the caller's own order, or null; batched per request. */
export const orderReference = {
  __resolveReference(reference: { id: string }, context: GraphQLContext): Promise<OrderHeaderView | null> {
    requireScope(context.principal, 'orders:read');
    return orderLoader(context).load(reference.id);
  },
};
