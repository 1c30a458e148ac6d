import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../db/ids.js';
import { notFound, validationFailed } from '../errors.js';
import { recordEvent } from '../events/outbox.js';
import { pricesChanged } from './catalog.events.js';
import { assertChannelsExist, unknownChannelErrors } from './channel.service.js';
import type { PriceEntry } from './price-list.entity.js';
import { effectivePriceOf, mergePrices, normalizePrice, priceErrors, storedEntry, type EffectivePrice } from './price-rules.js';
import type { EffectivePriceQuery, PriceInput } from './catalog.schemas.js';

export interface SkuPrices {
  sku: string;
  prices: PriceEntry[];
}

/**
 * `PATCH /produtos/{sku}/preco`: upserts the listed entries (the default when `channel`
 * is null, an override otherwise) and keeps the others. Equal prices write nothing and
 * emit nothing; a change emits `produto.preco_alterado` with the SKU's whole list.
 */
export async function setPrices(em: EntityManager, sellerId: string, sku: string, inputs: PriceInput[]): Promise<SkuPrices> {
  const entries = inputs.map(normalizePrice);
  return em.transactional(async (tx) => {
    await assertSellable(tx, sellerId, sku);
    const channels = entries.flatMap((entry, i) => (entry.channel === null ? [] : [{ code: entry.channel, path: `/prices/${i}/channel` }]));
    const errors = [...priceErrors(entries), ...(await unknownChannelErrors(tx, sellerId, channels))];
    if (errors.length > 0) throw validationFailed(errors);
    await tx.execute(
      `insert into price_list (id, seller_id, sku, prices, updated_at) values (?, ?, ?, '[]', now()) on conflict (seller_id, sku) do nothing`,
      [newId(), sellerId, sku],
    );
    const current = await storedPrices(tx, sellerId, sku, 'for update');
    const prices = mergePrices(current, entries);
    if (JSON.stringify(prices) === JSON.stringify(current)) return { sku, prices };
    await tx.execute(`update price_list set prices = ?::jsonb, updated_at = now() where seller_id = ? and sku = ?`, [JSON.stringify(prices), sellerId, sku]);
    await recordEvent(tx, sellerId, pricesChanged({ sku, prices }));
    return { sku, prices };
  });
}

export async function getPrices(em: EntityManager, sellerId: string, sku: string): Promise<SkuPrices> {
  await assertSellable(em, sellerId, sku);
  return { sku, prices: await storedPrices(em, sellerId, sku) };
}

/** The price of a SKU on a channel (omitted: the default) at an instant (omitted: now); null when none is set. */
export async function getEffectivePrice(em: EntityManager, sellerId: string, sku: string, query: EffectivePriceQuery): Promise<EffectivePrice | null> {
  await assertSellable(em, sellerId, sku);
  const channel = query.channel ?? null;
  if (channel !== null) await assertChannelsExist(em, sellerId, [{ code: channel, path: '/channel' }]);
  return effectivePriceOf(sku, await storedPrices(em, sellerId, sku), channel, query.at ? new Date(query.at) : new Date());
}

/** `GET /produtos/{sku}/preco`: the SKU's prices and, beside them, its effective price (see getEffectivePrice). */
export async function getPricing(
  em: EntityManager,
  sellerId: string,
  sku: string,
  query: EffectivePriceQuery,
): Promise<SkuPrices & { effective: EffectivePrice | null }> {
  const prices = await getPrices(em, sellerId, sku);
  return { ...prices, effective: await getEffectivePrice(em, sellerId, sku, query) };
}

/** Stored prices of sellable SKUs; SKUs without prices are absent. */
export async function findPricesBySkus(em: EntityManager, sellerId: string, skus: readonly string[]): Promise<Map<string, PriceEntry[]>> {
  if (skus.length === 0) return new Map();
  const rows = await em.execute<{ sku: string; prices: PriceEntry[] }[]>(`select sku, prices from price_list where seller_id = ? and sku in (?)`, [
    sellerId,
    [...skus],
  ]);
  return new Map(rows.map((row) => [row.sku, row.prices.map(storedEntry)]));
}

async function storedPrices(em: EntityManager, sellerId: string, sku: string, lock: '' | 'for update' = ''): Promise<PriceEntry[]> {
  const [row] = await em.execute<{ prices: PriceEntry[] }[]>(`select prices from price_list where seller_id = ? and sku = ? ${lock}`, [sellerId, sku]);
  return (row?.prices ?? []).map(storedEntry);
}

async function assertSellable(em: EntityManager, sellerId: string, sku: string): Promise<void> {
  const [row] = await em.execute<{ sellable: boolean }[]>(`select sellable from stock where seller_id = ? and sku = ?`, [sellerId, sku]);
  if (!row) throw notFound(`SKU ${sku}`);
  if (!row.sellable) throw validationFailed([{ path: '/sku', message: 'has variations: prices belong to its variations\' SKUs' }]);
}
