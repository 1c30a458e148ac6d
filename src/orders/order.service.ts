import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { pipelinedTransaction, type CommitWithNext } from '../db/pipelined-transaction.js';
import { recordEvents } from '../events/outbox.js';
import { claimIdempotencyKey, requestHash, storeIdempotentResponse } from '../idempotency/idempotency.js';
import { orderCreated, paymentChanged } from './orders.events.js';
import { fullyReserved, prepareOrderRows, reservedOrderRows, type ReservationOutcome } from './order-insert.js';
import { orderStockLock, planOrderReservation, stockLinesOf, type StockLine, type StockRow, type StockWrite } from './order-stock.js';
import { toOrderView, toItemView, toPaymentView, toStatusEntryView } from './order.views.js';
import { prepareOrder, type PreparedOrder } from './order-preparation.js';
import { findOrderByExternalId } from './order.queries.js';
import type { CreateOrderInput, OrderView } from './orders.schemas.js';

export interface CreatedOrder {
  order: OrderView;
  /** False when an earlier request (same Idempotency-Key, or same channel and externalId) made it. */
  created: boolean;
}

const EXTERNAL_ID_CONSTRAINT = 'sales_order_channel_external_id_unique';

/**
 * Creates an order in one transaction: number, rows, stock reservation and `pedido.criado`;
 * BEGIN goes with its first statement and COMMIT with its last (pipelinedTransaction), so
 * the order number's row lock is released without a round trip back to this process.
 * `(channel, externalId)` is settled by its unique index, not by a prior lookup: a
 * duplicate's insert fails, its transaction rolls back whole, and the existing order is
 * returned.
 */
export async function createOrder(
  em: EntityManager,
  sellerId: string,
  input: CreateOrderInput,
  options: { idempotencyKey?: string } = {},
): Promise<CreatedOrder> {
  const prepared = prepareOrder(input);
  const claim = options.idempotencyKey ? { sellerId, scope: 'order.create', key: options.idempotencyKey } : undefined;
  try {
    return await pipelinedTransaction(em, async (tx, commitWithNext) => {
      const replay = claim ? await claimIdempotencyKey<OrderView>(tx, claim, requestHash(input)) : undefined;
      if (replay) return { order: replay, created: false };
      const order = await insertOrder(tx, sellerId, prepared, claim ? undefined : commitWithNext);
      if (claim) {
        commitWithNext();
        await storeIdempotentResponse(tx, claim, order);
      }
      return { order, created: true };
    });
  } catch (error) {
    return { order: await existingOrder(em, prepared, error), created: false };
  }
}

/** The order a duplicate (channel, externalId) insert ran into; any other error is thrown again. */
export async function existingOrder(em: EntityManager, prepared: PreparedOrder, error: unknown): Promise<OrderView> {
  if (!(error instanceof UniqueConstraintViolationException && isConstraint(error, EXTERNAL_ID_CONSTRAINT))) throw error;
  const existing = await findOrderByExternalId(em.fork(), prepared.channel, prepared.externalId);
  if (!existing) throw error;
  return existing;
}

function isConstraint(error: UniqueConstraintViolationException, name: string): boolean {
  return (error as unknown as { constraint?: string }).constraint === name;
}

/** How a new order reserves its stock: the write to store with its events, and what it made of each item. */
export type ReservationPlan = (
  tx: EntityManager,
  sellerId: string,
  lines: StockLine[],
  locked: readonly StockRow[],
) => Promise<{ write: StockWrite; outcome: ReservationOutcome }>;

/** An order through the API: every unit reserved, or refused (INSUFFICIENT_STOCK, unless allowOversell). */
function reserveAll(allowOversell: boolean): ReservationPlan {
  return async (tx, sellerId, lines, locked) => ({
    write: await planOrderReservation(tx, sellerId, lines, { allowOversell, locked }),
    outcome: fullyReserved(lines),
  });
}

/**
 * `commitWithNext`, when given, is called before the last statement (see
 * pipelinedTransaction). `reserve` defaults to the API's rule (reserveAll).
 */
export async function insertOrder(
  tx: EntityManager,
  sellerId: string,
  prepared: PreparedOrder,
  commitWithNext?: CommitWithNext,
  reserve: ReservationPlan = reserveAll(prepared.allowOversell),
): Promise<OrderView> {
  const lines = stockLinesOf(prepared.items);
  const rows = await prepareOrderRows(tx, sellerId, prepared, orderStockLock(sellerId, lines));
  const { write: reservation, outcome } = await reserve(tx, sellerId, lines, rows.stock);
  const { order, items, payments, creation, insert } = reservedOrderRows(sellerId, prepared, rows, outcome);
  const unnumbered = toOrderView(order, {
    items: items.map(toItemView),
    payments: payments.map(toPaymentView),
    statusHistory: [toStatusEntryView(creation)],
  });
  // One statement, sent with the commit when there is no idempotency claim to store,
  // stores the reservation (its rows locked since it was planned), takes the order's
  // number, inserts the order's rows with it and records the stock events and the order's
  // own, numbered; payments that came with the order are news for payment consumers too.
  commitWithNext?.();
  const events = await recordEvents(
    tx,
    sellerId,
    [...reservation.events, { ...orderCreated(unnumbered), stamped: true }, ...unnumbered.payments.map((payment) => paymentChanged(order.id, payment))],
    { alongside: reservation.update, stamp: insert, positioned: commitWithNext !== undefined },
  );
  const { number } = events.find((event) => event.type === 'pedido.criado')!.payload as { number: number };
  return { ...unnumbered, number };
}
