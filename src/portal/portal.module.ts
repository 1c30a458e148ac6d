import type { PonteModule } from '../kernel/ponte-module.js';

/** The seller portal's API v2: webhook subscriptions seen as group switches. */
export const portalModule: PonteModule = {
  name: 'portal',
  api: async () => (await import('./portal.api.js')).portalApi,
};
