/**
 * The orders domain's only contact with stock, which belongs to the catalogue. Every
 * call runs inside the caller's transaction, so stock moves iff the order change commits.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PreparedItem } from './prepare-order.js';

export interface StockLine {
  sku: string;
  quantity: number;
}

export type StockMove = 'reserve' | 'ship' | 'release';

export function stockLinesOf(items: readonly Pick<PreparedItem, 'sku' | 'quantity'>[]): StockLine[] {
  return items.map(({ sku, quantity }) => ({ sku, quantity }));
}

// PENDING the catalogue's stock service (issue 3): until it lands this moves nothing.
export async function moveStock(
  _tx: EntityManager,
  _sellerId: string,
  _move: StockMove,
  _lines: StockLine[],
  _options: { allowOversell?: boolean } = {},
): Promise<void> {}

/** DESIGN section 11: an order naming a channel the seller has not configured is 422. */
export async function assertChannelConfigured(_tx: EntityManager, _sellerId: string, _channel: string): Promise<void> {}
