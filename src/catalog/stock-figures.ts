import type { EntityManager } from '@mikro-orm/postgresql';
import { recordEvents, type AlongsideWrite, type EventInput } from '../events/outbox.js';
import { stockChanged } from './catalog.events.js';
import { distributeStock, sameDistribution, type ChannelAllocation, type ChannelQuantity } from './distribution.js';
import { listChannels } from './channel.queries.js';
import { requireTransaction } from '../db/transaction.js';

/** What `PATCH /estoque/{sku}` answers and `estoque.alterado` carries. */
export interface StockFigures {
  sku: string;
  onHand: number;
  reserved: number;
  available: number;
  channels: ChannelQuantity[];
}

export interface LockedStock extends StockFigures {
  id: string;
  sellable: boolean;
}

export interface StockRow {
  id: string;
  sku: string;
  sellable: boolean;
  on_hand: number;
  reserved: number;
  available: number;
  channels: ChannelQuantity[];
}

const STOCK_COLUMNS = 'id, sku, sellable, on_hand, reserved, available, channels';

function toLocked(row: StockRow): LockedStock {
  return {
    id: row.id,
    sku: row.sku,
    sellable: row.sellable,
    onHand: row.on_hand,
    reserved: row.reserved,
    available: row.available,
    channels: row.channels,
  };
}

/**
 * Locks the stock rows of these SKUs, always in SKU order (the lock is taken above the
 * sort), so two writers touching overlapping SKUs queue instead of deadlocking.
 */
export async function lockStockRows(em: EntityManager, sellerId: string, skus: readonly string[]): Promise<Map<string, LockedStock>> {
  requireTransaction(em, 'lockStockRows');
  if (skus.length === 0) return new Map();
  const lock = stockLockQuery(sellerId, skus);
  return lockedStockOf(await em.execute<StockRow[]>(lock.sql, lock.params));
}

/**
 * lockStockRows' query (at least one SKU), for a caller that runs it as a CTE of its own
 * statement and passes the rows it returned to lockedStockOf: order creation locks its
 * SKUs in the statement that inserts the order.
 */
export function stockLockQuery(sellerId: string, skus: readonly string[]): { sql: string; params: unknown[] } {
  return { sql: `select ${STOCK_COLUMNS} from stock where seller_id = ? and sku in (?) order by sku for update`, params: [sellerId, [...new Set(skus)]] };
}

export function lockedStockOf(rows: readonly StockRow[]): Map<string, LockedStock> {
  return new Map(rows.map((row) => [row.sku, toLocked(row)]));
}

/** Every sellable SKU of the seller, locked in the same SKU order (a channel changed). */
export async function lockAllSellableStock(em: EntityManager, sellerId: string): Promise<LockedStock[]> {
  requireTransaction(em, 'lockAllSellableStock');
  const rows = await em.execute<StockRow[]>(
    `select ${STOCK_COLUMNS} from stock where seller_id = ? and sellable order by sku for update`,
    [sellerId],
  );
  return rows.map(toLocked);
}

/**
 * The seller's channel settings. Read after the stock rows are locked, so a concurrent
 * channel change either committed already (and is seen) or recomputes after us.
 */
export async function loadAllocations(em: EntityManager, sellerId: string): Promise<ChannelAllocation[]> {
  return listChannels(em, sellerId);
}

export interface StockChange {
  stock: LockedStock;
  onHand: number;
  reserved: number;
}

/**
 * New figures for locked rows, computed but not yet stored: available and the per-channel
 * quantities follow from on hand and reserved, and only rows whose figures differ are
 * written, each with its `estoque.alterado`. `figures` holds every row, changed or not.
 */
export interface StockWrite {
  figures: StockFigures[];
  events: EventInput[];
  /** The update of the changed rows; absent when none changed. */
  update?: AlongsideWrite;
}

export function planStockWrite(sellerId: string, changes: readonly StockChange[], allocations: readonly ChannelAllocation[]): StockWrite {
  const figures = changes.map((change) => figuresOf(change, allocations));
  const changed = figures.filter((next, index) => !sameFigures(changes[index]!.stock, next));
  if (changed.length === 0) return { figures, events: [] };
  const update = {
    sql: `update stock s
             set on_hand = v.on_hand, reserved = v.reserved, available = v.available, channels = v.channels, updated_at = now()
            from jsonb_to_recordset(?::jsonb) as v(sku text, on_hand int, reserved int, available int, channels jsonb)
           where s.seller_id = ? and s.sku = v.sku`,
    params: [
      JSON.stringify(changed.map((f) => ({ sku: f.sku, on_hand: f.onHand, reserved: f.reserved, available: f.available, channels: f.channels }))),
      sellerId,
    ],
  };
  return { figures, events: changed.map(stockChanged), update };
}

/** Stores a planned write: the rows' update and their events in one statement. */
export async function applyStockWrite(em: EntityManager, sellerId: string, write: StockWrite): Promise<void> {
  requireTransaction(em, 'applyStockWrite');
  await recordEvents(em, sellerId, write.events, { alongside: write.update });
}

/** Plans and stores new figures for locked rows (see StockWrite); returns the figures of every row. */
export async function writeStockFigures(
  em: EntityManager,
  sellerId: string,
  changes: readonly StockChange[],
  allocations: readonly ChannelAllocation[],
): Promise<StockFigures[]> {
  const write = planStockWrite(sellerId, changes, allocations);
  await applyStockWrite(em, sellerId, write);
  return write.figures;
}

function figuresOf(change: StockChange, allocations: readonly ChannelAllocation[]): StockFigures {
  const available = change.onHand - change.reserved;
  return {
    sku: change.stock.sku,
    onHand: change.onHand,
    reserved: change.reserved,
    available,
    channels: distributeStock(available, allocations),
  };
}

function sameFigures(a: StockFigures, b: StockFigures): boolean {
  return (
    a.onHand === b.onHand &&
    a.reserved === b.reserved &&
    a.available === b.available &&
    sameDistribution(a.channels, b.channels)
  );
}
