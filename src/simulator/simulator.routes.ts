import { callerOf, ANY_SCOPE, NO_CONTENT, type RestRoutes } from '../http/rest.js';
import { problemResponse } from '../http/problem.js';
import { OrderSchema } from '../orders/orders.schemas.js';
import { triggerEvent } from './event-trigger.service.js';
import { wipeSandboxData } from './sandbox-data.service.js';
import { requireSandbox } from './sandbox.js';
import { SIMULATOR_TAG } from './simulator.interface.js';
import { getSchedule, putSchedule } from './simulator-schedule.service.js';
import { cancelSimulatedOrder, paySimulatedOrder, placeSimulatedOrders } from './simulator.service.js';
import {
  CancellationSchema,
  OrderIdParams,
  PlacedOrdersResponse,
  PlaceOrdersSchema,
  ScheduleResponse,
  ScheduleSchema,
  TriggeredResponse,
  TriggerSchema,
} from './simulator.schemas.js';

const tags = [SIMULATOR_TAG.name];
const LIVE_SELLER = problemResponse('FORBIDDEN: the token belongs to a live seller (the simulator is for sandbox sellers), or lacks the scope');
const NOT_SIMULATED = problemResponse('CONFLICT: the order came from another channel; INVALID_TRANSITION: its status does not allow it (`allowed` lists the moves)');

/**
 * The REST adapter of the simulated marketplace (docs/sandbox.md): translation only. A
 * live seller is refused before its request is even validated, so every `/simulador`
 * path answers it 403 whatever it sends.
 */
export const simulatorRoutes: RestRoutes = (app) => {
  app.addHook('preValidation', async (request) => requireSandbox(callerOf(request)));

  app.post(
    '/simulador/pedidos',
    {
      // The collections pay and cancel the newest order placed: the background schedule,
      // which pays and cancels the oldest pendente ones, reaches it last.
      config: { scope: 'orders:write', collection: { makes: { '/simulador/pedidos/{id}': { in: 'orders' } } } },
      schema: {
        tags,
        operationId: 'placeSimulatedOrders',
        summary: 'The marketplace sells: places orders against the stock published to simulador',
        description:
          'Places `count` orders (default 1) as the simulated marketplace would send them: buyers with valid CPFs, real-looking addresses, one to three SKUs on sale on simulador at their simulador price, shipping, and a payment mix (most paid by pix, card or wallet; some waiting for a boleto or a pix, so `pendente`). Each enters as a channel\'s order does and records `pedido.criado`. Fewer are placed when the stock runs out.',
        body: PlaceOrdersSchema,
        response: { 201: PlacedOrdersResponse, 403: LIVE_SELLER, 409: problemResponse('INSUFFICIENT_STOCK: nothing is on sale on simulador (published, listed on it, priced, with stock)') },
      },
    },
    async (request, reply) => reply.status(201).send({ orders: await placeSimulatedOrders(request.em, callerOf(request), request.body) }),
  );

  app.post(
    '/simulador/pedidos/:id/pagamento',
    {
      config: { scope: 'orders:write' },
      schema: {
        tags,
        operationId: 'paySimulatedOrder',
        summary: 'The buyer pays a pendente simulador order',
        description: 'The marketplace reports the payment of what the order still owes: its waiting payment (boleto, pix) becomes approved, or a pix is added; the order becomes aprovado (`pagamento.alterado`, `pedido.status_alterado`).',
        params: OrderIdParams,
        response: { 200: OrderSchema, 403: LIVE_SELLER, 409: NOT_SIMULATED },
      },
    },
    async (request) => paySimulatedOrder(request.em, callerOf(request), request.params.id),
  );

  app.post(
    '/simulador/pedidos/:id/cancelamento',
    {
      // The order the collection paid: cancelling it refunds the payment.
      config: { scope: 'orders:write', collection: { after: ['paySimulatedOrder'] } },
      schema: {
        tags,
        operationId: 'cancelSimulatedOrder',
        summary: 'The buyer cancels a simulador order',
        description: 'The marketplace reports a cancellation: the order becomes cancelado (its reserved units released) and its approved payments refunded, in one transaction.',
        params: OrderIdParams,
        body: CancellationSchema,
        response: { 200: OrderSchema, 403: LIVE_SELLER, 409: NOT_SIMULATED },
      },
    },
    async (request) => cancelSimulatedOrder(request.em, callerOf(request), request.params.id, request.body.reason),
  );

  app.get(
    '/simulador/agenda',
    {
      config: { scope: 'orders:read' },
      schema: { tags, operationId: 'getSimulatorSchedule', summary: 'The background schedule', description: 'Stopped (all zeros) until one is set.', response: { 200: ScheduleResponse, 403: LIVE_SELLER } },
    },
    async (request) => getSchedule(request.em, callerOf(request)),
  );

  app.put(
    '/simulador/agenda',
    {
      config: { scope: 'orders:write' },
      schema: {
        tags,
        operationId: 'setSimulatorSchedule',
        summary: 'Run the marketplace in the background',
        description:
          'Places `ordersPerMinute` orders a minute (0 stops); after each, with probability `payRate` the oldest pendente simulador order is paid, with probability `cancelRate` the oldest pendente one is cancelled. The dispatcher processes run it; it is stored, so it resumes when they restart.',
        body: ScheduleSchema,
        response: { 200: ScheduleResponse, 403: LIVE_SELLER },
      },
    },
    async (request) => putSchedule(request.em, callerOf(request), request.body),
  );

  app.delete(
    '/simulador/dados',
    {
      config: { scope: 'orders:write' },
      schema: {
        tags,
        operationId: 'wipeSandboxData',
        summary: 'Start again: delete the sandbox seller\'s orders, their events and deliveries',
        description:
          'Deletes every order of the sandbox seller on every channel (with items, payments, history, shipments, carrier chat and settlement cycles), their events and those events\' webhook deliveries and attempts. The catalogue stays; the units the orders held reserved are released (`estoque.alterado`). GraphQL\'s wipeSandboxData answers how many of each went.',
        response: { 204: NO_CONTENT, 403: LIVE_SELLER },
      },
    },
    async (request, reply) => {
      await wipeSandboxData(request.em, callerOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/simulador/eventos',
    {
      config: { scope: ANY_SCOPE },
      schema: {
        tags,
        operationId: 'triggerEvent',
        summary: 'Make an event happen (what `ponte trigger` calls)',
        description:
          'Makes the real change that records the event: a simulador order (`pedido.criado`), its payment, invoice, shipment and tracking, a stock, price or publication change, a carrier chat or support message. What has to happen first (an order paid before it is invoiced) happens too; `summary` says all it did. The token needs the scope the change needs (orders:write or catalog:write).',
        body: TriggerSchema,
        response: { 201: TriggeredResponse, 403: LIVE_SELLER, 409: problemResponse('INSUFFICIENT_STOCK: the event needs a simulador order and nothing is on sale there') },
      },
    },
    async (request, reply) => reply.status(201).send(await triggerEvent(request.em, callerOf(request), request.body.evento)),
  );
};
