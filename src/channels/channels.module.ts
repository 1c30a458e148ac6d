import { partitionUpkeep } from '../kernel/partition-upkeep.js';
import type { PonteModule } from '../kernel/ponte-module.js';
import { ChannelConnection } from './connection.entity.js';
import { InboundNotification } from './inbound.entity.js';
import { createInboundRetention } from './inbound-retention.js';
import { InboundWorker } from './inbound-worker.js';
import { ListingLinkRow } from './listing.entity.js';
import { ChannelSync, ChannelSyncAttempt, SYNC_LOG_PARTITIONS } from './sync.entity.js';
import { createSyncLogRetention } from './sync-log-retention.js';
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
    { roles: ['all', 'dispatcher'], create: createSyncLogRetention },
    partitionUpkeep('channels', SYNC_LOG_PARTITIONS),
  ],
  // Fills the sync queue from the outbox as the fan-out takes committed events.
  webhooks: { audience: syncAudience },
};
