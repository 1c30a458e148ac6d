/**
 * The orders domain's only contact with stock and channels, which belong to the
 * catalogue. Every call runs inside the caller's transaction, so stock moves if and only
 * if the order change commits.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { unknownChannelError } from '../catalog/channel.service.js';
import { validationFailed, type AppError } from '../errors.js';
import {
  lockedStockOf,
  planAvailableReservation,
  planReservation,
  releaseStock,
  shipStock,
  stockLockQuery,
  type StockLine,
  type StockRow,
  type StockWrite,
} from '../catalog/stock.service.js';

export { CHANNEL_CONFIGURED } from '../catalog/channel.queries.js';
export type { AvailableReservation, StockLine, StockRow, StockWrite } from '../catalog/stock.service.js';

export type StockMove = 'ship' | 'release';

/** One line per order item, in item order, so the catalogue's errors point at `/items/{index}`. */
export function stockLinesOf(items: readonly StockLine[]): StockLine[] {
  return items.map(({ sku, quantity }) => ({ sku, quantity }));
}

/**
 * The query that locks a new order's stock rows in SKU order (what keeps concurrent
 * orders from overselling), for the statement that inserts the order to run.
 */
export function orderStockLock(sellerId: string, lines: readonly StockLine[]): { sql: string; params: unknown[] } {
  return stockLockQuery(sellerId, lines.map((line) => line.sku));
}

/**
 * A new order's reservation, checked against the rows orderStockLock locked (returned by
 * the insert's statement); the new figures are stored later in the transaction with the
 * order's events (StockWrite).
 */
export async function planOrderReservation(
  tx: EntityManager,
  sellerId: string,
  lines: StockLine[],
  options: { allowOversell: boolean; locked: readonly StockRow[] },
): Promise<StockWrite> {
  return planReservation(tx, sellerId, lines, { allowOversell: options.allowOversell, locked: lockedStockOf(options.locked) });
}

/**
 * A channel's sale: each known SKU reserved up to what is available (never refused;
 * see planAvailableReservation), against the rows orderStockLock locked.
 */
export async function planChannelReservation(tx: EntityManager, sellerId: string, lines: StockLine[], locked: readonly StockRow[]) {
  return planAvailableReservation(tx, sellerId, lines, { locked: lockedStockOf(locked) });
}

/**
 * The units an existing order holds reserved, per line: what cancelling releases and
 * shipping takes out of onHand. A line of a flagged channel sale may hold fewer than its
 * quantity, or none (an unknown SKU), and moves only those.
 */
export function reservedLinesOf(items: readonly (StockLine & { reserved: number | null })[]): StockLine[] {
  return items.map(({ sku, quantity, reserved }) => ({ sku, quantity: reserved ?? quantity })).filter((line) => line.quantity > 0);
}

export async function moveStock(tx: EntityManager, sellerId: string, move: StockMove, lines: StockLine[]): Promise<void> {
  if (move === 'ship') await shipStock(tx, sellerId, lines);
  if (move === 'release') await releaseStock(tx, sellerId, lines);
}

/**
 * An order naming a channel the seller has not configured is 422 (docs/orders.md, "Rules").
 * Creation checks it in its insert statement with `CHANNEL_CONFIGURED` (parameters: seller
 * id, channel code) and throws this when the condition failed.
 */
export function channelNotConfigured(channel: string): AppError {
  return validationFailed([unknownChannelError({ code: channel, path: '/channel' })]);
}
