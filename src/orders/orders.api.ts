import type { ModuleApi } from '../kernel/ponte-module.js';
import { ORDERS_INTERFACE } from './orders.interface.js';
import { OrderResolver, orderNode, orderReference } from './order.resolver.js';
import { orderRoutes } from './order.routes.js';

/** Orders over GraphQL and REST. */
export const ordersApi: ModuleApi = {
  resolvers: [OrderResolver],
  references: { Order: { key: 'id', ...orderReference } },
  nodes: { Order: orderNode },
  routes: [orderRoutes],
  interfaces: [ORDERS_INTERFACE],
};
