import { Type } from 'typebox';
import type { Config } from '../config.js';
import type { PlatformProductDefinition } from './platform-product.js';
import type { PlatformProduct } from './platform-products.js';

/** What every route of one platform product's registration API and delivery log shares. */
export interface ProductRouteContext {
  definition: PlatformProductDefinition<PlatformProduct>;
  product: PlatformProduct;
  /** The product as it stands in operation ids (`registerLogisticsWebhook`). */
  name: string;
  config: Config;
}

export const IdParams = Type.Object({ id: Type.String({ description: 'Webhook id (UUID)' }) });
export const security = [{ applicationCredential: [] }];

export function productRouteContext(definition: PlatformProductDefinition<PlatformProduct>, config: Config): ProductRouteContext {
  const product = definition.key;
  return { definition, product, name: `${product[0]!.toUpperCase()}${product.slice(1)}`, config };
}
