import DataLoader from 'dataloader';
import { requireAuthentication } from '../auth/auth.service.js';
import { loaderFor, type GraphQLContext } from '../graphql/context.js';
import { findPricesBySkus } from './price.service.js';
import { findProductsBySkus, type ProductView } from './product.service.js';
import { findStockBySkus } from './stock.service.js';
import type { StockFigures } from './stock-figures.js';
import type { PriceEntry } from './price-list.entity.js';

/** Stock of sellable SKUs, one query per request for all the SKUs a response names. */
export function stockLoader(context: GraphQLContext): DataLoader<string, StockFigures | null> {
  const { sellerId } = requireAuthentication(context.principal);
  return loaderFor(context, 'catalog.stock', () => new DataLoader(async (skus: readonly string[]) => {
    const found = await findStockBySkus(context.em, sellerId, skus);
    return skus.map((sku) => found.get(sku) ?? null);
  }));
}

export function pricesLoader(context: GraphQLContext): DataLoader<string, PriceEntry[]> {
  const { sellerId } = requireAuthentication(context.principal);
  return loaderFor(context, 'catalog.prices', () => new DataLoader(async (skus: readonly string[]) => {
    const found = await findPricesBySkus(context.em, sellerId, skus);
    return skus.map((sku) => found.get(sku) ?? []);
  }));
}

/** Products by SKU, for federation references (`_entities`) arriving in batches. */
export function productLoader(context: GraphQLContext): DataLoader<string, ProductView | null> {
  return loaderFor(context, 'catalog.product', () => new DataLoader(async (skus: readonly string[]) => {
    const found = await findProductsBySkus(context.em, skus);
    return skus.map((sku) => found.get(sku) ?? null);
  }));
}
