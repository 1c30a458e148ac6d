import { TOKENS_TAG } from '../auth/auth.routes.js';
import type { RestInterface } from '../http/openapi/interfaces.js';

export const CHANNELS_INTERFACE: RestInterface = {
  slug: 'channels',
  title: 'Channel connectors',
  description:
    'Connect a channel to Shopify, WooCommerce or Mercado Livre: credentials kept encrypted, an inbound URL for the platform\'s webhooks or notifications, listing links by SKU, and the log of what was synced to the platform.',
  tags: [
    { name: 'channel-connections', description: 'A channel\'s connection to its platform' },
    { name: 'channel-listings', description: 'Which platform listing each SKU is: linked by hand or from the platform\'s catalogue' },
    { name: 'channel-syncs', description: 'What Ponte sends the platform (quantities, prices, order statuses) and every attempt' },
    { name: 'channel-inbound', description: 'Where platforms send their webhooks and notifications (no token: the URL\'s key and the platform\'s signature)' },
    TOKENS_TAG,
  ],
};
