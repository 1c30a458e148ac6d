import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { wireEnum } from '../../graphql/enums.js';
import { Node } from '../../graphql/node.js';
import { connectionType } from '../../graphql/relay.js';
import { DateTime } from '../../graphql/scalars.js';
import type { ChatSender, TrackingStatus } from './shipment.entity.js';

export const TrackingStatusEnum = wireEnum<TrackingStatus>('TrackingStatus', 'What a carrier reported about a package', {
  posted: 'Handed to the carrier',
  in_transit: 'On its way',
  out_for_delivery: 'With the courier for delivery',
  delivered: 'Delivered',
  delivery_failed: 'A delivery attempt failed',
  returned: 'Returned to the seller',
});
export const ChatSenderEnum = wireEnum<ChatSender>('ChatSender', 'Who wrote a carrier chat message', {
  seller: 'The seller',
  carrier: 'The carrier',
});

@ObjectType({ description: 'What the carrier reported; each one is sent as frete.rastreio and rastreio.atualizado' })
export class TrackingEventType {
  @Field(() => ID, { description: 'Tracking event id' }) id!: string;
  @Field(() => TrackingStatusEnum, { description: 'What happened' }) status!: string;
  @Field({ description: 'The carrier\'s words' }) description!: string;
  @Field(() => String, { nullable: true, description: 'Where it happened' }) location!: string | null;
  @Field(() => DateTime, { description: 'When it happened at the carrier' }) at!: Date;
  @Field(() => DateTime, { description: 'When Ponte recorded it' }) recordedAt!: Date;
}

@ObjectType('TrackedShipment', { description: 'A package of an order in a carrier\'s hands, with its tracking events', implements: Node })
export class ShipmentType {
  @Field(() => ID, { description: 'Shipment id (UUID v7)' }) id!: string;
  @Field(() => ID, { description: 'The order it carries' }) order!: string;
  @Field({ description: 'Carrier name' }) carrier!: string;
  @Field({ description: 'Tracking code' }) trackingCode!: string;
  @Field(() => String, { nullable: true, description: 'Tracking page' }) trackingUrl!: string | null;
  @Field(() => TrackingStatusEnum, { nullable: true, description: 'Of the latest tracking event; null before the first' })
  status!: string | null;
  @Field(() => DateTime, { description: 'When it was created' }) createdAt!: Date;
  @Field(() => DateTime, { description: 'When it last changed' }) updatedAt!: Date;
}

@ObjectType('CarrierChatMessage', { description: 'A message of an order\'s chat with its carrier (chatTransportadora)' })
export class CarrierChatMessageType {
  @Field(() => ID, { description: 'Message id' }) id!: string;
  @Field(() => ID, { description: 'The order the chat is about' }) order!: string;
  @Field(() => ChatSenderEnum, { description: 'Who wrote it' }) sender!: string;
  @Field(() => String, { nullable: true, description: 'The person who wrote it' }) authorName!: string | null;
  @Field({ description: 'The text' }) message!: string;
  @Field(() => DateTime, { description: 'When it was posted' }) createdAt!: Date;
}

export const CarrierChatConnection = connectionType('CarrierChatMessage', CarrierChatMessageType);

@InputType({ description: 'Input of createShipment' })
export class CreateShipmentInput {
  @Field(() => ID, { description: 'An invoiced (or later) order' }) orderId!: string;
  @Field({ description: 'Carrier name' }) carrier!: string;
  @Field({ description: 'Tracking code' }) trackingCode!: string;
  @Field({ nullable: true, description: 'Tracking page' }) trackingUrl?: string;
}

@InputType({ description: 'Input of addTrackingEvent' })
export class AddTrackingEventInput {
  @Field(() => ID, { description: 'The shipment' }) shipmentId!: string;
  @Field(() => TrackingStatusEnum, { description: 'What happened' }) status!: string;
  @Field({ description: 'The carrier\'s words' }) description!: string;
  @Field({ nullable: true, description: 'Where it happened' }) location?: string;
  @Field(() => DateTime, { nullable: true, description: 'When it happened at the carrier; defaults to now' }) at?: Date;
}

@InputType({ description: 'Input of postCarrierChatMessage' })
export class PostCarrierChatMessageInput {
  @Field(() => ID, { description: 'The order the chat is about' }) orderId!: string;
  @Field(() => ChatSenderEnum, { description: 'Who writes it' }) sender!: string;
  @Field({ nullable: true, description: 'The person who writes it' }) authorName?: string;
  @Field({ description: 'The text' }) message!: string;
}

@ObjectType({ description: 'The result of createShipment' })
export class CreateShipmentPayload {
  @Field(() => ShipmentType, { description: 'The new shipment' }) shipment!: ShipmentType;
}

@ObjectType({ description: 'The result of addTrackingEvent' })
export class AddTrackingEventPayload {
  @Field(() => TrackingEventType, { description: 'The recorded event' }) trackingEvent!: TrackingEventType;
}

@ObjectType({ description: 'The result of postCarrierChatMessage' })
export class PostCarrierChatMessagePayload {
  @Field(() => CarrierChatMessageType, { description: 'The posted message' }) message!: CarrierChatMessageType;
}
