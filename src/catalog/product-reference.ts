import { requireScope } from '../auth/auth.service.js';
import type { GraphQLContext } from '../graphql/context.js';
import { productLoader } from './catalog.loaders.js';
import type { ProductView } from './product.service.js';

/** Federation: resolves `Product` references by SKU within the caller's catalogue. */
export const productReference = {
  __resolveReference(reference: { sku: string }, context: GraphQLContext): Promise<ProductView | null> {
    requireScope(context.principal, 'catalog:read');
    return productLoader(context).load(reference.sku);
  },
};
