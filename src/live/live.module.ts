import type { PonteModule } from '../kernel/ponte-module.js';
import { LiveRelay } from './redis-relay.js';

/**
 * Live events over GraphQL subscriptions. The WebSocket endpoint itself is attached by
 * src/server.ts on the GraphQL path.
 */
export const liveModule: PonteModule = {
  name: 'live',
  api: async () => (await import('./live.api.js')).liveApi,
  workers: [
    {
      // Every role may relay live events to Redis; an advisory lock elects the one that does.
      roles: ['all', 'api', 'dispatcher'],
      enabled: (config) => config.redisUrl !== undefined,
      create: ({ config, orm, logger }) => new LiveRelay({ config, orm, logger, databaseUrl: orm.config.get('clientUrl')! }),
    },
  ],
};
