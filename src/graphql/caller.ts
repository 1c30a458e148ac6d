import { createParameterDecorator } from 'type-graphql';
import { requireAuthentication, type Principal } from '../auth/auth.service.js';

/** What the caller decorators read: the HTTP context and the graphql-ws one both carry it. */
interface WithPrincipal {
  principal: Principal | undefined;
}

/**
 * `@CurrentSeller() sellerId: string`: the seller of the calling token, the tenant every
 * service call is made for. Which scopes the call needs stays with `@Authorized(scope)`;
 * this refuses a call without a token (UNAUTHENTICATED) whatever the method declares.
 */
export function CurrentSeller() {
  return createParameterDecorator<WithPrincipal>(({ context }) => requireAuthentication(context.principal).sellerId);
}

/**
 * `@CurrentCaller() caller: Principal`: the calling token itself, for services that apply
 * its scopes inside the seller (webhooks, tokens). UNAUTHENTICATED without a token.
 */
export function CurrentCaller() {
  return createParameterDecorator<WithPrincipal>(({ context }) => requireAuthentication(context.principal));
}
