import type { ModuleApi } from '../kernel/ponte-module.js';
import { SubscriptionBacklogResolver } from './subscription-backlog.resolver.js';
import { WebhookEventResolver } from './webhook-event.resolver.js';
import { WEBHOOK_NODES, WebhookResolver } from './webhook.resolver.js';
import { webhookRoutes } from './webhook.routes.js';
import { WEBHOOKS_INTERFACE } from './webhooks.interface.js';

/** Subscriptions and deliveries over GraphQL and REST. */
export const webhooksApi: ModuleApi = {
  resolvers: [WebhookResolver, SubscriptionBacklogResolver, WebhookEventResolver],
  nodes: WEBHOOK_NODES,
  routes: [webhookRoutes],
  interfaces: [WEBHOOKS_INTERFACE],
};
