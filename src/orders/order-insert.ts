import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../db/ids.js';
import type { Row } from '../db/read-rows.js';
import type { PayloadStamp } from '../events/outbox.js';
import { TRANSACTION_TIME } from '../db/transaction-time.js';
import type { PreparedOrder } from './order-preparation.js';
import { CHANNEL_CONFIGURED, channelNotConfigured, type StockRow } from './order-stock.js';
import type { OrderItem } from './order-item.entity.js';
import type { OrderPayment } from './order-payment.entity.js';
import type { OrderStatusChange } from './order-status-change.entity.js';
import type { AttentionReason, Order } from './order.entity.js';

/**
 * What the reservation made of the order: the units each item reserved (null: all of
 * them) and, for a channel's sale Ponte could not cover, why it needs attention.
 */
export interface ReservationOutcome {
  reservedByItem: (number | null)[];
  attentionReasons: AttentionReason[];
}

/** An order that reserved every unit it names: any order but a channel's flagged sale. */
export function fullyReserved(items: readonly unknown[]): ReservationOutcome {
  return { reservedByItem: items.map(() => null), attentionReasons: [] };
}

/** A new order's rows as they will be written; the order's number is taken with them, last. */
export interface NewOrderRows {
  order: Row<Order>;
  items: Row<OrderItem>[];
  payments: Row<OrderPayment>[];
  creation: Row<OrderStatusChange>;
  /** The stock rows the first statement locked. */
  stock: StockRow[];
}

/** A new order's rows once its reservation is planned, and the statement part that writes them. */
export interface ReservedOrderRows extends Omit<NewOrderRows, 'stock'> {
  /**
   * The order's rows and its number, as CTEs for creation's last statement (its events'):
   * the order row is inserted once, with its number, not numbered by a later update.
   */
  insert: PayloadStamp;
}

/**
 * Creation's first statement (one round trip, no unit of work): it locks the order's
 * stock rows (`stockLock`, returned for the reservation's checks) and reads the channel
 * check and the transaction time; the order's rows are written in the last statement
 * (`insert`), with the number. Ids are made here, in the order the ORM made them (order,
 * items, payments, history), so a payment list sorted by (createdAt, id) keeps its order.
 */
export async function prepareOrderRows(
  tx: EntityManager,
  sellerId: string,
  prepared: PreparedOrder,
  stockLock: { sql: string; params: unknown[] },
): Promise<NewOrderRows> {
  const orderId = newId();
  const items = prepared.items.map((item, position) => ({ id: newId(), position, ...item }));
  const payments = prepared.payments.map((payment) => ({ id: newId(), ...payment }));
  const historyId = newId();
  const [checked] = await tx.execute<{ at: Date | null; stock: StockRow[] }[]>(
    `with locked as (
       ${stockLock.sql}
     ), checked as (
       select ${TRANSACTION_TIME} as at where ${CHANNEL_CONFIGURED}
     )
     select (select at from checked) as at, coalesce((select jsonb_agg(locked order by sku) from locked), '[]') as stock`,
    [...stockLock.params, sellerId, prepared.channel],
  );
  // The select always answers one row; `at` is null when the channel check failed.
  const { at: time, stock } = checked!;
  if (!time) throw channelNotConfigured(prepared.channel);
  const at = new Date(time);
  return {
    order: {
      id: orderId,
      seller: sellerId,
      // Taken in creation's last statement (`insert`).
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
      needsAttention: false,
      attentionReasons: [],
      placedAt: prepared.placedAt ?? at,
      createdAt: at,
      updatedAt: at,
    },
    items: items.map((item) => ({ ...item, seller: sellerId, order: orderId, reserved: null })),
    payments: payments.map((payment) => ({ ...payment, seller: sellerId, order: orderId, createdAt: at })),
    creation: { id: historyId, seller: sellerId, order: orderId, status: prepared.status, at, note: null },
    stock,
  };
}

/** The rows as the reservation left them, with the statement part that inserts them. */
export function reservedOrderRows(sellerId: string, prepared: PreparedOrder, rows: NewOrderRows, outcome: ReservationOutcome): ReservedOrderRows {
  const { stock: _locked, ...unreserved } = rows;
  const order = { ...rows.order, needsAttention: outcome.attentionReasons.length > 0, attentionReasons: outcome.attentionReasons };
  const items = rows.items.map((item, index) => ({ ...item, reserved: outcome.reservedByItem[index] ?? null }));
  return { ...unreserved, order, items, insert: orderRowsInsert(sellerId, prepared, { order, items, payments: rows.payments, historyId: rows.creation.id }) };
}

/**
 * The order's number and rows as CTEs of its events' statement. The upsert's row lock on
 * the seller's sequence (see OrderNumberSequence) serialises one seller's creations only
 * for that statement and the commit, which is sent with it. Still gapless: a creation
 * that rolls back rolls its increment back too. The order row is inserted from the
 * number, so it waits for the number's lock, never the other way round: a duplicate
 * (channel, externalId) waits on the first's row only once it holds the lock the first
 * has released by committing. Child rows reference the order inserted by the same
 * statement, which PostgreSQL checks at the statement's end; times are the transaction's,
 * as read by the first statement. The number reaches `pedido.criado` as its stamp.
 */
function orderRowsInsert(
  sellerId: string,
  prepared: PreparedOrder,
  rows: { order: Row<Order>; items: readonly Row<OrderItem>[]; payments: readonly Row<OrderPayment>[]; historyId: string },
): PayloadStamp {
  const items = rows.items.map(({ id, position, sku, title, quantity, unitPrice, discount, total, reserved }) => ({ id, position, sku, title, quantity, unitPrice, discount, total, reserved }));
  const payments = rows.payments.map(({ id, method, status, amount, installments, paidAt, transactionId }) => ({ id, method, status, amount, installments, paidAt, transactionId }));
  return {
    ctes: `order_number as (
             insert into order_number_sequence (seller_id, last_number) values (?, 1)
             on conflict (seller_id) do update set last_number = order_number_sequence.last_number + 1
             returning last_number
           ), placed as (
             insert into sales_order (id, seller_id, number, channel, external_id, status, customer, delivery_address,
                                      items_amount, shipping_amount, discount_amount, total_amount, needs_attention, attention_reasons,
                                      placed_at, created_at, updated_at)
             select ?, ?, last_number, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, ?::jsonb,
                    coalesce(?::timestamptz, ${TRANSACTION_TIME}), ${TRANSACTION_TIME}, ${TRANSACTION_TIME}
               from order_number
             returning id, number, created_at
           ), items as (
             insert into order_item (id, seller_id, order_id, position, sku, title, quantity, unit_price, discount, total, reserved)
             select i.id, ?, placed.id, i.position, i.sku, i.title, i.quantity, i."unitPrice", i.discount, i.total, i.reserved
               from placed, jsonb_to_recordset(?::jsonb)
                 as i(id uuid, position int, sku text, title text, quantity int, "unitPrice" numeric, discount numeric, total numeric, reserved int)
           ), payments as (
             insert into order_payment (id, seller_id, order_id, method, status, amount, installments, paid_at, transaction_id, created_at)
             select p.id, ?, placed.id, p.method, p.status, p.amount, p.installments, p."paidAt", p."transactionId", placed.created_at
               from placed, jsonb_to_recordset(?::jsonb)
                 as p(id uuid, method text, status text, amount numeric, installments int, "paidAt" timestamptz, "transactionId" text)
           ), history as (
             insert into order_status_change (id, seller_id, order_id, status, at, note)
             select ?, ?, placed.id, ?, placed.created_at, null from placed
           )`,
    params: [
      sellerId,
      rows.order.id,
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
      rows.order.needsAttention,
      JSON.stringify(rows.order.attentionReasons),
      prepared.placedAt?.toISOString() ?? null,
      sellerId,
      JSON.stringify(items),
      sellerId,
      JSON.stringify(payments),
      rows.historyId,
      sellerId,
      prepared.status,
    ],
    value: `(select jsonb_build_object('number', number) from placed)`,
    settled: 'placed',
  };
}
