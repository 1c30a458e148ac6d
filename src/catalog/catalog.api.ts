import type { ModuleApi } from '../kernel/ponte-module.js';
import { CATALOGUE_INTERFACE } from './catalog.interface.js';
import { channelRoutes } from './channel.routes.js';
import { ChannelResolver } from './channel.resolver.js';
import { PriceResolver } from './price.resolver.js';
import { priceRoutes } from './price.routes.js';
import { productReference } from './product-reference.js';
import { ProductResolver, ProductVariationResolver } from './product.resolver.js';
import { productRoutes } from './product.routes.js';
import { StockResolver } from './stock.resolver.js';
import { stockRoutes } from './stock.routes.js';

/** Products, prices, stock and channels over GraphQL and REST. */
export const catalogApi: ModuleApi = {
  resolvers: [ProductResolver, ProductVariationResolver, PriceResolver, StockResolver, ChannelResolver],
  references: { Product: { key: 'sku', ...productReference } },
  routes: [productRoutes, priceRoutes, stockRoutes, channelRoutes],
  interfaces: [CATALOGUE_INTERFACE],
};
