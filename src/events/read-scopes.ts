import type { Scope } from '../auth/scopes.js';
import { AppError } from '../errors.js';
import { eventDefinition, interfaceEventNames, isInterfaceEvent, type EventName } from './event-registry.js';

/**
 * The scope that reads the data of a webhooks interface event, as its module declared it:
 * freight and payment events describe orders, so they are read with `orders:read`; stock,
 * price and publication with `catalog:read`. One rule for every way an event leaves: live
 * subscriptions, webhook subscriptions and the delivery log
 * (docs/security.md#which-scope-reads-which-event). Undefined for a name outside the interface.
 */
export function readScopeOfEvent(type: string): Scope | undefined {
  return isInterfaceEvent(type) ? eventDefinition(type)!.readScope : undefined;
}

/** Every interface event whose data a holder of these scopes may read. */
export function eventsReadableWith(scopes: ReadonlySet<Scope>): EventName[] {
  return interfaceEventNames().filter((type) => scopes.has(readScopeOfEvent(type)!));
}

/**
 * Refuses (FORBIDDEN, naming the first missing scope) events whose data these scopes
 * cannot read. `*` stands for every interface event, so it needs every read scope: it is
 * never narrowed to what the token happens to read. Names outside the interface are left
 * to the caller's validation. `scopeOf` reads other kinds (the per-product events).
 */
export function requireReadScopes(
  scopes: ReadonlySet<Scope>,
  types: readonly string[],
  scopeOf: (type: string) => Scope | undefined = readScopeOfEvent,
): void {
  const names = types.includes('*') ? interfaceEventNames() : types;
  const missing = [...new Set(names.map(scopeOf).filter((scope): scope is Scope => scope !== undefined && !scopes.has(scope)))];
  if (missing.length === 0) return;
  const events = [...new Set(names.filter((type) => missing.includes(scopeOf(type)!)))];
  throw new AppError('FORBIDDEN', `This token lacks the "${missing[0]}" scope needed to read ${events.join(', ')}`, {
    requiredScope: missing[0],
    requiredScopes: missing,
  });
}
