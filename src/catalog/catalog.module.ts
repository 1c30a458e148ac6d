import type { PonteModule } from '../kernel/ponte-module.js';
import { Channel } from './channel.entity.js';
import { CATALOG_EVENTS } from './catalog.events.js';
import { PriceList } from './price-list.entity.js';
import { Product } from './product.entity.js';
import { Stock } from './stock.entity.js';

/** Products, prices, stock and channels. */
export const catalogModule: PonteModule = {
  name: 'catalog',
  entities: [Channel, Product, Stock, PriceList],
  api: async () => (await import('./catalog.api.js')).catalogApi,
  events: CATALOG_EVENTS,
};
