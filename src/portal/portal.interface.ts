import { TOKENS_TAG } from '../auth/auth.routes.js';
import type { RestInterface } from '../http/openapi/interfaces.js';
import { INTERFACE_DELIVERIES } from '../webhooks/webhooks.interface.js';

export const PORTAL_INTERFACE: RestInterface = {
  slug: 'portal-v2',
  title: 'Seller portal API v2',
  description:
    'The seller portal\'s webhook configurations: the webhooks interface\'s subscriptions seen as switches per event group (orders, stock, freight, payments). Deliveries are the webhooks interface\'s.',
  tags: [{ name: 'portal v2: webhooks', description: 'Webhook configurations and their event groups' }, TOKENS_TAG],
  deliveries: INTERFACE_DELIVERIES,
};
