import type { PonteModule } from '../kernel/ponte-module.js';
import { ChannelConnection } from './connection.entity.js';
import { InboundNotification } from './inbound.entity.js';
import { InboundWorker } from './inbound-worker.js';
import { ListingLinkRow } from './listing.entity.js';

/** Channel connectors: connections to Shopify, WooCommerce and Mercado Livre, orders in, stock and prices out. */
export const channelsModule: PonteModule = {
  name: 'channels',
  entities: [ChannelConnection, ListingLinkRow, InboundNotification],
  api: async () => (await import('./channels.api.js')).channelsApi,
  workers: [{ roles: ['all', 'dispatcher'], create: (deps) => new InboundWorker(deps) }],
};
