import type { PonteModule } from '../kernel/module.js';
import { ApplicationWebhookResolver } from './application-webhooks.resolver.js';
import { productWebhookTargets } from './audience.js';
import { PRODUCT_POLICIES } from './delivery-policy.js';
import { LOGISTICS_EVENTS } from './logistics/events.js';
import { LogisticsResolver, shipmentNode } from './logistics/resolver.js';
import { CarrierChatMessage, Shipment, TrackingEvent } from './logistics/shipment.entity.js';
import { PAYMENTS_EVENTS } from './payments/events.js';
import { PaymentsResolver, settlementCycleNode } from './payments/resolver.js';
import { SettlementCycle, SettlementEntry } from './payments/settlement-cycle.entity.js';
import { ProductWebhookSubscription } from './registration-subscription.entity.js';
import { ProductWebhook } from './registration.entity.js';
import { productRegistrationRoutes } from './registration.routes.js';
import { SUPPORT_EVENTS } from './support/events.js';
import { SupportResolver, supportCaseNode } from './support/resolver.js';
import { SupportCase, SupportMessage } from './support/support-case.entity.js';

/** The logistics, payments and customer-service products, and their per-product webhooks. */
export const productsModule: PonteModule = {
  name: 'products',
  entities: [
    ProductWebhook,
    ProductWebhookSubscription,
    Shipment,
    TrackingEvent,
    CarrierChatMessage,
    SettlementCycle,
    SettlementEntry,
    SupportCase,
    SupportMessage,
  ],
  resolvers: [LogisticsResolver, PaymentsResolver, SupportResolver, ApplicationWebhookResolver],
  nodes: { TrackedShipment: shipmentNode, SettlementCycle: settlementCycleNode, SupportCase: supportCaseNode },
  routes: [productRegistrationRoutes],
  events: [...LOGISTICS_EVENTS, ...PAYMENTS_EVENTS, ...SUPPORT_EVENTS],
  webhooks: { kinds: PRODUCT_POLICIES, audience: productWebhookTargets },
};
