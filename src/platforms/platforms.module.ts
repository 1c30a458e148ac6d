import type { PonteModule } from '../kernel/ponte-module.js';
import { productWebhookTargets } from './audience.js';
import { PLATFORM_PRODUCT_POLICIES } from './delivery-policy.js';
import { LOGISTICS_EVENTS } from './logistics/logistics.events.js';
import { CarrierChatMessage, Shipment, TrackingEvent } from './logistics/shipment.entity.js';
import { PAYMENTS_EVENTS } from './payments/payments.events.js';
import { SettlementCycle, SettlementEntry } from './payments/settlement-cycle.entity.js';
import { RegistrationSubscription } from './registration-subscription.entity.js';
import { Registration } from './registration.entity.js';
import { SupportCase, SupportMessage } from './support/support-case.entity.js';
import { SUPPORT_EVENTS } from './support/support.events.js';

/** The logistics, payments and customer-service products, and their per-product webhooks. */
export const platformsModule: PonteModule = {
  name: 'platforms',
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
  api: async () => (await import('./platforms.api.js')).platformsApi,
  events: [...LOGISTICS_EVENTS, ...PAYMENTS_EVENTS, ...SUPPORT_EVENTS],
  webhooks: { kinds: PLATFORM_PRODUCT_POLICIES, audience: productWebhookTargets },
};
