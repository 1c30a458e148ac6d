import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../db/ids.js';
import type { Row } from '../db/read-rows.js';
import { TRANSACTION_TIME } from '../db/transaction-time.js';
import type { PreparedOrder } from './order-preparation.js';
import { CHANNEL_CONFIGURED, channelNotConfigured, type StockRow } from './order-stock.js';
import type { OrderItem } from './order-item.entity.js';
import type { OrderPayment } from './order-payment.entity.js';
import type { OrderStatusChange } from './order-status-change.entity.js';
import type { Order } from './order.entity.js';

/** A new order's rows as written; the order has no number yet (it is taken last). */
export interface NewOrderRows {
  order: Row<Order>;
  items: Row<OrderItem>[];
  payments: Row<OrderPayment>[];
  creation: Row<OrderStatusChange>;
  /** The stock rows the statement locked. */
  stock: StockRow[];
}

/**
 * Writes a new order's rows in one statement (one round trip, no unit of work): it locks
 * the order's stock rows (`stockLock`, returned for the reservation's checks), reads the
 * channel check and the transaction time, and inserts the order, its items, its payments
 * and the first status history entry only if the seller has configured the channel.
 * Child rows reference the order inserted by the same statement, which PostgreSQL checks
 * at the statement's end. A duplicate (channel, externalId) fails here, before any stock
 * moves. Ids are made here, in the order the ORM made them (order, items, payments,
 * history), so a payment list sorted by (createdAt, id) keeps its order.
 */
export async function insertOrderRows(
  tx: EntityManager,
  sellerId: string,
  prepared: PreparedOrder,
  stockLock: { sql: string; params: unknown[] },
): Promise<NewOrderRows> {
  const orderId = newId();
  const items = prepared.items.map((item, position) => ({ id: newId(), position, ...item }));
  const payments = prepared.payments.map((payment) => ({ id: newId(), ...payment }));
  const historyId = newId();
  const [written] = await tx.execute<{ at: Date | null; stock: StockRow[] }[]>(
    `with locked as (
       ${stockLock.sql}
     ), checked as (
       select ${TRANSACTION_TIME} as at where ${CHANNEL_CONFIGURED}
     ), placed as (
       insert into sales_order (id, seller_id, channel, external_id, status, customer, delivery_address,
                                items_amount, shipping_amount, discount_amount, total_amount, placed_at, created_at, updated_at)
       select ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, coalesce(?::timestamptz, at), at, at
         -- Reading the locked rows first takes every stock lock before the order row: a
         -- concurrent duplicate then waits on the row holding no lock the first still needs.
         from checked, (select count(*) from locked) as stock_locked
       returning id, created_at
     ), items as (
       insert into order_item (id, seller_id, order_id, position, sku, title, quantity, unit_price, discount, total)
       select i.id, ?, placed.id, i.position, i.sku, i.title, i.quantity, i."unitPrice", i.discount, i.total
         from placed, jsonb_to_recordset(?::jsonb)
           as i(id uuid, position int, sku text, title text, quantity int, "unitPrice" numeric, discount numeric, total numeric)
     ), payments as (
       insert into order_payment (id, seller_id, order_id, method, status, amount, installments, paid_at, transaction_id, created_at)
       select p.id, ?, placed.id, p.method, p.status, p.amount, p.installments, p."paidAt", p."transactionId", placed.created_at
         from placed, jsonb_to_recordset(?::jsonb)
           as p(id uuid, method text, status text, amount numeric, installments int, "paidAt" timestamptz, "transactionId" text)
     ), history as (
       insert into order_status_change (id, seller_id, order_id, status, at, note)
       select ?, ?, placed.id, ?, placed.created_at, null from placed
     )
     select (select at from checked) as at, coalesce((select jsonb_agg(locked order by sku) from locked), '[]') as stock`,
    [
      ...stockLock.params,
      sellerId,
      prepared.channel,
      orderId,
      sellerId,
      prepared.channel,
      prepared.externalId,
      prepared.status,
      JSON.stringify(prepared.customer),
      JSON.stringify(prepared.deliveryAddress),
      prepared.amounts.items,
      prepared.amounts.shipping,
      prepared.amounts.discount,
      prepared.amounts.total,
      prepared.placedAt?.toISOString() ?? null,
      sellerId,
      JSON.stringify(items),
      sellerId,
      JSON.stringify(payments),
      historyId,
      sellerId,
      prepared.status,
    ],
  );
  // The final select always answers one row; `at` is null when the channel check failed.
  const { at: time, stock } = written!;
  if (!time) throw channelNotConfigured(prepared.channel);
  const at = new Date(time);
  return {
    order: {
      id: orderId,
      seller: sellerId,
      // Taken in creation's last statement (takeOrderNumber).
      number: undefined as unknown as number,
      channel: prepared.channel,
      externalId: prepared.externalId,
      status: prepared.status,
      customer: prepared.customer,
      deliveryAddress: prepared.deliveryAddress,
      itemsAmount: prepared.amounts.items,
      shippingAmount: prepared.amounts.shipping,
      discountAmount: prepared.amounts.discount,
      totalAmount: prepared.amounts.total,
      invoice: null,
      shipment: null,
      cancellationReason: null,
      placedAt: prepared.placedAt ?? at,
      createdAt: at,
      updatedAt: at,
    },
    items: items.map((item) => ({ ...item, seller: sellerId, order: orderId })),
    payments: payments.map((payment) => ({ ...payment, seller: sellerId, order: orderId, createdAt: at })),
    creation: { id: historyId, seller: sellerId, order: orderId, status: prepared.status, at, note: null },
    stock,
  };
}
