import type { ModuleApi } from '../kernel/ponte-module.js';
import { LiveResolver } from './live.resolver.js';

/** The subscriptions of the GraphQL schema; src/server.ts attaches their WebSocket endpoint. */
export const liveApi: ModuleApi = {
  resolvers: [LiveResolver],
};
