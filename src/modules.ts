import 'reflect-metadata';
import { authModule } from './auth/module.js';
import { catalogModule } from './catalog/module.js';
import { eventsModule } from './events/module.js';
import { idempotencyModule } from './idempotency/module.js';
import { installModules, type PonteModule } from './kernel/module.js';
import { liveModule } from './live/module.js';
import { ordersModule } from './orders/module.js';
import { portalModule } from './portal/module.js';
import { productsModule } from './products/module.js';
import { webhooksModule } from './webhooks/module.js';

/**
 * Every module, the one list of them. A new domain is a folder with a module.ts and one
 * line here. The order is the order of the REST routes in the OpenAPI document and of
 * the events within each webhooks interface group.
 */
export const MODULES: readonly PonteModule[] = [
  authModule,
  eventsModule,
  idempotencyModule,
  catalogModule,
  ordersModule,
  productsModule,
  webhooksModule,
  portalModule,
  liveModule,
];

/**
 * Importing this file registers the modules' events (the event catalogue) and webhook
 * kinds and audiences (the dispatcher); the entry points hand the other parts to their
 * kernels: ENTITIES to the ORM, GRAPHQL to the schema builder, ROUTES and HOSTS to the HTTP server,
 * WORKERS to the worker runner. EVENTS is every event declaration, schemas included.
 */
export const { entities: ENTITIES, graphql: GRAPHQL, routes: ROUTES, hosts: HOSTS, workers: WORKERS, events: EVENTS } = installModules(MODULES);
