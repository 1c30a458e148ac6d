import { requireScope, type Principal } from '../auth/service.js';
import type { Scope } from '../auth/scopes.js';
import { EVENT_GROUPS, EVENT_NAMES, type EventEnvelope, type EventGroup } from '../events/catalogue.js';
import type { OrderStatus } from '../orders/status-machine.js';

/**
 * The scope a live subscriber needs for each group: freight and payment events describe
 * orders, so they are read with `orders:read`; stock, price and publication with
 * `catalog:read`.
 */
export const GROUP_SCOPES: Readonly<Record<EventGroup, Scope>> = {
  orders: 'orders:read',
  stock: 'catalog:read',
  freight: 'orders:read',
  payments: 'orders:read',
};

export function scopeOfEvent(type: string): Scope | undefined {
  const group = (Object.keys(EVENT_GROUPS) as EventGroup[]).find((name) =>
    (EVENT_GROUPS[name] as readonly string[]).includes(type),
  );
  return group ? GROUP_SCOPES[group] : undefined;
}

/** Every catalogue event a holder of these scopes may follow live. */
export function eventsReadableWith(scopes: ReadonlySet<Scope>): string[] {
  return EVENT_NAMES.filter((type) => scopes.has(scopeOfEvent(type)!));
}

/** What one subscription follows: event types (also the replay query) and a finer test on the envelope. */
export interface LiveFilter {
  types: readonly string[];
  matches(envelope: EventEnvelope): boolean;
}

export function typesFilter(types: readonly string[]): LiveFilter {
  const wanted = new Set(types);
  return { types: [...wanted], matches: (envelope) => wanted.has(envelope.evento) };
}

/**
 * Order events, optionally of one order (`data.orderId`, or `data.id` for `pedido.criado`,
 * whose data is the order) and of orders now in one of `statuses` (`data.status` on
 * creation, `data.to` on a status change).
 */
export function orderFilter(options: { orderId?: string; statuses?: readonly OrderStatus[] }): LiveFilter {
  const base = typesFilter(EVENT_GROUPS.orders);
  const statuses = options.statuses && new Set<string>(options.statuses);
  return {
    types: base.types,
    matches: (envelope) => {
      if (!base.matches(envelope)) return false;
      const data = envelope.data;
      if (options.orderId !== undefined && (data.orderId ?? data.id) !== options.orderId) return false;
      if (statuses && !statuses.has(String(envelope.evento === 'pedido.criado' ? data.status : data.to))) return false;
      return true;
    },
  };
}

/** Stock, price and publication events, optionally of one SKU (`data.sku`). */
export function stockFilter(options: { sku?: string }): LiveFilter {
  const base = typesFilter(EVENT_GROUPS.stock);
  return {
    types: base.types,
    matches: (envelope) => base.matches(envelope) && (options.sku === undefined || envelope.data.sku === options.sku),
  };
}

/**
 * The types a generic `events` subscription follows: those asked for, each needing its
 * group's scope (FORBIDDEN names the first missing one), or by default every type the
 * token may read.
 */
export function authorizeEventTypes(principal: Principal, types: readonly string[] | undefined): string[] {
  if (types === undefined) {
    const readable = eventsReadableWith(principal.scopes);
    if (readable.length === 0) requireScope(principal, 'orders:read');
    return readable;
  }
  for (const type of types) requireScope(principal, scopeOfEvent(type)!);
  return [...types];
}
