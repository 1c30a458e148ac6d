import type { ModuleApi } from '../kernel/ponte-module.js';
import { CHANNELS_INTERFACE } from './channels.interface.js';
import { ConnectionResolver } from './connection.resolver.js';
import { connectionRoutes } from './connection.routes.js';
import { ListingLinkSyncResolver, ListingResolver } from './listing.resolver.js';
import { listingRoutes } from './listing.routes.js';

/** Channel connectors over GraphQL and REST. */
export const channelsApi: ModuleApi = {
  resolvers: [ConnectionResolver, ListingResolver, ListingLinkSyncResolver],
  routes: [connectionRoutes, listingRoutes],
  interfaces: [CHANNELS_INTERFACE],
};
