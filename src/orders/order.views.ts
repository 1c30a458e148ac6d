import type { EntityManager } from '@mikro-orm/postgresql';
import { readRows, type Row } from '../db/read-rows.js';
import { OrderItem } from './order-item.entity.js';
import { OrderPayment } from './order-payment.entity.js';
import { OrderStatusChange } from './order-status-change.entity.js';
import type { Order } from './order.entity.js';
import type { OrderView } from './orders.schemas.js';

export type OrderChildKind = 'items' | 'payments' | 'statusHistory';
type Children = OrderChildKind;

/** An order without its lines: what a list page holds before the children are batched in. */
export type OrderHeaderView = Omit<OrderView, Children> & Partial<Pick<OrderView, Children>>;

export type ItemView = OrderView['items'][number];
export type PaymentView = OrderView['payments'][number];
export type StatusEntryView = OrderView['statusHistory'][number];

export interface OrderChildren {
  items: ItemView[];
  payments: PaymentView[];
  statusHistory: StatusEntryView[];
}

export function toHeaderView(order: Row<Order>): OrderHeaderView {
  return {
    id: order.id,
    number: order.number,
    channel: order.channel,
    externalId: order.externalId,
    status: order.status,
    customer: order.customer,
    deliveryAddress: order.deliveryAddress,
    amounts: { items: order.itemsAmount, shipping: order.shippingAmount, discount: order.discountAmount, total: order.totalAmount },
    invoice: order.invoice,
    shipment: order.shipment,
    cancellationReason: order.cancellationReason,
    needsAttention: order.needsAttention,
    attentionReasons: order.attentionReasons,
    placedAt: order.placedAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

export function toOrderView(order: Row<Order>, children: OrderChildren): OrderView {
  return { ...toHeaderView(order), ...children };
}

export const toItemView = (item: Row<OrderItem>): ItemView => ({
  sku: item.sku,
  title: item.title,
  quantity: item.quantity,
  unitPrice: item.unitPrice,
  discount: item.discount,
  total: item.total,
});

export const toPaymentView = (payment: Row<OrderPayment>): PaymentView => ({
  id: payment.id,
  method: payment.method,
  status: payment.status,
  amount: payment.amount,
  installments: payment.installments,
  paidAt: payment.paidAt?.toISOString() ?? null,
  transactionId: payment.transactionId,
});

export const toStatusEntryView = (change: Row<OrderStatusChange>): StatusEntryView => ({
  status: change.status,
  at: change.at.toISOString(),
  note: change.note,
});

function groupBy<T extends { readonly order: string }, V>(orderIds: readonly string[], rows: readonly T[], view: (row: T) => V): Map<string, V[]> {
  const groups = new Map<string, V[]>(orderIds.map((id) => [id, []]));
  for (const row of rows) groups.get(row.order)?.push(view(row));
  return groups;
}

/** Items of many orders in one statement, grouped by order id in line order; plain rows (read-rows.ts). */
export async function loadItems(em: EntityManager, orderIds: readonly string[]): Promise<Map<string, ItemView[]>> {
  const rows = await readRows(em, OrderItem, [{ property: 'order', anyOf: orderIds }], { orderBy: [['order', 'asc'], ['position', 'asc']] });
  return groupBy(orderIds, rows, toItemView);
}

export async function loadPayments(em: EntityManager, orderIds: readonly string[]): Promise<Map<string, PaymentView[]>> {
  const rows = await readRows(em, OrderPayment, [{ property: 'order', anyOf: orderIds }], { orderBy: [['createdAt', 'asc'], ['id', 'asc']] });
  return groupBy(orderIds, rows, toPaymentView);
}

export async function loadStatusHistory(em: EntityManager, orderIds: readonly string[]): Promise<Map<string, StatusEntryView[]>> {
  const rows = await readRows(em, OrderStatusChange, [{ property: 'order', anyOf: orderIds }], { orderBy: [['at', 'asc'], ['id', 'asc']] });
  return groupBy(orderIds, rows, toStatusEntryView);
}

const CHILD_LOADERS: Record<Children, (em: EntityManager, orderIds: readonly string[]) => Promise<Map<string, unknown[]>>> = {
  items: loadItems,
  payments: loadPayments,
  statusHistory: loadStatusHistory,
};

/**
 * Header views of a page of orders with the children a caller will show already in them:
 * one statement per kind asked for, whatever the page size. GraphQL's lists use it so
 * that 50 orders' children are not resolved one order at a time through DataLoaders.
 */
export async function headerViewsWith(em: EntityManager, orders: readonly Row<Order>[], kinds: readonly Children[]): Promise<OrderHeaderView[]> {
  const views = orders.map(toHeaderView);
  if (views.length === 0 || kinds.length === 0) return views;
  const ids = orders.map((order) => order.id);
  const groups = await Promise.all(kinds.map((kind) => CHILD_LOADERS[kind](em, ids)));
  for (const view of views) {
    kinds.forEach((kind, index) => Object.assign(view, { [kind]: groups[index]!.get(view.id)! }));
  }
  return views;
}

/** Full views of a page of orders: three statements whatever the page size. */
export async function loadOrderViews(em: EntityManager, orders: readonly Row<Order>[]): Promise<OrderView[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((order) => order.id);
  const [items, payments, history] = await Promise.all([loadItems(em, ids), loadPayments(em, ids), loadStatusHistory(em, ids)]);
  return orders.map((order) =>
    toOrderView(order, { items: items.get(order.id)!, payments: payments.get(order.id)!, statusHistory: history.get(order.id)! }),
  );
}
