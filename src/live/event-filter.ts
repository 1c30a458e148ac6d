import { requireScope, type Principal } from '../auth/auth.service.js';
import { eventsOfGroup, type EventEnvelope } from '../events/event-registry.js';
import { eventsReadableWith, requireReadScopes } from '../events/read-scopes.js';
import type { OrderStatus } from '../orders/status-machine.js';

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
  const base = typesFilter(eventsOfGroup('orders'));
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
  const base = typesFilter(eventsOfGroup('stock'));
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
  requireReadScopes(principal.scopes, types);
  return [...types];
}
