import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../db/ids.js';
import { claimQuota } from '../db/quota.js';
import { validationFailed, type FieldError } from '../errors.js';
import { findChannel, type ChannelView } from './channel.queries.js';
import { loadAllocations, lockAllSellableStock, writeStockFigures } from './stock-figures.js';

export { findChannel, getChannel, listChannels, pageOfChannels, type ChannelView } from './channel.queries.js';

export interface ChannelInput {
  name: string;
  active?: boolean;
  sharePercent?: number;
  safetyStock?: number;
  maxQuantity?: number | null;
}

/**
 * `PUT /canais/{code}`: creates or replaces a channel (omitted settings take their
 * defaults). When the allocation changes, every sellable SKU's published quantities are
 * recomputed in the same transaction, with `estoque.alterado` for each SKU whose figures move.
 */
/**
 * Channels a seller keeps: every SKU's stock and prices list one entry per channel, and
 * the GraphQL cost counts that many (docs/security.md#the-cost), so a page of 50 products
 * with their stock and prices stays within the default cost.
 */
export const CHANNELS_MAX = 30;

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
    if (!(await findChannel(tx, sellerId, code))) {
      await claimQuota(tx, {
        key: `channels:${sellerId}`,
        limit: CHANNELS_MAX,
        what: 'channels of a seller',
        remedy: 'deactivate one (active: false) and reuse its code',
        // Raw: the operator's paths (a new sandbox seller) call this unscoped.
        count: async () => (await tx.execute<{ count: number }[]>('select count(*)::int as count from channel where seller_id = ?', [sellerId]))[0]!.count,
      });
    }
    const created = await insertIfMissing(tx, sellerId, next);
    const previous = await findChannel(tx, sellerId, code, { forUpdate: true });
    if (!created && previous && !sameChannel(previous, next)) {
      await tx.execute(
        `update channel set name = ?, active = ?, share_percent = ?, safety_stock = ?, max_quantity = ?, updated_at = now()
          where seller_id = ? and code = ?`,
        [next.name, next.active, next.sharePercent, next.safetyStock, next.maxQuantity, sellerId, code],
      );
    }
    if (created || !sameAllocation(previous!, next)) await recomputeAllStock(tx, sellerId);
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

/** References to channels the seller has not configured, as field errors (a price, a listing, an order naming them is 422). */
export async function unknownChannelErrors(
  em: EntityManager,
  sellerId: string,
  references: { code: string; path: string }[],
): Promise<FieldError[]> {
  if (references.length === 0) return [];
  const rows = await em.execute<{ code: string }[]>(`select code from channel where seller_id = ? and code in (?)`, [
    sellerId,
    [...new Set(references.map((reference) => reference.code))],
  ]);
  const known = new Set(rows.map((row) => row.code));
  return references.filter((reference) => !known.has(reference.code)).map(unknownChannelError);
}

/** The field error for a reference to a channel the seller has not configured. */
export function unknownChannelError(reference: { code: string; path: string }): FieldError {
  return { path: reference.path, message: `is not a channel of this seller (configure it with PUT /canais/${reference.code})` };
}

export async function assertChannelsExist(em: EntityManager, sellerId: string, references: { code: string; path: string }[]): Promise<void> {
  const errors = await unknownChannelErrors(em, sellerId, references);
  if (errors.length > 0) throw validationFailed(errors);
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
