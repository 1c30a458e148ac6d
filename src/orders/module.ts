import { ORDERS_INTERFACE } from './orders.interface.js';
import type { PonteModule } from '../kernel/module.js';
import { ORDER_EVENTS } from './events.js';
import { OrderItem } from './order-item.entity.js';
import { OrderNumberSequence } from './order-number-sequence.entity.js';
import { OrderPayment } from './order-payment.entity.js';
import { OrderStatusChange } from './order-status-change.entity.js';
import { Order } from './order.entity.js';
import { OrderResolver, orderReference } from './resolver.js';
import { orderRoutes } from './routes.js';

/** Orders: their numbers, items, payments and status history. */
export const ordersModule: PonteModule = {
  name: 'orders',
  entities: [Order, OrderItem, OrderPayment, OrderStatusChange, OrderNumberSequence],
  resolvers: [OrderResolver],
  references: { Order: { key: 'id', ...orderReference } },
  routes: [orderRoutes],
  interfaces: [ORDERS_INTERFACE],
  events: ORDER_EVENTS,
};
