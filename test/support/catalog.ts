import { forkForSeller, type Orm } from '../../src/db/orm.js';
import { upsertProducts } from '../../src/catalog/product.service.js';
import type { ProductInput } from '../../src/catalog/catalog.schemas.js';
import { updateStock, type StockFigures } from '../../src/catalog/stock.service.js';

/** A valid product input; a test overrides what it is about. */
export function productInput(sku: string, overrides: Partial<ProductInput> = {}): ProductInput {
  return { sku, title: `Product ${sku}`, ...overrides };
}

/**
 * A sellable SKU (a product without variations) with `onHand` units, through the same
 * services the API uses. Other domains' tests (orders) build their stock with it.
 */
export async function createSellableSku(
  orm: Orm,
  sellerId: string,
  options: { sku: string; onHand?: number; product?: Partial<ProductInput> },
): Promise<StockFigures> {
  const em = forkForSeller(orm, sellerId);
  await upsertProducts(em, sellerId, [productInput(options.sku, options.product)]);
  return updateStock(em, sellerId, options.sku, { onHand: options.onHand ?? 0 });
}

export interface RecordedEvent {
  type: string;
  aggregateId: string;
  payload: Record<string, unknown>;
}

/** The outbox rows of a seller, oldest first; optionally of one type. */
export async function recordedEvents(orm: Orm, sellerId: string, type?: string): Promise<RecordedEvent[]> {
  const rows = await orm.em.fork().execute<{ type: string; aggregate_id: string; payload: Record<string, unknown> }[]>(
    `select type, aggregate_id, payload from outbox_event where seller_id = ? ${type ? 'and type = ?' : ''} order by id`,
    type ? [sellerId, type] : [sellerId],
  );
  return rows.map((row) => ({ type: row.type, aggregateId: row.aggregate_id, payload: row.payload }));
}

/** A response body, loosely typed: assertions pick the fields they are about. */
export async function json(response: Response): Promise<Record<string, any>> {
  return (await response.json()) as Record<string, unknown>;
}
