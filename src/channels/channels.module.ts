import type { PonteModule } from '../kernel/ponte-module.js';
import { ChannelConnection } from './connection.entity.js';
import { InboundNotification } from './inbound.entity.js';
import { createInboundRetention } from './inbound-retention.js';
import { InboundWorker } from './inbound-worker.js';
import { ListingLinkRow } from './listing.entity.js';
import { ChannelSync, ChannelSyncAttempt } from './sync.entity.js';
import { syncAudience } from './sync-enqueue.js';
import { SyncWorker } from './sync-worker.js';

/** Channel connectors: connections to Shopify, WooCommerce and Mercado Livre, orders in, stock and prices out. */
export const channelsModule: PonteModule = {
  name: 'channels',
  entities: [ChannelConnection, ListingLinkRow, InboundNotification, ChannelSync, ChannelSyncAttempt],
  api: async () => (await import('./channels.api.js')).channelsApi,
  workers: [
    { roles: ['all', 'dispatcher'], create: (deps) => new InboundWorker(deps) },
    { roles: ['all', 'dispatcher'], create: (deps) => new SyncWorker(deps) },
    { roles: ['all', 'dispatcher'], create: createInboundRetention },
  ],
  // Fills the sync queue from the outbox as the fan-out takes committed events.
  webhooks: { audience: syncAudience },
};
