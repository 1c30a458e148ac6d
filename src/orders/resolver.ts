import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireScope } from '../auth/service.js';
import { CurrentSeller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { listArgs } from '../graphql/list-args.js';
import { validInput } from '../graphql/plain-input.js';
import { toConnection, type Connection } from '../graphql/relay.js';
import { compileInput } from '../http/validation.js';
import { createOrder, type CreatedOrder } from './create-order.js';
import { ChangeOrderStatusInput, CreateOrderInput, OrderFilterInput, PaymentInput } from './graphql-inputs.js';
import { CreateOrderResult, Order, OrderConnection, OrderItem, OrderSortEnum, OrderStatusTargetEnum, Payment, StatusHistoryEntry } from './graphql-types.js';
import { orderHistoryLoader, orderItemsLoader, orderLoader, orderPaymentsLoader } from './loaders.js';
import { toHeaderView, type ItemView, type OrderHeaderView, type PaymentView, type StatusEntryView } from './order-view.js';
import { recordPayment } from './payments.js';
import { findOrder, listOrders, orderCursor } from './queries.js';
import * as schemas from './schemas.js';
import { manualMoves, type ManualTarget } from './status-machine.js';
import { changeOrderStatus } from './transitions.js';

const createOrderValidator = compileInput(schemas.CreateOrderSchema);
const statusChangeValidator = compileInput(schemas.StatusChangeSchema);
const paymentValidator = compileInput(schemas.PaymentInputSchema);

@Resolver(() => Order)
export class OrderResolver {
  @Authorized('orders:read')
  @Query(() => OrderConnection, { description: 'Orders, newest first, or oldest-updated first with sort: updatedAt' })
  async orders(
    @Ctx() context: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('filter', () => OrderFilterInput, { nullable: true }) filter?: OrderFilterInput,
    @Arg('sort', () => OrderSortEnum, { nullable: true }) sort?: schemas.OrderSort,
  ): Promise<Connection<OrderHeaderView>> {
    const list = listArgs(context, schemas.orderListArgs, { ...filter, sort, first, after });
    return toConnection(await listOrders(context.em, list.filter, list.page), orderCursor(list.filter.sort), toHeaderView);
  }

  @Authorized('orders:read')
  @Query(() => Order, { nullable: true, description: 'Null when no order of the caller\'s seller has this id' })
  async order(@Arg('id', () => ID) id: string, @Ctx() { em }: GraphQLContext): Promise<OrderHeaderView | null> {
    return (await findOrder(em, id)) ?? null;
  }

  @Authorized('orders:write')
  @Mutation(() => CreateOrderResult, { description: 'Creates an order; an idempotencyKey behaves as the Idempotency-Key header of POST /pedidos' })
  async createOrder(
    @Arg('input', () => CreateOrderInput) input: CreateOrderInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
    @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey?: string,
  ): Promise<CreatedOrder> {
    return createOrder(em, sellerId, validInput(createOrderValidator, input), { idempotencyKey: idempotencyKey ?? undefined });
  }

  @Authorized('orders:write')
  @Mutation(() => Order, { description: 'Moves an order to faturado, enviado, entregue or cancelado' })
  async changeOrderStatus(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ChangeOrderStatusInput) input: ChangeOrderStatusInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<OrderHeaderView> {
    return changeOrderStatus(em, sellerId, id, validInput(statusChangeValidator, input));
  }

  @Authorized('orders:write')
  @Mutation(() => Order, {
    description: 'Records a payment (or updates the one with the same transactionId); approved payments covering the total move a pendente order to aprovado',
  })
  async recordOrderPayment(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('input', () => PaymentInput) input: PaymentInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<OrderHeaderView> {
    return (await recordPayment(em, sellerId, orderId, validInput(paymentValidator, input))).order;
  }

  @FieldResolver(() => [OrderItem])
  async items(@Root() order: OrderHeaderView, @Ctx() context: GraphQLContext): Promise<ItemView[]> {
    return order.items ?? orderItemsLoader(context).load(order.id);
  }

  @FieldResolver(() => [Payment])
  async payments(@Root() order: OrderHeaderView, @Ctx() context: GraphQLContext): Promise<PaymentView[]> {
    return order.payments ?? orderPaymentsLoader(context).load(order.id);
  }

  @FieldResolver(() => [OrderStatusTargetEnum], { description: 'The statuses changeOrderStatus may move this order to now' })
  nextStatuses(@Root() order: OrderHeaderView): ManualTarget[] {
    return manualMoves(order.status);
  }

  @FieldResolver(() => [StatusHistoryEntry])
  async statusHistory(@Root() order: OrderHeaderView, @Ctx() context: GraphQLContext): Promise<StatusEntryView[]> {
    return order.statusHistory ?? orderHistoryLoader(context).load(order.id);
  }
}

/** Federation: a supergraph asking for `Order { id }` gets the caller's own order, or null; batched per request. */
export const orderReference = {
  __resolveReference(reference: { id: string }, context: GraphQLContext): Promise<OrderHeaderView | null> {
    requireScope(context.principal, 'orders:read');
    return orderLoader(context).load(reference.id);
  },
};
