import type { PonteModule } from '../kernel/ponte-module.js';
import { PORTAL_INTERFACE } from './portal.interface.js';
import { portalWebhookRoutes } from './portal.routes.js';

/** The seller portal's API v2: webhook subscriptions seen as group switches. */
export const portalModule: PonteModule = {
  name: 'portal',
  routes: [portalWebhookRoutes],
  interfaces: [PORTAL_INTERFACE],
};
