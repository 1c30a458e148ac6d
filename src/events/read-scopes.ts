import type { Scope } from '../auth/scopes.js';
import { AppError } from '../errors.js';
import { EVENT_GROUPS, EVENT_NAMES, type EventGroup, type EventName } from './catalogue.js';

/**
 * The scope that reads the data of each group's events: freight and payment events
 * describe orders, so they are read with `orders:read`; stock, price and publication
 * with `catalog:read`. One rule for every way an event leaves: live subscriptions,
 * webhook subscriptions and the delivery log
 * (docs/security.md#which-scope-reads-which-event).
 */
export const GROUP_READ_SCOPES: Readonly<Record<EventGroup, Scope>> = {
  orders: 'orders:read',
  stock: 'catalog:read',
  freight: 'orders:read',
  payments: 'orders:read',
};

const READ_SCOPE_BY_EVENT = new Map<string, Scope>(
  (Object.keys(EVENT_GROUPS) as EventGroup[]).flatMap((group) => EVENT_GROUPS[group].map((event) => [event, GROUP_READ_SCOPES[group]] as const)),
);

/** The read scope of a catalogue event; undefined for a name outside the catalogue. */
export function readScopeOfEvent(type: string): Scope | undefined {
  return READ_SCOPE_BY_EVENT.get(type);
}

/** Every catalogue event whose data a holder of these scopes may read. */
export function eventsReadableWith(scopes: ReadonlySet<Scope>): EventName[] {
  return EVENT_NAMES.filter((type) => scopes.has(readScopeOfEvent(type)!));
}

/**
 * Refuses (FORBIDDEN, naming the first missing scope) events whose data these scopes
 * cannot read. `*` stands for every catalogue event, so it needs every read scope: it is
 * never narrowed to what the token happens to read. Names outside the catalogue are left
 * to the caller's validation. `scopeOf` reads other catalogues (the per-product events).
 */
export function requireReadScopes(
  scopes: ReadonlySet<Scope>,
  types: readonly string[],
  scopeOf: (type: string) => Scope | undefined = readScopeOfEvent,
): void {
  const names = types.includes('*') ? EVENT_NAMES : types;
  const missing = [...new Set(names.map(scopeOf).filter((scope): scope is Scope => scope !== undefined && !scopes.has(scope)))];
  if (missing.length === 0) return;
  const events = [...new Set(names.filter((type) => missing.includes(scopeOf(type)!)))];
  throw new AppError('FORBIDDEN', `This token lacks the "${missing[0]}" scope needed to read ${events.join(', ')}`, {
    requiredScope: missing[0],
    requiredScopes: missing,
  });
}
