import type { EntityManager } from '@mikro-orm/postgresql';
import type { Page, PageRequest } from '../http/pagination.js';
import { viewPage } from '../http/pagination.js';
import type { PriceEntry } from './price-list.entity.js';
import { effectivePriceOf, type EffectivePrice } from './price-rules.js';
import { findPricesBySkus } from './price.service.js';
import { listProducts, type ProductFilter } from './product.queries.js';
import { productView, type ProductView } from './product.service.js';
import type { ProductInclusion } from './catalog.schemas.js';
import type { StockFigures } from './stock-figures.js';
import { findStockBySkus } from './stock.service.js';

/** A sellable SKU's figures, as far as they were asked for. */
export interface SkuInclusions {
  stock?: StockFigures | null;
  prices?: PriceEntry[];
  /** The price in force now: the default (`channel: null`) and on each channel the product is listed on. */
  effectivePrices?: EffectivePrice[];
}

export type ListedProduct = ProductView &
  SkuInclusions & { variations: (ProductView['variations'][number] & SkuInclusions)[] };

/**
 * `GET /produtos`: a page of products and, when asked, each sellable SKU's stock and
 * prices — the product's own when it has no variations, each variation's otherwise —
 * read for the whole page in one query per kind, so a sync job makes one call instead of
 * one per SKU on `/estoque` and `/preco`.
 */
export async function listProductViews(
  em: EntityManager,
  sellerId: string,
  filter: ProductFilter,
  page: PageRequest,
  include: readonly ProductInclusion[] = [],
): Promise<Page<ListedProduct>> {
  return viewPage(await listProducts(em, sellerId, filter, page), async (products) => {
    const views = products.map(productView);
    if (include.length === 0) return views;
    const skus = views.flatMap(sellableSkus);
    const stock = include.includes('stock') ? await findStockBySkus(em, sellerId, skus) : undefined;
    const prices = include.includes('prices') ? await findPricesBySkus(em, sellerId, skus) : undefined;
    const inclusionsOf = (sku: string, channels: readonly string[]): SkuInclusions => ({
      ...(stock ? { stock: stock.get(sku) ?? null } : {}),
      ...(prices ? pricing(sku, prices.get(sku) ?? [], channels) : {}),
    });
    const now = new Date();
    function pricing(sku: string, entries: PriceEntry[], channels: readonly string[]): SkuInclusions {
      const effectivePrices = [null, ...channels].flatMap((channel) => effectivePriceOf(sku, entries, channel, now) ?? []);
      return { prices: entries, effectivePrices };
    }
    return views.map((view) =>
      view.variations.length === 0
        ? { ...view, ...inclusionsOf(view.sku, view.channels) }
        : { ...view, variations: view.variations.map((variation) => ({ ...variation, ...inclusionsOf(variation.sku, view.channels) })) },
    );
  });
}

/** Prices and stock belong to sellable SKUs: the product itself, or each of its variations. */
function sellableSkus(view: ProductView): string[] {
  return view.variations.length === 0 ? [view.sku] : view.variations.map((variation) => variation.sku);
}
