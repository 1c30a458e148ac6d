import type { ModuleApi } from '../kernel/ponte-module.js';
import { PORTAL_INTERFACE } from './portal.interface.js';
import { portalWebhookRoutes } from './portal.routes.js';

/** The portal's REST routes and their interface. */
export const portalApi: ModuleApi = {
  routes: [portalWebhookRoutes],
  interfaces: [PORTAL_INTERFACE],
};
