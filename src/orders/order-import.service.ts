import type { EntityManager } from '@mikro-orm/postgresql';
import { pipelinedTransaction } from '../db/pipelined-transaction.js';
import { transactionTime } from '../db/transaction-time.js';
import type { AttentionReason } from './order.entity.js';
import type { ReservationOutcome } from './order-insert.js';
import { prepareChannelOrder } from './order-preparation.js';
import { lockOrder, transitionOrder } from './order-status.service.js';
import { planChannelReservation, type AvailableReservation, type StockLine } from './order-stock.js';
import { existingOrder, insertOrder, type ReservationPlan } from './order.service.js';
import { loadOrderViews } from './order.views.js';
import type { ChannelOrderInput, OrderView } from './orders.schemas.js';
import { recordPayment } from './payment.service.js';
import { canTransition } from './status-machine.js';

export interface ImportedOrder {
  order: OrderView;
  /** False when the channel's order was already here: it was brought up to date instead. */
  created: boolean;
}

/**
 * The one way a channel's sale enters Ponte, for every caller (the platform connectors,
 * the sandbox's simulated marketplace): a sale the channel already made is never refused.
 * A new order is created as `POST /pedidos` creates one (number, rows, `pedido.criado`, in
 * one transaction), except that each known SKU is reserved only up to what is available
 * and an order that could not be covered in full (a SKU this catalogue does not sell, not
 * enough stock) is stored with `needsAttention` and its reasons. An order the channel sent
 * before (same channel and externalId) is not created twice: what the channel says
 * happened since (a payment approved, a cancellation) moves it through the status machine.
 * The input is validated already (ChannelOrderSchema).
 */
export async function importOrder(em: EntityManager, sellerId: string, input: ChannelOrderInput): Promise<ImportedOrder> {
  const prepared = prepareChannelOrder(input);
  let imported: ImportedOrder;
  try {
    const order = await pipelinedTransaction(em, (tx, commitWithNext) => insertOrder(tx, sellerId, prepared, commitWithNext, reserveAvailable));
    imported = { order, created: true };
  } catch (error) {
    imported = { order: await existingOrder(em, prepared, error), created: false };
  }
  return { ...imported, order: await followChannel(em, sellerId, imported, input) };
}

const reserveAvailable: ReservationPlan = async (tx, sellerId, lines, locked) => {
  const reservation = await planChannelReservation(tx, sellerId, lines, locked);
  return { write: reservation.write, outcome: outcomeOf(lines, reservation) };
};

/** Each item's share of its SKU's reservation, in line order, and the reasons for what is missing. */
export function outcomeOf(lines: readonly StockLine[], reservation: Pick<AvailableReservation, 'reserved' | 'unknown' | 'short'>): ReservationOutcome {
  const left = new Map(reservation.reserved);
  const reservedByItem = lines.map(({ sku, quantity }) => {
    const units = Math.min(quantity, left.get(sku) ?? 0);
    left.set(sku, (left.get(sku) ?? 0) - units);
    return units === quantity ? null : units;
  });
  const attentionReasons: AttentionReason[] = [
    ...reservation.unknown.map((sku) => ({ code: 'unknown_sku' as const, sku, detail: `${sku} is not a SKU this catalogue sells: nothing reserved` })),
    ...reservation.short.map(({ sku, requested, available }) => ({
      code: 'insufficient_stock' as const,
      sku,
      detail: `${requested} sold, ${available} available: ${available} reserved`,
    })),
  ];
  return { reservedByItem, attentionReasons };
}

/**
 * What the channel says happened to the order since it came in: payments recorded by
 * their transaction id (an approved one covering the total approves a `pendente` order),
 * then a cancellation, when the machine still allows one (an order already shipped stays
 * as it is: docs/channels.md says what each platform's later states mean).
 */
async function followChannel(em: EntityManager, sellerId: string, imported: ImportedOrder, input: ChannelOrderInput): Promise<OrderView> {
  let order = imported.order;
  if (!imported.created) {
    for (const payment of input.payments ?? []) {
      const known = order.payments.find((existing) => existing.transactionId === payment.transactionId);
      if (!payment.transactionId || (known && known.status === payment.status)) continue;
      order = (await recordPayment(em, sellerId, order.id, payment)).order;
    }
  }
  if (input.cancellation && canTransition(order.status, 'cancelado')) order = await cancel(em, sellerId, order.id, input.cancellation.reason);
  return order;
}

async function cancel(em: EntityManager, sellerId: string, orderId: string, reason: string): Promise<OrderView> {
  return em.transactional(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (canTransition(order.status, 'cancelado')) {
      order.cancellationReason = reason;
      await transitionOrder(tx, sellerId, order, 'cancelado', { at: await transactionTime(tx), note: reason });
    }
    return (await loadOrderViews(tx, [order]))[0]!;
  });
}
