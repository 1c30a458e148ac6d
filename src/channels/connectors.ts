import type { ChannelConnector } from './connector.js';
import { mercadoLivreConnector } from './mercadolivre/mercadolivre.connector.js';
import { shopifyConnector } from './shopify/shopify.connector.js';
import { wooCommerceConnector } from './woocommerce/woocommerce.connector.js';

/**
 * Every platform a channel can be connected to, the one list of them: a fourth platform
 * is a folder with its ChannelConnector and one line here (docs/channels.md).
 */
export const CONNECTORS: readonly ChannelConnector<never>[] = [shopifyConnector, wooCommerceConnector, mercadoLivreConnector] as never[];

export const PLATFORMS = CONNECTORS.map((connector) => connector.platform);

export function connectorFor(platform: string): ChannelConnector<object> | undefined {
  return CONNECTORS.find((connector) => connector.platform === platform) as ChannelConnector<object> | undefined;
}
