import { pageQuery, pageRequest, viewPage } from '../../http/pagination.js';
import { problemResponse } from '../../http/problem.js';
import { callerOf, type RestApp, type RestRoutes } from '../../http/rest.js';
import type { Config } from '../../config.js';
import { addTrackingEvent, carrierChatOfOrder, createShipment, getTrackedShipment, postCarrierChatMessage, trackedShipmentsOfOrder } from './shipment.service.js';
import {
  ChatMessageResponse,
  ChatMessageSchema,
  CreateShipmentSchema,
  listOf,
  OrderParams,
  ShipmentParams,
  ShipmentResponse,
  TrackingEventResponse,
  TrackingEventSchema,
} from './logistics.schemas.js';
import { chatMessageView, shipmentView, trackingEventView } from './logistics.views.js';
import { LOGISTICS } from './logistics.platform.js';

const tags = [LOGISTICS.sources.tag];
const read = { scope: 'orders:read' } as const;
const write = { scope: 'orders:write' } as const;

/**
 * Shipments, tracking events and the carrier chat over REST, for carriers and ERPs: the
 * same services as GraphQL's logistics mutations (docs/platforms.md); translation only.
 */
export const logisticsRoutes: RestRoutes = (app, { config }) => {
  createShipmentRoute(app);
  listOrderShipmentsRoute(app, config);
  getShipmentRoute(app);
  recordTrackingEventRoute(app);
  postCarrierChatMessageRoute(app);
  listCarrierChatMessagesRoute(app, config);
};

function createShipmentRoute(app: RestApp): void {
  app.post(
    '/pedidos/:id/envios',
    {
      // Only an invoiced order ships.
      // A tracking code is unique per carrier: each run ships with a fresh one.
      config: { ...write, collection: { after: ['changeOrderStatus'], fresh: ['/trackingCode'] } },
      schema: {
        tags,
        operationId: 'createShipment',
        summary: 'A shipment of an invoiced (or later) order; 409 before faturado or for a tracking code already used',
        params: OrderParams,
        body: CreateShipmentSchema,
        response: { 201: ShipmentResponse, 409: problemResponse('CONFLICT: the order is not invoiced yet, or the carrier\'s tracking code is already a shipment') },
      },
    },
    async (request, reply) => {
      const shipment = await createShipment(request.em, callerOf(request).sellerId, request.params.id, request.body);
      return reply.status(201).send(shipmentView({ shipment, trackingEvents: [] }));
    },
  );
}

function listOrderShipmentsRoute(app: RestApp, config: Config): void {
  app.get(
    '/pedidos/:id/envios',
    {
      config: read,
      schema: {
        tags,
        operationId: 'listOrderShipments',
        summary: 'The order\'s shipments, oldest first, each with its tracking events',
        params: OrderParams,
        querystring: pageQuery(config.pageSizeMax).schema,
        response: { 200: listOf(ShipmentResponse) },
      },
    },
    async (request) => {
      callerOf(request);
      return viewPage(await trackedShipmentsOfOrder(request.em, request.params.id, pageRequest(request.query, config.pageSizeDefault)), (rows) => rows.map(shipmentView));
    },
  );
}

function getShipmentRoute(app: RestApp): void {
  app.get(
    '/envios/:id',
    { config: read, schema: { tags, operationId: 'getShipment', summary: 'One shipment with its tracking events', params: ShipmentParams, response: { 200: ShipmentResponse } } },
    async (request) => {
      callerOf(request);
      return shipmentView(await getTrackedShipment(request.em, request.params.id));
    },
  );
}

function recordTrackingEventRoute(app: RestApp): void {
  app.post(
    '/envios/:id/rastreio',
    {
      config: write,
      schema: {
        tags,
        operationId: 'recordTrackingEvent',
        summary: 'Record a tracking event; emits frete.rastreio and rastreio.atualizado',
        params: ShipmentParams,
        body: TrackingEventSchema,
        response: { 201: TrackingEventResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(trackingEventView(await addTrackingEvent(request.em, callerOf(request).sellerId, request.params.id, request.body))),
  );
}

function postCarrierChatMessageRoute(app: RestApp): void {
  app.post(
    '/pedidos/:id/chat-transportadora',
    {
      config: write,
      schema: {
        tags,
        operationId: 'postCarrierChatMessage',
        summary: 'Post to the order\'s carrier chat; emits chatTransportadora',
        params: OrderParams,
        body: ChatMessageSchema,
        response: { 201: ChatMessageResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(chatMessageView(await postCarrierChatMessage(request.em, callerOf(request).sellerId, request.params.id, request.body))),
  );
}

function listCarrierChatMessagesRoute(app: RestApp, config: Config): void {
  app.get(
    '/pedidos/:id/chat-transportadora',
    {
      config: read,
      schema: {
        tags,
        operationId: 'listCarrierChatMessages',
        summary: 'The order\'s carrier chat, oldest message first',
        params: OrderParams,
        querystring: pageQuery(config.pageSizeMax).schema,
        response: { 200: listOf(ChatMessageResponse) },
      },
    },
    async (request) => {
      callerOf(request);
      return viewPage(await carrierChatOfOrder(request.em, request.params.id, pageRequest(request.query, config.pageSizeDefault)), (rows) => rows.map(chatMessageView));
    },
  );
}
