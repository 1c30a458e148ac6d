import { PORTAL_INTERFACE } from './portal.interface.js';
import type { PonteModule } from '../kernel/module.js';
import { portalWebhookRoutes } from './webhooks.routes.js';

/** The seller portal's API v2: webhook subscriptions seen as group switches. */
export const portalModule: PonteModule = {
  name: 'portal',
  routes: [portalWebhookRoutes],
  interfaces: [PORTAL_INTERFACE],
};
