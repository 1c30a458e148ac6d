/** GraphQL output types of the orders domain; field names are the REST ones. */
import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { wireEnum } from '../graphql/enums.js';
import { Node } from '../graphql/node.js';
import { connectionType } from '../graphql/relay.js';
import { DateTime, Money } from '../graphql/scalars.js';
import type { AttentionCode } from './order.entity.js';
import type { PaymentMethod, PaymentStatus } from './order-payment.entity.js';
import type { OrderSort } from './orders.schemas.js';
import type { ManualTarget, OrderStatus } from './status-machine.js';

const STATUS_DESCRIPTIONS: Record<OrderStatus, string> = {
  pendente: 'Placed, payment not yet approved; stock reserved',
  aprovado: 'Approved payments cover the total',
  faturado: 'Invoiced (NF-e issued)',
  enviado: 'Handed to the carrier',
  entregue: 'Delivered to the customer',
  cancelado: 'Cancelled; its reservation released',
};
const { aprovado: _approved, pendente: _pending, ...TARGET_DESCRIPTIONS } = STATUS_DESCRIPTIONS;

export const OrderStatusEnum = wireEnum<OrderStatus>('OrderStatus', 'Where an order is in its life (the source\'s Portuguese names)', STATUS_DESCRIPTIONS);
export const OrderStatusTargetEnum = wireEnum<ManualTarget>(
  'OrderStatusTarget',
  'The statuses a client may move an order to (aprovado comes only from payments)',
  TARGET_DESCRIPTIONS,
);
export const PaymentMethodEnum = wireEnum<PaymentMethod>('PaymentMethod', 'How a payment was made', {
  pix: 'Pix instant transfer',
  credit_card: 'Credit card',
  debit_card: 'Debit card',
  boleto: 'Boleto bancário',
  wallet: 'Digital wallet',
  other: 'Any other method',
});
export const PaymentStatusEnum = wireEnum<PaymentStatus>('PaymentStatus', 'Where a payment stands at the gateway', {
  pending: 'Awaiting confirmation',
  approved: 'Confirmed: counts towards the order total',
  refused: 'Declined',
  refunded: 'Returned to the customer',
});
export const OrderSortEnum = wireEnum<OrderSort>('OrderSort', 'The order of an order list', {
  createdAt: 'Newest first',
  updatedAt: 'Oldest-updated first (incremental sync)',
});

@ObjectType('Customer', { description: 'The buyer of an order' })
export class CustomerType {
  @Field({ description: 'Full name' }) name!: string;
  @Field(() => String, { nullable: true, description: 'E-mail address' }) email!: string | null;
  @Field(() => String, { nullable: true, description: 'Phone number' }) phone!: string | null;
  @Field(() => String, { nullable: true, description: 'CPF or CNPJ without the mask; null when the channel sent none' }) document!: string | null;
}

@ObjectType('DeliveryAddress', { description: 'Where an order is delivered' })
export class DeliveryAddressType {
  @Field({ description: 'Who receives it' }) recipient!: string;
  @Field({ description: 'Street (logradouro)' }) street!: string;
  @Field({ description: 'House number' }) number!: string;
  @Field(() => String, { nullable: true, description: 'Apartment, block…' }) complement!: string | null;
  @Field({ description: 'District (bairro)' }) district!: string;
  @Field({ description: 'City' }) city!: string;
  @Field({ description: 'State (UF), e.g. SP' }) state!: string;
  @Field({ description: 'CEP, 8 digits' }) postalCode!: string;
  @Field({ description: 'ISO country code, e.g. BR' }) country!: string;
}

@ObjectType({ description: 'Computed by the server: total = items + shipping − discount' })
export class OrderAmounts {
  @Field(() => Money, { description: 'Sum of the line totals' }) items!: string;
  @Field(() => Money, { description: 'Shipping charged' }) shipping!: string;
  @Field(() => Money, { description: 'Order-level discount' }) discount!: string;
  @Field(() => Money, { description: 'items + shipping − discount' }) total!: string;
}

@ObjectType('OrderItem', { description: 'A line of an order' })
export class OrderItemType {
  @Field({ description: 'The SKU sold' }) sku!: string;
  @Field({ description: 'Title at the time of sale' }) title!: string;
  @Field(() => Int, { description: 'Units' }) quantity!: number;
  @Field(() => Money, { description: 'Price of one unit' }) unitPrice!: string;
  @Field(() => Money, { description: 'For the whole line' }) discount!: string;
  @Field(() => Money, { description: 'quantity × unitPrice − discount' }) total!: string;
}

@ObjectType('Payment', { description: 'A payment of an order' })
export class OrderPaymentType {
  @Field(() => ID, { description: 'Payment id' }) id!: string;
  @Field(() => PaymentMethodEnum, { description: 'How it was paid' }) method!: string;
  @Field(() => PaymentStatusEnum, { description: 'Where it stands' }) status!: string;
  @Field(() => Money, { description: 'Amount paid' }) amount!: string;
  @Field(() => Int, { description: 'Number of instalments (1: paid at once)' }) installments!: number;
  @Field(() => DateTime, { nullable: true, description: 'When it was paid' }) paidAt!: string | null;
  @Field(() => String, { nullable: true, description: 'The gateway\'s transaction id; a payment with the same one is updated' }) transactionId!: string | null;
}

@ObjectType({ description: 'A status an order reached' })
export class StatusHistoryEntry {
  @Field(() => OrderStatusEnum, { description: 'The status reached' }) status!: string;
  @Field(() => DateTime, { description: 'When' }) at!: string;
  @Field(() => String, { nullable: true, description: 'Note given with the change' }) note!: string | null;
}

export const AttentionCodeEnum = wireEnum<AttentionCode>('AttentionCode', 'Why a channel\'s order needs the seller\'s attention', {
  insufficient_stock: 'Not enough available stock: the SKU is reserved up to what was available',
  unknown_sku: 'A SKU this catalogue does not sell (or the channel\'s listing is not linked): nothing reserved',
});

@ObjectType('AttentionReason', { description: 'Why a channel\'s order needs attention' })
export class AttentionReasonType {
  @Field(() => AttentionCodeEnum, { description: 'What went wrong' }) code!: string;
  @Field({ description: 'The SKU it concerns (as the channel named it, when Ponte does not know it)' }) sku!: string;
  @Field({ description: 'Details for the seller' }) detail!: string;
}

@ObjectType('Invoice', { description: 'The NF-e of an invoiced order' })
export class InvoiceType {
  @Field({ description: 'Invoice number' }) number!: string;
  @Field({ description: 'Invoice series' }) series!: string;
  @Field({ description: 'NF-e access key, 44 digits' }) accessKey!: string;
}

@ObjectType('Shipment', { description: 'The shipment recorded when an order became enviado' })
export class OrderShipmentType {
  @Field({ description: 'Carrier name' }) carrier!: string;
  @Field({ description: 'Tracking code' }) trackingCode!: string;
  @Field(() => String, { nullable: true, description: 'Tracking page' }) trackingUrl!: string | null;
}

/** items, payments and statusHistory are resolved by OrderResolver: from the view when a list read them with its page, else through DataLoaders. */
@ObjectType('Order', { description: 'An order from any channel, in one normalized shape', implements: Node })
@Directive('@key(fields: "id")')
export class OrderType {
  @Field(() => ID, { description: 'Order id (UUID v7)' }) id!: string;
  @Field(() => Int, { description: 'Per-seller sequence' }) number!: number;
  @Field({ description: 'Channel code' }) channel!: string;
  @Field({ description: 'The order\'s id in its channel' }) externalId!: string;
  @Field(() => OrderStatusEnum, { description: 'Current status' }) status!: string;
  @Field(() => CustomerType, { description: 'The buyer' }) customer!: CustomerType;
  @Field(() => DeliveryAddressType, { description: 'Where it goes' }) deliveryAddress!: DeliveryAddressType;
  @Field(() => OrderAmounts, { description: 'Totals computed by the server' }) amounts!: OrderAmounts;
  @Field(() => InvoiceType, { nullable: true, description: 'Set when it became faturado' }) invoice!: InvoiceType | null;
  @Field(() => OrderShipmentType, { nullable: true, description: 'Set when it became enviado' }) shipment!: OrderShipmentType | null;
  @Field(() => String, { nullable: true, description: 'Set when it became cancelado' }) cancellationReason!: string | null;
  @Field({ description: 'A channel\'s sale stored although Ponte could not cover it as sent (see attentionReasons)' }) needsAttention!: boolean;
  @Field(() => [AttentionReasonType], { description: 'Why it needs attention; empty when it does not' }) attentionReasons!: AttentionReasonType[];
  @Field(() => DateTime, { description: 'When the customer placed it on the channel' }) placedAt!: string;
  @Field(() => DateTime, { description: 'When Ponte received it' }) createdAt!: string;
  @Field(() => DateTime, { description: 'When it last changed' }) updatedAt!: string;
}

export const OrderConnection = connectionType('Order', OrderType);

@ObjectType({ description: 'The result of createOrder' })
export class CreateOrderPayload {
  @Field(() => OrderType, { description: 'The order' }) order!: OrderType;
  @Field({ description: 'False when an earlier request (same idempotency key, or same channel and externalId) created it' })
  created!: boolean;
}

@ObjectType({ description: 'The result of changeOrderStatus' })
export class ChangeOrderStatusPayload {
  @Field(() => OrderType, { description: 'The order in its new status' }) order!: OrderType;
}

@ObjectType({ description: 'The result of recordOrderPayment' })
export class RecordOrderPaymentPayload {
  @Field(() => OrderType, { description: 'The order with the payment' }) order!: OrderType;
}
