import { Application, ApplicationCredential, Installation } from '../auth/application.entity.js';
import { ApiToken } from '../auth/api-token.entity.js';
import { Seller } from '../auth/seller.entity.js';
import { AggregateSequence, OutboxEvent } from '../events/outbox-event.entity.js';
import { Channel } from '../catalog/channel.entity.js';
import { PriceList } from '../catalog/price-list.entity.js';
import { Product } from '../catalog/product.entity.js';
import { Stock } from '../catalog/stock.entity.js';
import { IdempotencyKey } from '../idempotency/idempotency-key.entity.js';
import { OrderNumberSequence } from '../orders/order-number-sequence.entity.js';
import { OrderItem } from '../orders/order-item.entity.js';
import { OrderPayment } from '../orders/order-payment.entity.js';
import { OrderStatusChange } from '../orders/order-status-change.entity.js';
import { Order } from '../orders/order.entity.js';
import { CarrierChatMessage, Shipment, TrackingEvent } from '../products/logistics/shipment.entity.js';
import { SettlementCycle, SettlementEntry } from '../products/payments/settlement-cycle.entity.js';
import { ProductWebhook } from '../products/registration.entity.js';
import { ProductWebhookSubscription } from '../products/registration-subscription.entity.js';
import { SupportCase, SupportMessage } from '../products/support/support-case.entity.js';
import { WebhookAttempt, WebhookDelivery } from '../webhooks/delivery.entity.js';
import { FanoutQueueEntry } from '../webhooks/fanout-queue.entity.js';
import { WebhookSubscription } from '../webhooks/subscription.entity.js';
import { SellerOwned } from './seller-owned.js';

/** Every entity the ORM knows, by domain. A new domain adds its entities here. */
export const ENTITIES = [
  SellerOwned,
  Seller,
  ApiToken,
  Application,
  ApplicationCredential,
  Installation,
  OutboxEvent,
  AggregateSequence,
  Channel,
  Product,
  Stock,
  PriceList,
  Order,
  OrderItem,
  OrderPayment,
  OrderStatusChange,
  OrderNumberSequence,
  IdempotencyKey,
  ProductWebhook,
  ProductWebhookSubscription,
  Shipment,
  TrackingEvent,
  CarrierChatMessage,
  SettlementCycle,
  SettlementEntry,
  SupportCase,
  SupportMessage,
  WebhookSubscription,
  WebhookDelivery,
  WebhookAttempt,
  FanoutQueueEntry,
];
