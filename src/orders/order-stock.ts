/**
 * The orders domain's only contact with stock and channels, which belong to the
 * catalogue. Every call runs inside the caller's transaction, so stock moves if and only
 * if the order change commits.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { assertChannelsExist } from '../catalog/channel.service.js';
import { releaseStock, reserveStock, shipStock, type StockLine } from '../catalog/stock.service.js';

export type StockMove = 'reserve' | 'ship' | 'release';

/** One line per order item, in item order, so the catalogue's errors point at `/items/{index}`. */
export function stockLinesOf(items: readonly StockLine[]): StockLine[] {
  return items.map(({ sku, quantity }) => ({ sku, quantity }));
}

export async function moveStock(
  tx: EntityManager,
  sellerId: string,
  move: StockMove,
  lines: StockLine[],
  options: { allowOversell?: boolean } = {},
): Promise<void> {
  if (move === 'reserve') await reserveStock(tx, sellerId, lines, options);
  if (move === 'ship') await shipStock(tx, sellerId, lines);
  if (move === 'release') await releaseStock(tx, sellerId, lines);
}

/** An order naming a channel the seller has not configured is 422 (docs/orders.md, "Rules"). */
export async function assertChannelConfigured(tx: EntityManager, sellerId: string, channel: string): Promise<void> {
  await assertChannelsExist(tx, sellerId, [{ code: channel, path: '/channel' }]);
}
