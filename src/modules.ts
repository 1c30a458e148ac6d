import type { RestRoutes } from './http/rest.js';
import type { NonEmptyArray } from 'type-graphql';
import { ApplicationResolver } from './auth/applications.resolver.js';
import { AuthResolver } from './auth/resolver.js';
import { authRoutes } from './auth/routes.js';
import { PriceResolver } from './catalog/price.resolver.js';
import { ProductResolver, ProductVariationResolver } from './catalog/product.resolver.js';
import { catalogRoutes } from './catalog/routes.js';
import { StockResolver } from './catalog/stock.resolver.js';
import { LiveResolver } from './live/resolver.js';
import { OrderResolver } from './orders/resolver.js';
import { orderRoutes } from './orders/routes.js';
import { LogisticsResolver } from './products/logistics/resolver.js';
import { PaymentsResolver } from './products/payments/resolver.js';
import { productRegistrationRoutes } from './products/registration.routes.js';
import { SupportResolver } from './products/support/resolver.js';
import { WebhookResolver } from './webhooks/resolver.js';
import { webhookRoutes } from './webhooks/routes.js';
import { portalWebhookRoutes } from './portal/webhooks.routes.js';

/** GraphQL resolvers of every domain. A new domain adds its resolvers here. */
export const RESOLVERS: NonEmptyArray<Function> = [
  AuthResolver,
  ApplicationResolver,
  LiveResolver,
  OrderResolver,
  ProductResolver,
  ProductVariationResolver,
  PriceResolver,
  StockResolver,
  LogisticsResolver,
  PaymentsResolver,
  SupportResolver,
  WebhookResolver,
];

/** REST routes of every domain (Fastify plugins). A new domain adds its routes here. */
export const ROUTES: RestRoutes[] = [authRoutes, catalogRoutes, orderRoutes, productRegistrationRoutes, webhookRoutes, portalWebhookRoutes];
