import type { PonteModule } from '../kernel/ponte-module.js';
import { ORDER_EVENTS } from './orders.events.js';
import { OrderItem } from './order-item.entity.js';
import { OrderNumberSequence } from './order-number-sequence.entity.js';
import { OrderPayment } from './order-payment.entity.js';
import { OrderStatusChange } from './order-status-change.entity.js';
import { Order } from './order.entity.js';

/** Orders: their numbers, items, payments and status history. */
export const ordersModule: PonteModule = {
  name: 'orders',
  entities: [Order, OrderItem, OrderPayment, OrderStatusChange, OrderNumberSequence],
  api: async () => (await import('./orders.api.js')).ordersApi,
  events: ORDER_EVENTS,
};
