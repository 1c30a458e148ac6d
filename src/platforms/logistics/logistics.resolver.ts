import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { CurrentSeller } from '../../graphql/caller.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { listArgs } from '../../graphql/list-args.js';
import type { NodeType } from '../../graphql/node.js';
import { validInput } from '../../graphql/plain-input.js';
import { AFTER, FIRST, toConnection, type Connection } from '../../graphql/relay.js';
import { pageQuery } from '../../http/pagination.js';
import { compileInput } from '../../http/validation.js';
import { childrenLoader } from '../platforms.loaders.js';
import {
  AddTrackingEventInput,
  AddTrackingEventPayload,
  CarrierChatConnection,
  CreateShipmentInput,
  CreateShipmentPayload,
  PostCarrierChatMessageInput,
  PostCarrierChatMessagePayload,
  ShipmentType,
  TrackingEventType,
} from './logistics.types.js';
import * as schemas from './logistics.schemas.js';
import { CarrierChatMessage, TrackingEvent, type Shipment } from './shipment.entity.js';
import { MaxItems } from '../../graphql/list-size.js';
import { SHIPMENTS_PER_ORDER_MAX, TRACKING_EVENTS_MAX, addTrackingEvent, carrierChatOfOrder, createShipment, findShipment, findShipments, postCarrierChatMessage, shipmentsOfOrder } from './shipment.service.js';

/** Shipments, tracking and the carrier chat: orders' logistics, under the orders scopes. */
const createShipmentValidator = compileInput(schemas.CreateShipmentSchema);
const trackingEventValidator = compileInput(schemas.TrackingEventSchema);
const chatMessageValidator = compileInput(schemas.ChatMessageSchema);

/** Relay: shipments by id, under the orders scope like the shipment query. */
export const shipmentNode: NodeType = { readScope: 'orders:read', find: ({ em }, ids) => findShipments(em, ids) };

@Resolver(() => ShipmentType)
export class LogisticsResolver {
  @Authorized('orders:read')
  @MaxItems(SHIPMENTS_PER_ORDER_MAX)
  @Query(() => [ShipmentType], { description: `The order's shipments, oldest first (at most ${SHIPMENTS_PER_ORDER_MAX})` })
  async shipments(@Arg('orderId', () => ID, { description: 'The order' }) orderId: string, @Ctx() { em }: GraphQLContext): Promise<Shipment[]> {
    return shipmentsOfOrder(em, orderId);
  }

  @Authorized('orders:read')
  @Query(() => ShipmentType, { nullable: true, description: 'A shipment; null when none of the seller has this id' })
  async shipment(@Arg('id', () => ID, { description: 'The shipment id' }) id: string, @Ctx() { em }: GraphQLContext): Promise<Shipment | null> {
    return findShipment(em, id);
  }

  @Authorized('orders:read')
  @Query(() => CarrierChatConnection, { description: 'The order\'s chat with its carrier, oldest message first' })
  async carrierChat(
    @Arg('orderId', () => ID, { description: 'The order' }) orderId: string,
    @Ctx() context: GraphQLContext,
    @Arg('first', () => Int, { nullable: true, description: FIRST }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER }) after?: string,
  ): Promise<Connection<CarrierChatMessage>> {
    const { page } = listArgs(context, pageQuery, { first, after });
    return toConnection(await carrierChatOfOrder(context.em, orderId, page), (row) => [row.id], (row) => row);
  }

  @Authorized('orders:write')
  @Mutation(() => CreateShipmentPayload, { description: 'A shipment of an invoiced (or later) order' })
  async createShipment(
    @Arg('input', () => CreateShipmentInput, { description: 'The order and the package' }) { orderId, ...shipment }: CreateShipmentInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<{ shipment: Shipment }> {
    return { shipment: await createShipment(em, sellerId, orderId, validInput(createShipmentValidator, shipment)) };
  }

  @Authorized('orders:write')
  @Mutation(() => AddTrackingEventPayload, { description: 'Records a tracking event; emits frete.rastreio and rastreio.atualizado' })
  async addTrackingEvent(
    @Arg('input', () => AddTrackingEventInput, { description: 'The shipment and what happened' }) { shipmentId, ...event }: AddTrackingEventInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<{ trackingEvent: TrackingEvent }> {
    return { trackingEvent: await addTrackingEvent(em, sellerId, shipmentId, validInput(trackingEventValidator, event)) };
  }

  @Authorized('orders:write')
  @Mutation(() => PostCarrierChatMessagePayload, { description: 'Posts to the order\'s carrier chat; emits chatTransportadora' })
  async postCarrierChatMessage(
    @Arg('input', () => PostCarrierChatMessageInput, { description: 'The order and the message' }) { orderId, ...message }: PostCarrierChatMessageInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<{ message: CarrierChatMessage }> {
    return { message: await postCarrierChatMessage(em, sellerId, orderId, validInput(chatMessageValidator, message)) };
  }

  @MaxItems(TRACKING_EVENTS_MAX)
  @FieldResolver(() => [TrackingEventType], { description: `In the order they were recorded (at most ${TRACKING_EVENTS_MAX})` })
  async trackingEvents(@Root() shipment: Shipment, @Ctx() context: GraphQLContext): Promise<TrackingEvent[]> {
    return childrenLoader(context, TrackingEvent, 'shipment').load(shipment.id);
  }
}
