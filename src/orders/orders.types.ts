/** GraphQL output types of the orders domain; field names are the REST ones. */
import { Directive, Field, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { connectionType } from '../graphql/relay.js';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './order-payment.entity.js';
import { ORDER_SORTS } from './orders.schemas.js';
import { MANUAL_TARGETS, ORDER_STATUSES } from './status-machine.js';

const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((value) => [value, value])) as Record<T, T>;

export const OrderStatusEnum = enumOf(ORDER_STATUSES);
export const OrderStatusTargetEnum = enumOf(MANUAL_TARGETS);
export const PaymentMethodEnum = enumOf(PAYMENT_METHODS);
export const PaymentStatusEnum = enumOf(PAYMENT_STATUSES);
export const OrderSortEnum = enumOf(ORDER_SORTS);
registerEnumType(OrderStatusEnum, { name: 'OrderStatus' });
registerEnumType(OrderStatusTargetEnum, { name: 'OrderStatusTarget', description: 'The statuses a client may move an order to' });
registerEnumType(PaymentMethodEnum, { name: 'PaymentMethod' });
registerEnumType(PaymentStatusEnum, { name: 'PaymentStatus' });
registerEnumType(OrderSortEnum, { name: 'OrderSort', description: 'createdAt: newest first; updatedAt: oldest-updated first (incremental sync)' });

@ObjectType()
export class Customer {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field({ description: 'CPF or CNPJ without the mask' }) document!: string;
}

@ObjectType()
export class DeliveryAddress {
  @Field() recipient!: string;
  @Field() street!: string;
  @Field() number!: string;
  @Field(() => String, { nullable: true }) complement!: string | null;
  @Field() district!: string;
  @Field() city!: string;
  @Field() state!: string;
  @Field() postalCode!: string;
  @Field() country!: string;
}

@ObjectType({ description: 'Computed by the server: total = items + shipping − discount' })
export class OrderAmounts {
  @Field() items!: string;
  @Field() shipping!: string;
  @Field() discount!: string;
  @Field() total!: string;
}

@ObjectType()
export class OrderItem {
  @Field() sku!: string;
  @Field() title!: string;
  @Field(() => Int) quantity!: number;
  @Field() unitPrice!: string;
  @Field({ description: 'For the whole line' }) discount!: string;
  @Field({ description: 'quantity × unitPrice − discount' }) total!: string;
}

@ObjectType()
export class Payment {
  @Field(() => ID) id!: string;
  @Field(() => PaymentMethodEnum) method!: string;
  @Field(() => PaymentStatusEnum) status!: string;
  @Field() amount!: string;
  @Field(() => Int) installments!: number;
  @Field(() => GraphQLISODateTime, { nullable: true }) paidAt!: string | null;
  @Field(() => String, { nullable: true }) transactionId!: string | null;
}

@ObjectType()
export class StatusHistoryEntry {
  @Field(() => OrderStatusEnum) status!: string;
  @Field(() => GraphQLISODateTime) at!: string;
  @Field(() => String, { nullable: true }) note!: string | null;
}

@ObjectType()
export class Invoice {
  @Field() number!: string;
  @Field() series!: string;
  @Field({ description: 'NF-e access key, 44 digits' }) accessKey!: string;
}

@ObjectType('Shipment')
export class OrderShipmentType {
  @Field() carrier!: string;
  @Field() trackingCode!: string;
  @Field(() => String, { nullable: true }) trackingUrl!: string | null;
}

/** items, payments and statusHistory are resolved by OrderResolver through DataLoaders. */
@ObjectType({ description: 'An order from any channel, in one normalized shape' })
@Directive('@key(fields: "id")')
export class Order {
  @Field(() => ID) id!: string;
  @Field(() => Int, { description: 'Per-seller sequence' }) number!: number;
  @Field({ description: 'Channel code' }) channel!: string;
  @Field({ description: 'The order\'s id in its channel' }) externalId!: string;
  @Field(() => OrderStatusEnum) status!: string;
  @Field(() => Customer) customer!: Customer;
  @Field(() => DeliveryAddress) deliveryAddress!: DeliveryAddress;
  @Field(() => OrderAmounts) amounts!: OrderAmounts;
  @Field(() => Invoice, { nullable: true }) invoice!: Invoice | null;
  @Field(() => OrderShipmentType, { nullable: true }) shipment!: OrderShipmentType | null;
  @Field(() => String, { nullable: true }) cancellationReason!: string | null;
  @Field(() => GraphQLISODateTime) placedAt!: string;
  @Field(() => GraphQLISODateTime) createdAt!: string;
  @Field(() => GraphQLISODateTime) updatedAt!: string;
}

export const OrderConnection = connectionType('Order', Order);

@ObjectType()
export class CreateOrderResult {
  @Field(() => Order) order!: Order;
  @Field({ description: 'False when an earlier request (same idempotency key, or same channel and externalId) created it' })
  created!: boolean;
}
