import { Type } from 'typebox';
import { pageQuery, pageRequest, viewPage } from '../../http/pagination.js';
import { problemResponse } from '../../http/problem.js';
import { callerOf, type RestRoutes } from '../../http/rest.js';
import { CHAT_SENDERS, TRACKING_STATUSES, type CarrierChatMessage, type TrackingEvent } from './shipment.entity.js';
import type { TrackedShipment } from './shipment.service.js';
import { addTrackingEvent, carrierChatOfOrder, createShipment, getTrackedShipment, postCarrierChatMessage, trackedShipmentsOfOrder } from './shipment.service.js';
import { ChatMessageSchema, CreateShipmentSchema, TrackingEventSchema } from './logistics.schemas.js';
import { LOGISTICS } from './logistics.platform.js';

const Id = Type.String({ format: 'uuid' });
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const OrderParams = Type.Object({ id: Type.String({ description: 'Order id (UUID)' }) });
const ShipmentParams = Type.Object({ id: Type.String({ description: 'Shipment id (UUID)' }) });

const TrackingEventResponse = Type.Object({
  id: Id,
  status: Type.Enum([...TRACKING_STATUSES]),
  description: Type.String(),
  location: Nullable(Type.String()),
  at: Type.String({ format: 'date-time', description: 'When it happened at the carrier' }),
  recordedAt: Timestamp,
});

const ShipmentResponse = Type.Object({
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

const ChatMessageResponse = Type.Object({
  id: Id,
  order: Id,
  sender: Type.Enum([...CHAT_SENDERS]),
  authorName: Nullable(Type.String()),
  message: Type.String(),
  createdAt: Timestamp,
});

const listOf = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Object({ data: Type.Array(item), nextCursor: Nullable(Type.String()) });

const trackingEventView = (event: TrackingEvent) => ({
  id: event.id,
  status: event.status,
  description: event.description,
  location: event.location,
  at: event.at.toISOString(),
  recordedAt: event.recordedAt.toISOString(),
});

const shipmentView = ({ shipment, trackingEvents }: TrackedShipment) => ({
  id: shipment.id,
  order: shipment.order,
  carrier: shipment.carrier,
  trackingCode: shipment.trackingCode,
  trackingUrl: shipment.trackingUrl,
  status: shipment.status,
  createdAt: shipment.createdAt.toISOString(),
  updatedAt: shipment.updatedAt.toISOString(),
  trackingEvents: trackingEvents.map(trackingEventView),
});

const chatMessageView = (message: CarrierChatMessage) => ({
  id: message.id,
  order: message.order,
  sender: message.sender,
  authorName: message.authorName,
  message: message.message,
  createdAt: message.createdAt.toISOString(),
});

const tags = [LOGISTICS.sources.tag];
const read = { scope: 'orders:read' } as const;
const write = { scope: 'orders:write' } as const;

/**
 * Shipments, tracking events and the carrier chat over REST, for carriers and ERPs: the
 * same services as GraphQL's logistics mutations (docs/platforms.md); translation only.
 */
export const logisticsRoutes: RestRoutes = (app, { config }) => {
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

  app.get(
    '/envios/:id',
    { config: read, schema: { tags, operationId: 'getShipment', summary: 'One shipment with its tracking events', params: ShipmentParams, response: { 200: ShipmentResponse } } },
    async (request) => {
      callerOf(request);
      return shipmentView(await getTrackedShipment(request.em, request.params.id));
    },
  );

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
};
