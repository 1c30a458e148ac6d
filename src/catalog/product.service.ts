import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../db/ids.js';
import { notFound, validationFailed, type FieldError } from '../errors.js';
import { recordEvent } from '../events/outbox.js';
import { unknownChannelErrors } from './channel.service.js';
import { publicationChanged } from './catalog.events.js';
import { distributeStock, type ChannelQuantity } from './distribution.js';
import { contentHash, contentOf, sellableSkus, type ProductContent } from './product-content.js';
import { batchErrors, channelReferences } from './product-validation.js';
import { Product } from './product.entity.js';
import type { ProductInput } from './catalog.schemas.js';
import { loadAllocations } from './stock-figures.js';

export type UpsertOutcome = 'created' | 'updated' | 'unchanged';

export interface UpsertResult {
  sku: string;
  result: UpsertOutcome;
}

/**
 * `PUT /produtos`: creates or replaces each product by SKU, all or nothing. An item whose
 * canonical content hashes the same as the stored one is `unchanged` and writes nothing,
 * so a resent batch emits no event. Stock rows follow the sellable SKUs.
 */
export async function upsertProducts(em: EntityManager, sellerId: string, inputs: ProductInput[]): Promise<UpsertResult[]> {
  const contents = inputs.map(contentOf);
  return em.transactional(async (tx) => {
    // Every problem of the batch at once: a client fixes them in one round.
    const errors = [...batchErrors(contents), ...(await unknownChannelErrors(tx, sellerId, channelReferences(contents)))];
    if (errors.length > 0) throw validationFailed(errors);
    await lockSkus(tx, sellerId, contents.map((content) => content.sku));
    const existing = new Map((await tx.find(Product, { sku: { $in: contents.map((c) => c.sku) } })).map((p) => [p.sku, p]));
    await assertSkusFree(tx, sellerId, contents, existing);
    // A new SKU starts at zero: its published quantities are the zero distribution.
    const zeroChannels = distributeStock(0, await loadAllocations(tx, sellerId));
    const results: UpsertResult[] = [];
    for (const content of contents) {
      results.push({ sku: content.sku, result: await upsertOne(tx, sellerId, content, existing.get(content.sku), zeroChannels) });
    }
    await tx.flush();
    return results;
  });
}

async function upsertOne(
  em: EntityManager,
  sellerId: string,
  content: ProductContent,
  current: Product | undefined,
  zeroChannels: ChannelQuantity[],
): Promise<UpsertOutcome> {
  const hash = contentHash(content);
  if (current?.contentHash === hash) return 'unchanged';
  const before = current ? { status: current.publicationStatus, channels: [...current.channels] } : undefined;
  const product = current ?? em.create(Product, { ...content, id: newId(), seller: sellerId, contentHash: hash });
  if (current) Object.assign(current, content, { contentHash: hash, updatedAt: new Date() });
  em.persist(product);
  await em.flush();
  await syncStockRows(em, sellerId, product, zeroChannels);
  await recordPublicationChange(em, sellerId, content, before);
  return current ? 'updated' : 'created';
}

/** Serialises concurrent upserts of one SKU (its row may not exist yet to lock). */
async function lockSkus(em: EntityManager, sellerId: string, skus: string[]): Promise<void> {
  for (const sku of [...skus].sort()) {
    await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`catalog:${sellerId}:${sku}`]);
  }
}

/** A SKU may not be taken from another product that still has it (as its own or a live variation). */
async function assertSkusFree(em: EntityManager, sellerId: string, contents: ProductContent[], existing: Map<string, Product>): Promise<void> {
  const wanted = contents.flatMap((content, i) => [
    { sku: content.sku, owner: content.sku, path: `/products/${i}/sku` },
    ...content.variations.map((variation, j) => ({ sku: variation.sku, owner: content.sku, path: `/products/${i}/variations/${j}/sku` })),
  ]);
  const rows = await em.execute<{ sku: string; sellable: boolean; owner_sku: string }[]>(
    `select s.sku, s.sellable, p.sku as owner_sku from stock s join product p on p.id = s.product_id
      where s.seller_id = ? and s.sku in (?)`,
    [sellerId, wanted.map((entry) => entry.sku)],
  );
  const holders = new Map(rows.filter((row) => row.sellable || row.sku === row.owner_sku).map((row) => [row.sku, row.owner_sku]));
  const errors: FieldError[] = wanted
    .filter((entry) => {
      const holder = holders.get(entry.sku);
      return holder !== undefined && holder !== entry.owner && !releasedInBatch(entry.sku, holder, contents, existing);
    })
    .map((entry) => ({ path: entry.path, message: `is already a SKU of product ${holders.get(entry.sku)}` }));
  if (errors.length > 0) throw validationFailed(errors);
}

/** The holder is in the same batch and no longer has the SKU, so moving it is allowed. */
function releasedInBatch(sku: string, holder: string, contents: ProductContent[], existing: Map<string, Product>): boolean {
  const next = contents.find((content) => content.sku === holder);
  return next !== undefined && existing.has(holder) && sku !== holder && !next.variations.some((variation) => variation.sku === sku);
}

/**
 * One stock row per SKU of the product: the product's own (sellable without variations)
 * and one per variation. Rows of dropped variations stay, not sellable, so orders that
 * reserved them can still release or ship. The rows touched are locked first, in SKU
 * order like every stock writer, so this never deadlocks with a reservation.
 */
async function syncStockRows(em: EntityManager, sellerId: string, product: Product, zeroChannels: ChannelQuantity[]): Promise<void> {
  const sellable = new Set(sellableSkus(product));
  const skus = [product.sku, ...product.variations.map((variation) => variation.sku)].sort();
  await em.execute(`select id from stock where seller_id = ? and (product_id = ? or sku in (?)) order by sku for update`, [sellerId, product.id, skus]);
  const zero = JSON.stringify(zeroChannels);
  await em.execute(
    `insert into stock (id, seller_id, sku, product_id, sellable, on_hand, reserved, available, channels, updated_at)
     select v.id, ?, v.sku, ?, v.sellable, 0, 0, 0, ?::jsonb, now()
       from jsonb_to_recordset(?::jsonb) as v(id uuid, sku text, sellable boolean)
     on conflict (seller_id, sku) do update set product_id = excluded.product_id, sellable = excluded.sellable, updated_at = now()
       where stock.product_id is distinct from excluded.product_id or stock.sellable is distinct from excluded.sellable`,
    [sellerId, product.id, zero, JSON.stringify(skus.map((sku) => ({ id: newId(), sku, sellable: sellable.has(sku) })))],
  );
  await em.execute(`update stock set sellable = false, updated_at = now() where seller_id = ? and product_id = ? and sellable and sku not in (?)`, [
    sellerId,
    product.id,
    skus,
  ]);
}

async function recordPublicationChange(
  em: EntityManager,
  sellerId: string,
  content: ProductContent,
  before: { status: ProductContent['publicationStatus']; channels: string[] } | undefined,
): Promise<void> {
  const statusChanged = before ? before.status !== content.publicationStatus : content.publicationStatus !== 'draft';
  const channelsChanged = before ? !sameSet(before.channels, content.channels) : false;
  if (!statusChanged && !channelsChanged) return;
  await recordEvent(em, sellerId, publicationChanged(content, before));
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

export async function findProductsBySkus(em: EntityManager, skus: readonly string[]): Promise<Map<string, ProductView>> {
  const products = await em.find(Product, { sku: { $in: [...skus] } });
  return new Map(products.map((product) => [product.sku, productView(product)]));
}

export async function getProduct(em: EntityManager, sku: string): Promise<Product> {
  const product = await em.findOne(Product, { sku });
  if (!product) throw notFound(`Product ${sku}`);
  return product;
}

export interface ProductView extends ProductContent {
  createdAt: string;
  updatedAt: string;
}

export function productView(product: Product): ProductView {
  return {
    sku: product.sku,
    title: product.title,
    description: product.description,
    brand: product.brand,
    gtin: product.gtin,
    ncm: product.ncm,
    attributes: product.attributes,
    images: product.images,
    datasheet: product.datasheet,
    weightGrams: product.weightGrams,
    dimensionsCm: product.dimensionsCm,
    publicationStatus: product.publicationStatus,
    channels: product.channels,
    variations: product.variations,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}
