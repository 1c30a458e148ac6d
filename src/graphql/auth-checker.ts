import type { AuthCheckerFn } from 'type-graphql';
import { requireAuthentication, requireScope } from '../auth/auth.service.js';
import { isScope } from '../auth/scopes.js';
import type { GraphQLContext } from './context.js';

/**
 * `@Authorized('orders:read')`: throws UNAUTHENTICATED without a principal and FORBIDDEN
 * without the scope, the same errors the REST routes answer.
 */
export const authChecker: AuthCheckerFn<GraphQLContext> = ({ context }, scopes) => {
  requireAuthentication(context.principal);
  for (const scope of scopes) {
    if (!isScope(scope)) throw new Error(`@Authorized names unknown scope ${scope}`);
    requireScope(context.principal, scope);
  }
  return true;
};
