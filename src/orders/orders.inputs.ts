/**
 * GraphQL inputs of the orders domain. They mirror the REST bodies field for field and
 * are validated against the same TypeBox schemas (see order.resolver.ts).
 */
import { Field, ID, InputType, Int } from 'type-graphql';
import { DateTime, Money } from '../graphql/scalars.js';
import { OrderStatusEnum, OrderStatusTargetEnum, PaymentMethodEnum, PaymentStatusEnum } from './orders.types.js';

@InputType({ description: 'The buyer of an order' })
export class CustomerInput {
  @Field({ description: 'Full name' }) name!: string;
  @Field({ nullable: true, description: 'E-mail address' }) email?: string;
  @Field({ nullable: true, description: 'Phone number' }) phone?: string;
  @Field({ description: 'CPF or CNPJ, with or without the mask (check digits verified)' }) document!: string;
}

@InputType({ description: 'Where an order is delivered' })
export class DeliveryAddressInput {
  @Field({ description: 'Who receives it' }) recipient!: string;
  @Field({ description: 'Street (logradouro)' }) street!: string;
  @Field({ description: 'House number' }) number!: string;
  @Field({ nullable: true, description: 'Apartment, block…' }) complement?: string;
  @Field({ description: 'District (bairro)' }) district!: string;
  @Field({ description: 'City' }) city!: string;
  @Field({ description: 'UF, e.g. SP' }) state!: string;
  @Field({ description: 'CEP, 8 digits' }) postalCode!: string;
  @Field({ nullable: true, description: 'ISO country code; default BR' }) country?: string;
}

@InputType({ description: 'A line of a new order' })
export class OrderItemInput {
  @Field({ description: 'A sellable SKU of the catalogue' }) sku!: string;
  @Field(() => Int, { description: 'Units, at least 1' }) quantity!: number;
  @Field(() => Money, { description: 'Price of one unit' }) unitPrice!: string;
  @Field(() => Money, { nullable: true, description: 'For the whole line; default 0' }) discount?: string;
  @Field({ nullable: true, description: 'Default: the catalogue title' }) title?: string;
}

@InputType({ description: 'A payment of an order' })
export class PaymentInput {
  @Field(() => PaymentMethodEnum, { description: 'How it was paid' }) method!: string;
  @Field(() => PaymentStatusEnum, { description: 'Where it stands' }) status!: string;
  @Field(() => Money, { description: 'Amount paid' }) amount!: string;
  @Field(() => Int, { nullable: true, description: 'Number of instalments; default 1' }) installments?: number;
  @Field({ nullable: true, description: 'The gateway\'s transaction id; a payment with the same one is updated' }) transactionId?: string;
  @Field(() => DateTime, { nullable: true, description: 'When it was paid' }) paidAt?: Date;
}

@InputType({ description: 'Input of createOrder: the body of POST /pedidos plus its idempotency key' })
export class CreateOrderInput {
  @Field({ nullable: true, description: 'Behaves as the Idempotency-Key header of POST /pedidos' }) idempotencyKey?: string;
  @Field({ description: 'Code of a configured channel' }) channel!: string;
  @Field({ description: 'The order\'s id in its channel; unique per channel' }) externalId!: string;
  @Field(() => DateTime, { nullable: true, description: 'When the customer placed it; default now' }) placedAt?: Date;
  @Field(() => CustomerInput, { description: 'The buyer' }) customer!: CustomerInput;
  @Field(() => DeliveryAddressInput, { description: 'Where it goes' }) deliveryAddress!: DeliveryAddressInput;
  @Field(() => [OrderItemInput], { description: 'The lines, at least one' }) items!: OrderItemInput[];
  @Field(() => Money, { nullable: true, description: 'Shipping charged; default 0' }) shipping?: string;
  @Field(() => Money, { nullable: true, description: 'Order-level discount; default 0' }) discount?: string;
  @Field(() => [PaymentInput], { nullable: true, description: 'Payments known at creation' }) payments?: PaymentInput[];
  @Field(() => Money, { nullable: true, description: 'When given, must equal the computed total' }) total?: string;
  @Field({ nullable: true, description: 'Accept the order even when stock does not cover it' }) allowOversell?: boolean;
}

@InputType({ description: 'The NF-e of an invoiced order' })
export class InvoiceInput {
  @Field({ description: 'Invoice number' }) number!: string;
  @Field({ description: 'Invoice series' }) series!: string;
  @Field({ description: 'NF-e access key, 44 digits' }) accessKey!: string;
}

@InputType({ description: 'The shipment of an order becoming enviado' })
export class ShipmentInput {
  @Field({ description: 'Carrier name' }) carrier!: string;
  @Field({ description: 'Tracking code' }) trackingCode!: string;
  @Field({ nullable: true, description: 'Tracking page' }) trackingUrl?: string;
}

@InputType({ description: 'Input of changeOrderStatus' })
export class ChangeOrderStatusInput {
  @Field(() => ID, { description: 'The order' }) orderId!: string;
  @Field(() => OrderStatusTargetEnum, { description: 'The status to move it to' }) status!: string;
  @Field(() => InvoiceInput, { nullable: true, description: 'Required for faturado' }) invoice?: InvoiceInput;
  @Field(() => ShipmentInput, { nullable: true, description: 'Required for enviado' }) shipment?: ShipmentInput;
  @Field({ nullable: true, description: 'Required for cancelado' }) reason?: string;
  @Field({ nullable: true, description: 'Kept in the status history' }) note?: string;
}

@InputType({ description: 'Input of recordOrderPayment' })
export class RecordOrderPaymentInput {
  @Field(() => ID, { description: 'The order' }) orderId!: string;
  @Field(() => PaymentInput, { description: 'The payment to record' }) payment!: PaymentInput;
}

@InputType({ description: 'Which orders a list returns; omitted fields do not filter' })
export class OrderFilterInput {
  @Field({ nullable: true, description: 'Channel code' }) channel?: string;
  @Field(() => [OrderStatusEnum], { nullable: true, description: 'Any of these statuses' }) status?: string[];
  @Field({
    nullable: true,
    description: 'Orders whose externalId is this, whose customer document (CPF or CNPJ, with or without the mask) is this, or whose customer name contains it (case and accents ignored)',
  })
  search?: string;
  @Field(() => DateTime, { nullable: true, description: 'Created at or after (inclusive)' }) createdFrom?: Date;
  @Field(() => DateTime, { nullable: true, description: 'Created before (exclusive)' }) createdTo?: Date;
  @Field(() => DateTime, { nullable: true, description: 'Placed (the sale date in its channel, placedAt) at or after (inclusive)' }) placedFrom?: Date;
  @Field(() => DateTime, { nullable: true, description: 'Placed (placedAt) before (exclusive)' }) placedTo?: Date;
  @Field(() => DateTime, { nullable: true, description: 'Updated at or after (inclusive)' }) updatedSince?: Date;
  @Field({ nullable: true, description: 'true: only channel orders that need attention; false: only the others' }) needsAttention?: boolean;
}
