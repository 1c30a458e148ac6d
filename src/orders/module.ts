import type { PonteModule } from '../kernel/module.js';
import { ORDER_EVENTS } from './events.js';
import { OrderItem } from './order-item.entity.js';
import { OrderNumberSequence } from './order-number-sequence.entity.js';
import { OrderPayment } from './order-payment.entity.js';
import { OrderStatusChange } from './order-status-change.entity.js';
import { Order } from './order.entity.js';
import { OrderResolver, orderNode, orderReference } from './resolver.js';
import { orderRoutes } from './routes.js';

/** Orders: their numbers, items, payments and status history. */
export const ordersModule: PonteModule = {
  name: 'orders',
  entities: [Order, OrderItem, OrderPayment, OrderStatusChange, OrderNumberSequence],
  resolvers: [OrderResolver],
  references: { Order: { key: 'id', ...orderReference } },
  nodes: { Order: orderNode },
  routes: [orderRoutes],
  events: ORDER_EVENTS,
};
