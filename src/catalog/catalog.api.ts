import type { ModuleApi } from '../kernel/ponte-module.js';
import { CATALOGUE_INTERFACE } from './catalog.interface.js';
import { catalogRoutes } from './catalog.routes.js';
import { PriceResolver } from './price.resolver.js';
import { productReference } from './product-reference.js';
import { ProductResolver, ProductVariationResolver } from './product.resolver.js';
import { StockResolver } from './stock.resolver.js';

/** Products, prices, stock and channels over GraphQL and REST. */
export const catalogApi: ModuleApi = {
  resolvers: [ProductResolver, ProductVariationResolver, PriceResolver, StockResolver],
  references: { Product: { key: 'sku', ...productReference } },
  routes: [catalogRoutes],
  interfaces: [CATALOGUE_INTERFACE],
};
