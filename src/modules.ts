import 'reflect-metadata';
import { authModule } from './auth/auth.module.js';
import { catalogModule } from './catalog/catalog.module.js';
import { channelsModule } from './channels/channels.module.js';
import { eventsModule } from './events/events.module.js';
import { idempotencyModule } from './idempotency/idempotency.module.js';
import { installModules, type PonteModule } from './kernel/ponte-module.js';
import { liveModule } from './live/live.module.js';
import { ordersModule } from './orders/orders.module.js';
import { portalModule } from './portal/portal.module.js';
import { platformsModule } from './platforms/platforms.module.js';
import { simulatorModule } from './simulator/simulator.module.js';
import { webhooksModule } from './webhooks/webhooks.module.js';

/**
 * Every module, the one list of them. A new domain is a folder with a `<folder>.module.ts` and one
 * line here. The order is the order of the REST routes in the OpenAPI document and of
 * the events within each webhooks interface group.
 */
export const MODULES: readonly PonteModule[] = [
  authModule,
  eventsModule,
  idempotencyModule,
  catalogModule,
  ordersModule,
  channelsModule,
  platformsModule,
  webhooksModule,
  portalModule,
  liveModule,
  simulatorModule,
];

/**
 * Importing this file registers the modules' events (the event registry) and webhook
 * kinds and audiences (the dispatcher); the entry points hand the other parts to their
 * kernels: ENTITIES to the ORM, WORKERS to the worker runner, METRICS to the process's
 * metrics registry. EVENTS is every event declaration, schemas included.
 * `loadModuleApis()` imports what processes serving the API take (the GraphQL parts,
 * REST routes, hosts, and the interfaces client teams get a document, event schemas and
 * a collection for); a dispatcher never calls it, so it starts without them.
 */
export const {
  entities: ENTITIES,
  workers: WORKERS,
  events: EVENTS,
  metrics: METRICS,
  api: loadModuleApis,
} = installModules(MODULES);
