import type { ModuleApi } from '../kernel/ponte-module.js';
import { LogisticsResolver, shipmentNode } from './logistics/logistics.resolver.js';
import { logisticsRoutes } from './logistics/logistics.routes.js';
import { PaymentsResolver, settlementCycleNode } from './payments/payments.resolver.js';
import { settlementCycleRoutes } from './payments/settlement-cycle.routes.js';
import { platformProductHosts } from './platform-products.js';
import { PLATFORM_PRODUCT_INTERFACES } from './platforms.interface.js';
import { RegistrationResolver } from './registration.resolver.js';
import { productRegistrationRoutes } from './registration.routes.js';
import { supportCaseRoutes } from './support/support-case.routes.js';
import { SupportResolver, supportCaseNode } from './support/support.resolver.js';

/** The products over GraphQL and REST, on the service's host and on their own. */
export const platformsApi: ModuleApi = {
  resolvers: [LogisticsResolver, PaymentsResolver, SupportResolver, RegistrationResolver],
  nodes: { TrackedShipment: shipmentNode, SettlementCycle: settlementCycleNode, SupportCase: supportCaseNode },
  routes: [logisticsRoutes, settlementCycleRoutes, supportCaseRoutes, productRegistrationRoutes],
  hosts: platformProductHosts,
  interfaces: PLATFORM_PRODUCT_INTERFACES,
};
