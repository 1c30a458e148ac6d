import { Type } from 'typebox';
import { defineEvent } from '../events/event-registry.js';
import type { EventInput } from '../events/outbox.js';
import type { Order } from './order.entity.js';
import { OrderSchema, type OrderView } from './orders.schemas.js';
import type { OrderStatus } from './status-machine.js';

// The order events: their data schemas (the same fields as the order's own schema), their
// declaration and one builder each, which every service that records them uses.

const OrderFields = OrderSchema.properties;
const PaymentFields = OrderSchema.properties.payments.items.properties;

const StatusChangedPayload = Type.Object({
  orderId: OrderFields.id,
  number: OrderFields.number,
  from: OrderFields.status,
  to: OrderFields.status,
  at: Type.String({ format: 'date-time' }),
  note: Type.Union([Type.String(), Type.Null()]),
});

const PaymentChangedPayload = Type.Object({
  orderId: OrderFields.id,
  paymentId: PaymentFields.id,
  status: PaymentFields.status,
  amount: PaymentFields.amount,
});

declare module '../events/event-registry.js' {
  interface EventSchemas {
    'pedido.criado': typeof OrderSchema;
    'pedido.status_alterado': typeof StatusChangedPayload;
    'pagamento.alterado': typeof PaymentChangedPayload;
  }
}

export const ORDER_EVENTS = [
  defineEvent('pedido.criado', { payload: OrderSchema, readScope: 'orders:read', group: 'orders' }),
  defineEvent('pedido.status_alterado', { payload: StatusChangedPayload, readScope: 'orders:read', group: 'orders' }),
  defineEvent('pagamento.alterado', { payload: PaymentChangedPayload, readScope: 'orders:read', group: 'payments' }),
];

/** `pedido.criado`: the whole order, as GET /pedidos/{id} shows it. */
export function orderCreated(order: OrderView): EventInput<'pedido.criado'> {
  return { type: 'pedido.criado', aggregateType: 'order', aggregateId: order.id, data: order };
}

export function orderStatusChanged(
  order: Pick<Order, 'id' | 'number'>,
  change: { from: OrderStatus; to: OrderStatus; at: Date; note: string | null },
): EventInput<'pedido.status_alterado'> {
  return {
    type: 'pedido.status_alterado',
    aggregateType: 'order',
    aggregateId: order.id,
    data: { orderId: order.id, number: order.number, from: change.from, to: change.to, at: change.at.toISOString(), note: change.note },
  };
}

/** `pagamento.alterado`, for a payment recorded with its order or later. */
export function paymentChanged(orderId: string, payment: OrderView['payments'][number]): EventInput<'pagamento.alterado'> {
  return {
    type: 'pagamento.alterado',
    aggregateType: 'order',
    aggregateId: orderId,
    data: { orderId, paymentId: payment.id, status: payment.status, amount: payment.amount },
  };
}
