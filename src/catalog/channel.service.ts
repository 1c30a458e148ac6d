import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../db/ids.js';
import { notFound, validationFailed } from '../errors.js';
import { loadAllocations, lockAllSellableStock, writeStockFigures } from './stock-figures.js';

export interface ChannelView {
  code: string;
  name: string;
  active: boolean;
  sharePercent: number;
  safetyStock: number;
  maxQuantity: number | null;
}

export interface ChannelInput {
  name: string;
  active?: boolean;
  sharePercent?: number;
  safetyStock?: number;
  maxQuantity?: number | null;
}

interface ChannelRow {
  code: string;
  name: string;
  active: boolean;
  share_percent: number;
  safety_stock: number;
  max_quantity: number | null;
}

const COLUMNS = 'code, name, active, share_percent, safety_stock, max_quantity';

function toView(row: ChannelRow): ChannelView {
  return {
    code: row.code,
    name: row.name,
    active: row.active,
    sharePercent: row.share_percent,
    safetyStock: row.safety_stock,
    maxQuantity: row.max_quantity,
  };
}

export async function listChannels(em: EntityManager, sellerId: string): Promise<ChannelView[]> {
  const rows = await em.execute<ChannelRow[]>(`select ${COLUMNS} from channel where seller_id = ? order by code`, [sellerId]);
  return rows.map(toView);
}

export async function findChannel(em: EntityManager, sellerId: string, code: string): Promise<ChannelView | null> {
  const [row] = await em.execute<ChannelRow[]>(`select ${COLUMNS} from channel where seller_id = ? and code = ?`, [sellerId, code]);
  return row ? toView(row) : null;
}

export async function getChannel(em: EntityManager, sellerId: string, code: string): Promise<ChannelView> {
  const channel = await findChannel(em, sellerId, code);
  if (!channel) throw notFound(`Channel ${code}`);
  return channel;
}

/**
 * `PUT /canais/{code}`: creates or replaces a channel (omitted settings take their
 * defaults). When the allocation changes, every sellable SKU's published quantities are
 * recomputed in the same transaction, with `estoque.alterado` for each SKU whose figures move.
 */
export async function putChannel(
  em: EntityManager,
  sellerId: string,
  code: string,
  input: ChannelInput,
): Promise<{ channel: ChannelView; created: boolean }> {
  const next: ChannelView = {
    code,
    name: input.name,
    active: input.active ?? true,
    sharePercent: input.sharePercent ?? 100,
    safetyStock: input.safetyStock ?? 0,
    maxQuantity: input.maxQuantity ?? null,
  };
  return em.transactional(async (tx) => {
    const created = await insertIfMissing(tx, sellerId, next);
    const [previous] = await tx.execute<ChannelRow[]>(
      `select ${COLUMNS} from channel where seller_id = ? and code = ? for update`,
      [sellerId, code],
    );
    if (!created && previous && !sameChannel(toView(previous), next)) {
      await tx.execute(
        `update channel set name = ?, active = ?, share_percent = ?, safety_stock = ?, max_quantity = ?, updated_at = now()
          where seller_id = ? and code = ?`,
        [next.name, next.active, next.sharePercent, next.safetyStock, next.maxQuantity, sellerId, code],
      );
    }
    if (created || !sameAllocation(toView(previous!), next)) await recomputeAllStock(tx, sellerId);
    return { channel: next, created };
  });
}

/** The published quantities of every sellable SKU, after the seller's channels changed. */
export async function recomputeAllStock(em: EntityManager, sellerId: string): Promise<void> {
  const stock = await lockAllSellableStock(em, sellerId);
  const allocations = await loadAllocations(em, sellerId);
  await writeStockFigures(
    em,
    sellerId,
    stock.map((row) => ({ stock: row, onHand: row.onHand, reserved: row.reserved })),
    allocations,
  );
}

/** Codes the seller has not configured, for the 422 of a price, listing or order naming them. */
export async function assertChannelsExist(
  em: EntityManager,
  sellerId: string,
  references: { code: string; path: string }[],
): Promise<void> {
  if (references.length === 0) return;
  const rows = await em.execute<{ code: string }[]>(`select code from channel where seller_id = ? and code in (?)`, [
    sellerId,
    [...new Set(references.map((reference) => reference.code))],
  ]);
  const known = new Set(rows.map((row) => row.code));
  const unknown = references.filter((reference) => !known.has(reference.code));
  if (unknown.length > 0) {
    throw validationFailed(unknown.map((reference) => ({ path: reference.path, message: `is not a channel of this seller (configure it with PUT /canais/${reference.code})` })));
  }
}

async function insertIfMissing(em: EntityManager, sellerId: string, channel: ChannelView): Promise<boolean> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into channel (id, seller_id, code, name, active, share_percent, safety_stock, max_quantity, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, now(), now())
     on conflict (seller_id, code) do nothing
     returning id`,
    [newId(), sellerId, channel.code, channel.name, channel.active, channel.sharePercent, channel.safetyStock, channel.maxQuantity],
  );
  return inserted.length > 0;
}

function sameAllocation(a: ChannelView, b: ChannelView): boolean {
  return a.active === b.active && a.sharePercent === b.sharePercent && a.safetyStock === b.safetyStock && a.maxQuantity === b.maxQuantity;
}

function sameChannel(a: ChannelView, b: ChannelView): boolean {
  return a.name === b.name && sameAllocation(a, b);
}
