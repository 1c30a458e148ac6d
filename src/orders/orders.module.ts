import type { PonteModule } from '../kernel/ponte-module.js';
import { ORDERS_INTERFACE } from './orders.interface.js';
import { ORDER_EVENTS } from './orders.events.js';
import { OrderItem } from './order-item.entity.js';
import { OrderNumberSequence } from './order-number-sequence.entity.js';
import { OrderPayment } from './order-payment.entity.js';
import { OrderStatusChange } from './order-status-change.entity.js';
import { Order } from './order.entity.js';
import { OrderResolver, orderNode, orderReference } from './order.resolver.js';
import { orderRoutes } from './order.routes.js';

/** Orders: their numbers, items, payments and status history. */
export const ordersModule: PonteModule = {
  name: 'orders',
  entities: [Order, OrderItem, OrderPayment, OrderStatusChange, OrderNumberSequence],
  resolvers: [OrderResolver],
  references: { Order: { key: 'id', ...orderReference } },
  nodes: { Order: orderNode },
  routes: [orderRoutes],
  interfaces: [ORDERS_INTERFACE],
  events: ORDER_EVENTS,
};
