/**
 * GraphQL inputs of the orders domain. They mirror the REST bodies field for field and
 * are validated against the same TypeBox schemas (see resolver.ts).
 */
import { Field, GraphQLISODateTime, InputType, Int } from 'type-graphql';
import { OrderStatusEnum, OrderStatusTargetEnum, PaymentMethodEnum, PaymentStatusEnum } from './graphql-types.js';

@InputType()
export class CustomerInput {
  @Field() name!: string;
  @Field({ nullable: true }) email?: string;
  @Field({ nullable: true }) phone?: string;
  @Field({ description: 'CPF or CNPJ, with or without the mask' }) document!: string;
}

@InputType()
export class DeliveryAddressInput {
  @Field() recipient!: string;
  @Field() street!: string;
  @Field() number!: string;
  @Field({ nullable: true }) complement?: string;
  @Field() district!: string;
  @Field() city!: string;
  @Field({ description: 'UF, e.g. SP' }) state!: string;
  @Field({ description: 'CEP, 8 digits' }) postalCode!: string;
  @Field({ nullable: true, description: 'Default BR' }) country?: string;
}

@InputType()
export class OrderItemInput {
  @Field() sku!: string;
  @Field(() => Int) quantity!: number;
  @Field() unitPrice!: string;
  @Field({ nullable: true, description: 'For the whole line' }) discount?: string;
  @Field({ nullable: true }) title?: string;
}

@InputType()
export class PaymentInput {
  @Field(() => PaymentMethodEnum) method!: string;
  @Field(() => PaymentStatusEnum) status!: string;
  @Field() amount!: string;
  @Field(() => Int, { nullable: true }) installments?: number;
  @Field({ nullable: true }) transactionId?: string;
  @Field(() => GraphQLISODateTime, { nullable: true }) paidAt?: Date;
}

@InputType()
export class CreateOrderInput {
  @Field() channel!: string;
  @Field() externalId!: string;
  @Field(() => GraphQLISODateTime, { nullable: true }) placedAt?: Date;
  @Field(() => CustomerInput) customer!: CustomerInput;
  @Field(() => DeliveryAddressInput) deliveryAddress!: DeliveryAddressInput;
  @Field(() => [OrderItemInput]) items!: OrderItemInput[];
  @Field({ nullable: true }) shipping?: string;
  @Field({ nullable: true }) discount?: string;
  @Field(() => [PaymentInput], { nullable: true }) payments?: PaymentInput[];
  @Field({ nullable: true, description: 'When given, must equal the computed total' }) total?: string;
  @Field({ nullable: true }) allowOversell?: boolean;
}

@InputType()
export class InvoiceInput {
  @Field() number!: string;
  @Field() series!: string;
  @Field() accessKey!: string;
}

@InputType()
export class ShipmentInput {
  @Field() carrier!: string;
  @Field() trackingCode!: string;
  @Field({ nullable: true }) trackingUrl?: string;
}

@InputType()
export class ChangeOrderStatusInput {
  @Field(() => OrderStatusTargetEnum) status!: string;
  @Field(() => InvoiceInput, { nullable: true, description: 'Required for faturado' }) invoice?: InvoiceInput;
  @Field(() => ShipmentInput, { nullable: true, description: 'Required for enviado' }) shipment?: ShipmentInput;
  @Field({ nullable: true, description: 'Required for cancelado' }) reason?: string;
  @Field({ nullable: true }) note?: string;
}

@InputType()
export class OrderFilterInput {
  @Field({ nullable: true }) channel?: string;
  @Field(() => [OrderStatusEnum], { nullable: true }) status?: string[];
  @Field(() => GraphQLISODateTime, { nullable: true }) createdFrom?: Date;
  @Field(() => GraphQLISODateTime, { nullable: true }) createdTo?: Date;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'placedAt (the sale date in its channel) at or after' }) placedFrom?: Date;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'placedAt (the sale date in its channel) before' }) placedTo?: Date;
  @Field(() => GraphQLISODateTime, { nullable: true }) updatedSince?: Date;
}
