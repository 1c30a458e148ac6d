import type { ModuleApi } from '../kernel/ponte-module.js';
import { deliveryRoutes } from './delivery.routes.js';
import { SubscriptionBacklogResolver } from './subscription-backlog.resolver.js';
import { subscriptionRoutes } from './subscription.routes.js';
import { WebhookEventResolver } from './webhook-event.resolver.js';
import { WEBHOOK_NODES, WebhookResolver } from './webhook.resolver.js';
import { WEBHOOKS_INTERFACE } from './webhooks.interface.js';

/** Subscriptions and deliveries over GraphQL and REST. */
export const webhooksApi: ModuleApi = {
  resolvers: [WebhookResolver, SubscriptionBacklogResolver, WebhookEventResolver],
  nodes: WEBHOOK_NODES,
  routes: [subscriptionRoutes, deliveryRoutes],
  interfaces: [WEBHOOKS_INTERFACE],
};
