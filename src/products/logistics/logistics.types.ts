import { Field, GraphQLISODateTime, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { connectionType } from '../../graphql/relay.js';
import { CHAT_SENDERS, TRACKING_STATUSES } from './shipment.entity.js';

const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((value) => [value, value])) as Record<T, T>;
export const TrackingStatusEnum = enumOf(TRACKING_STATUSES);
export const ChatSenderEnum = enumOf(CHAT_SENDERS);
registerEnumType(TrackingStatusEnum, { name: 'TrackingStatus' });
registerEnumType(ChatSenderEnum, { name: 'ChatSender' });

@ObjectType({ description: 'What the carrier reported; each one is sent as frete.rastreio and rastreio.atualizado' })
export class TrackingEventType {
  @Field(() => ID) id!: string;
  @Field(() => TrackingStatusEnum) status!: string;
  @Field() description!: string;
  @Field(() => String, { nullable: true }) location!: string | null;
  @Field(() => GraphQLISODateTime, { description: 'When it happened at the carrier' }) at!: Date;
  @Field(() => GraphQLISODateTime) recordedAt!: Date;
}

@ObjectType('TrackedShipment', { description: 'A package of an order in a carrier\'s hands, with its tracking events' })
export class ShipmentType {
  @Field(() => ID) id!: string;
  @Field(() => ID) order!: string;
  @Field() carrier!: string;
  @Field() trackingCode!: string;
  @Field(() => String, { nullable: true }) trackingUrl!: string | null;
  @Field(() => TrackingStatusEnum, { nullable: true, description: 'Of the latest tracking event; null before the first' })
  status!: string | null;
  @Field(() => GraphQLISODateTime) createdAt!: Date;
  @Field(() => GraphQLISODateTime) updatedAt!: Date;
}

@ObjectType('CarrierChatMessage', { description: 'A message of an order\'s chat with its carrier (chatTransportadora)' })
export class CarrierChatMessageType {
  @Field(() => ID) id!: string;
  @Field(() => ID) order!: string;
  @Field(() => ChatSenderEnum) sender!: string;
  @Field(() => String, { nullable: true }) authorName!: string | null;
  @Field() message!: string;
  @Field(() => GraphQLISODateTime) createdAt!: Date;
}

export const CarrierChatConnection = connectionType('CarrierChatMessage', CarrierChatMessageType);

@InputType()
export class CreateShipmentInput {
  @Field() carrier!: string;
  @Field() trackingCode!: string;
  @Field({ nullable: true }) trackingUrl?: string;
}

@InputType()
export class TrackingEventInput {
  @Field(() => TrackingStatusEnum) status!: string;
  @Field() description!: string;
  @Field({ nullable: true }) location?: string;
  @Field({ nullable: true, description: 'ISO 8601; defaults to now' }) at?: string;
}

@InputType()
export class CarrierChatMessageInput {
  @Field(() => ChatSenderEnum) sender!: string;
  @Field({ nullable: true }) authorName?: string;
  @Field() message!: string;
}
