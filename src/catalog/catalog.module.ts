import type { PonteModule } from '../kernel/ponte-module.js';
import { CATALOGUE_INTERFACE } from './catalog.interface.js';
import { Channel } from './channel.entity.js';
import { CATALOG_EVENTS } from './catalog.events.js';
import { PriceList } from './price-list.entity.js';
import { PriceResolver } from './price.resolver.js';
import { Product } from './product.entity.js';
import { productReference } from './product-reference.js';
import { ProductResolver, ProductVariationResolver } from './product.resolver.js';
import { catalogRoutes } from './catalog.routes.js';
import { Stock } from './stock.entity.js';
import { StockResolver } from './stock.resolver.js';

/** Products, prices, stock and channels. */
export const catalogModule: PonteModule = {
  name: 'catalog',
  entities: [Channel, Product, Stock, PriceList],
  resolvers: [ProductResolver, ProductVariationResolver, PriceResolver, StockResolver],
  references: { Product: { key: 'sku', ...productReference } },
  routes: [catalogRoutes],
  interfaces: [CATALOGUE_INTERFACE],
  events: CATALOG_EVENTS,
};
