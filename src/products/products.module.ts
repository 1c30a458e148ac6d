import type { PonteModule } from '../kernel/ponte-module.js';
import { PLATFORM_PRODUCT_INTERFACES } from './products.interface.js';
import { productWebhookTargets } from './audience.js';
import { PLATFORM_PRODUCT_POLICIES } from './delivery-policy.js';
import { LOGISTICS_EVENTS } from './logistics/logistics.events.js';
import { LogisticsResolver, shipmentNode } from './logistics/logistics.resolver.js';
import { logisticsRoutes } from './logistics/logistics.routes.js';
import { CarrierChatMessage, Shipment, TrackingEvent } from './logistics/shipment.entity.js';
import { PAYMENTS_EVENTS } from './payments/payments.events.js';
import { PaymentsResolver, settlementCycleNode } from './payments/payments.resolver.js';
import { SettlementCycle, SettlementEntry } from './payments/settlement-cycle.entity.js';
import { settlementCycleRoutes } from './payments/settlement-cycle.routes.js';
import { platformProductHosts } from './platform-products.js';
import { RegistrationSubscription } from './registration-subscription.entity.js';
import { Registration } from './registration.entity.js';
import { RegistrationResolver } from './registration.resolver.js';
import { productRegistrationRoutes } from './registration.routes.js';
import { SupportCase, SupportMessage } from './support/support-case.entity.js';
import { supportCaseRoutes } from './support/support-case.routes.js';
import { SUPPORT_EVENTS } from './support/support.events.js';
import { SupportResolver, supportCaseNode } from './support/support.resolver.js';

/** The logistics, payments and customer-service products, and their per-product webhooks. */
export const productsModule: PonteModule = {
  name: 'products',
  entities: [
    Registration,
    RegistrationSubscription,
    Shipment,
    TrackingEvent,
    CarrierChatMessage,
    SettlementCycle,
    SettlementEntry,
    SupportCase,
    SupportMessage,
  ],
  resolvers: [LogisticsResolver, PaymentsResolver, SupportResolver, RegistrationResolver],
  nodes: { TrackedShipment: shipmentNode, SettlementCycle: settlementCycleNode, SupportCase: supportCaseNode },
  routes: [logisticsRoutes, settlementCycleRoutes, supportCaseRoutes, productRegistrationRoutes],
  hosts: platformProductHosts,
  interfaces: PLATFORM_PRODUCT_INTERFACES,
  events: [...LOGISTICS_EVENTS, ...PAYMENTS_EVENTS, ...SUPPORT_EVENTS],
  webhooks: { kinds: PLATFORM_PRODUCT_POLICIES, audience: productWebhookTargets },
};
