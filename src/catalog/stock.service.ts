import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, notFound, validationFailed, type FieldError } from '../errors.js';
import { assertIdempotencyKey, claimIdempotencyKey, requestHash, storeIdempotentResponse, type IdempotencyClaim } from '../idempotency/idempotency.js';
import {
  applyStockWrite,
  loadAllocations,
  lockStockRows,
  planStockWrite,
  writeStockFigures,
  type LockedStock,
  type StockChange,
  type StockFigures,
  type StockWrite,
} from './stock-figures.js';
import { requireTransaction } from '../db/transaction.js';
import { UNITS_MAX } from './catalog.schemas.js';

export type { StockFigures, StockWrite } from './stock-figures.js';
export { applyStockWrite, lockedStockOf, stockLockQuery, type LockedStock, type StockRow } from './stock-figures.js';

export interface StockLine {
  sku: string;
  quantity: number;
}

export interface ShortSku {
  sku: string;
  requested: number;
  available: number;
}

/**
 * Reserves every line in the caller's transaction (an order being created). Rows are
 * locked in SKU order, so concurrent orders neither oversell nor deadlock. Lines naming
 * the same SKU add up. Throws VALIDATION_FAILED for lines whose SKU is not sellable in
 * this catalogue and INSUFFICIENT_STOCK listing every short SKU, unless allowOversell
 * (a sale that already happened elsewhere), which may drive `available` below zero.
 */
export async function reserveStock(
  em: EntityManager,
  sellerId: string,
  lines: StockLine[],
  options: { allowOversell?: boolean } = {},
): Promise<void> {
  await applyStockWrite(em, sellerId, await planReservation(em, sellerId, lines, options));
}

/**
 * reserveStock's locks, checks and new figures, without storing them: the caller stores
 * them with applyStockWrite, or carries the update and events in its own events'
 * statement (order creation), later in the same transaction. The rows stay locked until
 * then, so the figures cannot go stale.
 */
export async function planReservation(
  em: EntityManager,
  sellerId: string,
  lines: StockLine[],
  options: {
    allowOversell?: boolean;
    /** The lines' rows, locked already by the caller's own statement (stockLockQuery). */
    locked?: Map<string, LockedStock>;
  } = {},
): Promise<StockWrite> {
  requireTransaction(em, 'planReservation');
  assertQuantities(lines);
  const stock = options.locked ?? (await lockStockRows(em, sellerId, lines.map((line) => line.sku)));
  const unknown: FieldError[] = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => !stock.get(line.sku)?.sellable)
    .map(({ index }) => ({ path: `/items/${index}/sku`, message: 'is not a SKU of this catalogue' }));
  if (unknown.length > 0) throw new AppError('VALIDATION_FAILED', 'Some items name SKUs this catalogue does not sell', {}, unknown);

  const totals = quantitiesBySku(lines);
  const short: ShortSku[] = [...totals]
    .map(([sku, requested]) => ({ sku, requested, available: stock.get(sku)!.available }))
    .filter((entry) => entry.requested > entry.available);
  if (short.length > 0 && !options.allowOversell) {
    throw new AppError(
      'INSUFFICIENT_STOCK',
      `Not enough stock for ${short.map((entry) => entry.sku).join(', ')}`,
      { shortSkus: short },
    );
  }
  return planLines(em, sellerId, stock, totals, (row, quantity) => ({ onHand: row.onHand, reserved: row.reserved + quantity }));
}

/** What a channel's sale could reserve: known SKUs up to what is available, nothing of the rest. */
export interface AvailableReservation {
  write: StockWrite;
  /** Units reserved per SKU (at most what was available; none for unknown SKUs). */
  reserved: Map<string, number>;
  /** SKUs this catalogue does not sell (unknown, or a parent of variations). */
  unknown: string[];
  /** SKUs asked for beyond what was available. */
  short: ShortSku[];
}

/**
 * A sale a channel already made is never refused (docs/channels.md): each known SKU is
 * reserved up to what is available, so `available` never goes below zero, and what could
 * not be reserved is reported for the order to be flagged. Same locks as planReservation.
 */
export async function planAvailableReservation(
  em: EntityManager,
  sellerId: string,
  lines: StockLine[],
  options: { locked?: Map<string, LockedStock> } = {},
): Promise<AvailableReservation> {
  requireTransaction(em, 'planAvailableReservation');
  assertQuantities(lines);
  const stock = options.locked ?? (await lockStockRows(em, sellerId, lines.map((line) => line.sku)));
  const totals = quantitiesBySku(lines);
  const unknown = [...totals.keys()].filter((sku) => !stock.get(sku)?.sellable);
  const reserved = new Map<string, number>();
  const short: ShortSku[] = [];
  for (const [sku, requested] of totals) {
    const row = stock.get(sku);
    if (!row?.sellable) continue;
    const available = Math.max(0, row.available);
    reserved.set(sku, Math.min(requested, available));
    if (requested > available) short.push({ sku, requested, available });
  }
  const reservable = new Map([...reserved].filter(([, quantity]) => quantity > 0));
  const write = await planLines(em, sellerId, stock, reservable, (row, quantity) => ({ onHand: row.onHand, reserved: row.reserved + quantity }));
  return { write, reserved, unknown, short };
}

/** An order was cancelled: its reservation goes back to available. */
export async function releaseStock(em: EntityManager, sellerId: string, lines: StockLine[]): Promise<void> {
  requireTransaction(em, 'releaseStock');
  assertQuantities(lines);
  const stock = await lockKnownRows(em, sellerId, lines);
  await applyToLines(em, sellerId, stock, quantitiesBySku(lines), (row, quantity) => ({
    onHand: row.onHand,
    reserved: Math.max(0, row.reserved - quantity),
  }));
}

/** An order shipped: its reserved units leave the warehouse. */
export async function shipStock(em: EntityManager, sellerId: string, lines: StockLine[]): Promise<void> {
  requireTransaction(em, 'shipStock');
  assertQuantities(lines);
  const stock = await lockKnownRows(em, sellerId, lines);
  await applyToLines(em, sellerId, stock, quantitiesBySku(lines), (row, quantity) => ({
    onHand: Math.max(0, row.onHand - quantity),
    reserved: Math.max(0, row.reserved - quantity),
  }));
}

export type StockUpdate = { onHand: number; idempotencyKey?: string } | { delta: number; idempotencyKey?: string };

/**
 * `PATCH /estoque/{sku}` and GraphQL's `updateStock`: an absolute `onHand` (idempotent by
 * nature) or a `delta`, which needs an idempotency key: the same key applies the change
 * once, and a resend with it answers the stored figures.
 */
export async function updateStock(em: EntityManager, sellerId: string, sku: string, update: StockUpdate): Promise<StockFigures> {
  const claim = deltaClaim(sellerId, update);
  return em.transactional(async (tx) => {
    if (claim && 'delta' in update) {
      const replay = await claimIdempotencyKey<StockFigures>(tx, claim, requestHash({ sku, delta: update.delta }));
      if (replay) return replay;
    }
    const row = await lockSellableRow(tx, sellerId, sku);
    const onHand = 'delta' in update ? row.onHand + update.delta : update.onHand;
    if (onHand < 0) {
      throw validationFailed([{ path: '/delta', message: `would make onHand negative (it is ${row.onHand})` }]);
    }
    if (onHand > UNITS_MAX) {
      throw validationFailed([{ path: '/delta', message: `would make onHand more than ${UNITS_MAX} (it is ${row.onHand})` }]);
    }
    const [figures] = await writeStockFigures(tx, sellerId, [{ stock: row, onHand, reserved: row.reserved }], await loadAllocations(tx, sellerId));
    if (claim) await storeIdempotentResponse(tx, claim, figures!);
    return figures!;
  });
}

/** A delta is applied once per key, so one without a key is refused before anything is read; a key given is checked either way. */
function deltaClaim(sellerId: string, update: StockUpdate): IdempotencyClaim | undefined {
  if (update.idempotencyKey !== undefined) assertIdempotencyKey(update.idempotencyKey);
  if (!('delta' in update)) return undefined;
  if (!update.idempotencyKey) throw validationFailed([{ path: '/idempotencyKey', message: 'is required with delta' }]);
  return { sellerId, scope: 'stock.delta', key: update.idempotencyKey };
}

export async function getStock(em: EntityManager, sellerId: string, sku: string): Promise<StockFigures> {
  const stock = (await findStockBySkus(em, sellerId, [sku], { sellableOnly: false })).get(sku);
  if (!stock) throw notFound(`SKU ${sku}`);
  return stock;
}

/** Figures of these SKUs (by default only sellable ones: the others carry no stock). */
export async function findStockBySkus(
  em: EntityManager,
  sellerId: string,
  skus: readonly string[],
  options: { sellableOnly: boolean } = { sellableOnly: true },
): Promise<Map<string, StockFigures>> {
  if (skus.length === 0) return new Map();
  const rows = await em.execute<{ sku: string; on_hand: number; reserved: number; available: number; channels: StockFigures['channels'] }[]>(
    `select sku, on_hand, reserved, available, channels from stock where seller_id = ? and sku in (?) ${options.sellableOnly ? 'and sellable' : ''}`,
    [sellerId, [...skus]],
  );
  return new Map(
    rows.map((row) => [row.sku, { sku: row.sku, onHand: row.on_hand, reserved: row.reserved, available: row.available, channels: row.channels }]),
  );
}

async function lockSellableRow(em: EntityManager, sellerId: string, sku: string): Promise<LockedStock> {
  const row = (await lockStockRows(em, sellerId, [sku])).get(sku);
  if (!row) throw notFound(`SKU ${sku}`);
  if (!row.sellable) {
    throw validationFailed([{ path: '/sku', message: 'has variations: stock belongs to its variations\' SKUs' }]);
  }
  return row;
}

/** Release and ship follow a reservation, so every SKU exists even if it stopped being sold. */
async function lockKnownRows(em: EntityManager, sellerId: string, lines: StockLine[]): Promise<Map<string, LockedStock>> {
  const stock = await lockStockRows(em, sellerId, lines.map((line) => line.sku));
  const missing = lines.filter((line) => !stock.has(line.sku)).map((line) => line.sku);
  if (missing.length > 0) throw new Error(`stock rows missing for reserved SKUs: ${missing.join(', ')}`);
  return stock;
}

type NextFigures = (row: LockedStock, quantity: number) => { onHand: number; reserved: number };

async function applyToLines(em: EntityManager, sellerId: string, stock: Map<string, LockedStock>, totals: Map<string, number>, next: NextFigures): Promise<void> {
  await applyStockWrite(em, sellerId, await planLines(em, sellerId, stock, totals, next));
}

async function planLines(em: EntityManager, sellerId: string, stock: Map<string, LockedStock>, totals: Map<string, number>, next: NextFigures): Promise<StockWrite> {
  const changes: StockChange[] = [...totals].map(([sku, quantity]) => {
    const row = stock.get(sku)!;
    return { stock: row, ...next(row, quantity) };
  });
  return planStockWrite(sellerId, changes, await loadAllocations(em, sellerId));
}

function quantitiesBySku(lines: StockLine[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.sku, (totals.get(line.sku) ?? 0) + line.quantity);
  return totals;
}

function assertQuantities(lines: StockLine[]): void {
  const bad = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => !Number.isSafeInteger(line.quantity) || line.quantity <= 0)
    .map(({ index }) => ({ path: `/items/${index}/quantity`, message: 'must be a positive integer' }));
  if (bad.length > 0) throw validationFailed(bad);
}
