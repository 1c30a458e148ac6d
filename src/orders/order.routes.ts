import { Type } from 'typebox';
import type { Config } from '../config.js';
import { notFound } from '../errors.js';
import { pageResponse } from '../http/pagination.js';
import { problemResponse } from '../http/problem.js';
import { callerOf, type RestApp, type RestRoutes } from '../http/rest.js';
import { idempotencyKeySchema } from '../idempotency/idempotency.js';
import { createOrder } from './order.service.js';
import { recordPayment } from './payment.service.js';
import { findOrder, listOrderViews } from './order.queries.js';
import { CreateOrderSchema, listOrdersQuery, orderListFromQuery, OrderSchema, PaymentInputSchema, StatusChangeSchema } from './orders.schemas.js';
import { changeOrderStatus } from './order-status.service.js';

const tags = ['orders'];
const IdParams = Type.Object({ id: Type.String({ description: 'Order id (UUID)' }) });
const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(idempotencyKeySchema('Same key + same body replays the first response (200); another body is 422')),
});

/** The REST adapter of the orders domain (docs/orders.md): translation only. */
export const orderRoutes: RestRoutes = (app, { config }) => {
  listOrdersRoute(app, config);
  getOrderRoute(app);
  createOrderRoute(app);
  changeOrderStatusRoute(app);
  recordOrderPaymentRoute(app);
};

function listOrdersRoute(app: RestApp, config: Config): void {
  app.get(
    '/pedidos',
    {
      config: { scope: 'orders:read' },
      schema: {
        tags,
        operationId: 'listOrders',
        summary: 'List orders, newest first or (sort=updatedAt) oldest-updated first',
        querystring: listOrdersQuery(config.pageSizeMax).schema,
        response: { 200: pageResponse(OrderSchema) },
      },
    },
    async (request) => {
      const { filter, page } = orderListFromQuery(request.query, config.pageSizeDefault);
      return request.lagTolerantRead((em) => listOrderViews(em, filter, page));
    },
  );
}

function getOrderRoute(app: RestApp): void {
  app.get(
    '/pedidos/:id',
    {
      config: { scope: 'orders:read' },
      schema: { tags, operationId: 'getOrder', summary: 'One order with items, payments and status history', params: IdParams, response: { 200: OrderSchema } },
    },
    async (request) => {
      const order = await request.lagTolerantRead((em) => findOrder(em, request.params.id));
      if (!order) throw notFound('Order');
      return order;
    },
  );
}

function createOrderRoute(app: RestApp): void {
  app.post(
    '/pedidos',
    {
      // A collection run creates a new order each time: the same externalId would answer the first one.
      config: { scope: 'orders:write', collection: { fresh: ['/externalId'] } },
      schema: {
        tags,
        operationId: 'createOrder',
        summary: 'Create an order (201); an existing one for the same Idempotency-Key or (channel, externalId) answers 200',
        headers: IdempotencyHeaders,
        body: CreateOrderSchema,
        response: { 200: OrderSchema, 201: OrderSchema, 409: problemResponse('INSUFFICIENT_STOCK: a channel may not sell that many of some SKUs (`shortSkus`); allowOversell reserves anyway') },
      },
    },
    async (request, reply) => {
      const result = await createOrder(request.em, callerOf(request).sellerId, request.body, { idempotencyKey: request.headers['idempotency-key'] });
      return reply.status(result.created ? 201 : 200).send(result.order);
    },
  );
}

function changeOrderStatusRoute(app: RestApp): void {
  app.patch(
    '/pedidos/:id/status',
    {
      // Invoicing (the example) needs an approved order: paid first.
      config: { scope: 'orders:write', collection: { after: ['recordOrderPayment'] } },
      schema: {
        tags,
        operationId: 'changeOrderStatus',
        summary: 'Move an order to faturado, enviado, entregue or cancelado',
        params: IdParams,
        body: StatusChangeSchema,
        response: { 200: OrderSchema, 409: problemResponse('INVALID_TRANSITION: the order cannot move there from its status (`allowed` lists where it can)') },
      },
    },
    async (request) => changeOrderStatus(request.em, callerOf(request).sellerId, request.params.id, request.body),
  );
}

function recordOrderPaymentRoute(app: RestApp): void {
  app.post(
    '/pedidos/:id/pagamentos',
    {
      config: { scope: 'orders:write' },
      schema: {
        tags,
        operationId: 'recordOrderPayment',
        summary: 'Record a payment (201), or update the one with the same transactionId (200)',
        params: IdParams,
        body: PaymentInputSchema,
        response: { 200: OrderSchema, 201: OrderSchema },
      },
    },
    async (request, reply) => {
      const result = await recordPayment(request.em, callerOf(request).sellerId, request.params.id, request.body);
      return reply.status(result.created ? 201 : 200).send(result.order);
    },
  );
}
