import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { CurrentSeller } from '../../graphql/caller.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { listArgs } from '../../graphql/list-args.js';
import { validInput } from '../../graphql/plain-input.js';
import { toConnection, type Connection } from '../../graphql/relay.js';
import { pageQuery } from '../../http/pagination.js';
import { compileInput } from '../../http/validation.js';
import { childrenLoader } from '../products.loaders.js';
import {
  CarrierChatConnection,
  CarrierChatMessageInput,
  CarrierChatMessageType,
  CreateShipmentInput,
  ShipmentType,
  TrackingEventInput,
  TrackingEventType,
} from './logistics.types.js';
import * as schemas from './logistics.schemas.js';
import { CarrierChatMessage, TrackingEvent, type Shipment } from './shipment.entity.js';
import { addTrackingEvent, carrierChatOfOrder, createShipment, findShipment, postCarrierChatMessage, shipmentsOfOrder } from './shipment.service.js';

/** Shipments, tracking and the carrier chat: orders' logistics, under the orders scopes. */
const createShipmentValidator = compileInput(schemas.CreateShipmentSchema);
const trackingEventValidator = compileInput(schemas.TrackingEventSchema);
const chatMessageValidator = compileInput(schemas.ChatMessageSchema);

@Resolver(() => ShipmentType)
export class LogisticsResolver {
  @Authorized('orders:read')
  @Query(() => [ShipmentType], { description: 'The order\'s shipments, oldest first' })
  async shipments(@Arg('orderId', () => ID) orderId: string, @Ctx() { em }: GraphQLContext): Promise<Shipment[]> {
    return shipmentsOfOrder(em, orderId);
  }

  @Authorized('orders:read')
  @Query(() => ShipmentType, { nullable: true })
  async shipment(@Arg('id', () => ID) id: string, @Ctx() { em }: GraphQLContext): Promise<Shipment | null> {
    return findShipment(em, id);
  }

  @Authorized('orders:read')
  @Query(() => CarrierChatConnection, { description: 'The order\'s chat with its carrier, oldest message first' })
  async carrierChat(
    @Arg('orderId', () => ID) orderId: string,
    @Ctx() context: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<Connection<CarrierChatMessage>> {
    const { page } = listArgs(context, pageQuery, { first, after });
    return toConnection(await carrierChatOfOrder(context.em, orderId, page), (row) => [row.id], (row) => row);
  }

  @Authorized('orders:write')
  @Mutation(() => ShipmentType, { description: 'A shipment of an invoiced (or later) order' })
  async createShipment(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('input', () => CreateShipmentInput) input: CreateShipmentInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<Shipment> {
    return createShipment(em, sellerId, orderId, validInput(createShipmentValidator, input));
  }

  @Authorized('orders:write')
  @Mutation(() => TrackingEventType, { description: 'Records a tracking event; emits frete.rastreio and rastreio.atualizado' })
  async addTrackingEvent(
    @Arg('shipmentId', () => ID) shipmentId: string,
    @Arg('input', () => TrackingEventInput) input: TrackingEventInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<TrackingEvent> {
    return addTrackingEvent(em, sellerId, shipmentId, validInput(trackingEventValidator, input));
  }

  @Authorized('orders:write')
  @Mutation(() => CarrierChatMessageType, { description: 'Posts to the order\'s carrier chat; emits chatTransportadora' })
  async postCarrierChatMessage(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('input', () => CarrierChatMessageInput) input: CarrierChatMessageInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<CarrierChatMessage> {
    return postCarrierChatMessage(em, sellerId, orderId, validInput(chatMessageValidator, input));
  }

  @FieldResolver(() => [TrackingEventType], { description: 'In the order they were recorded' })
  async trackingEvents(@Root() shipment: Shipment, @Ctx() context: GraphQLContext): Promise<TrackingEvent[]> {
    return childrenLoader(context, TrackingEvent, 'shipment').load(shipment.id);
  }
}
