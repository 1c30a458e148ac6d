import { TOKENS_TAG } from '../auth/auth.routes.js';
import type { RestInterface } from '../http/openapi/interfaces.js';

export const CATALOGUE_INTERFACE: RestInterface = {
  slug: 'catalogue',
  title: 'Catalogue and stock',
  description: 'Products by SKU (batch upsert), prices per channel, stock (absolute or idempotent deltas) and the sales channels that stock is published to.',
  tags: [
    { name: 'catalog', description: 'Products and their variations, by SKU' },
    { name: 'prices', description: 'Default prices and per-channel overrides' },
    { name: 'stock', description: 'Stock on hand and what each channel may sell' },
    { name: 'channels', description: 'Sales channels and their stock allocation' },
    TOKENS_TAG,
  ],
};
