import { EventType, Scope } from './generated/graphql';

/**
 * GraphQL enum values spell a scope or an event name with `_` where the name has `:` or
 * `.` (`orders_read`, `pedido_criado`; `*` is `all`). Sellers know the names themselves
 * (webhook bodies, the REST API), so the console shows those: in every name the
 * separator is its first `_`.
 */
export function scopeLabel(scope: Scope): string {
  return scope.replace('_', ':');
}

export function eventLabel(event: EventType): string {
  return event === EventType.All ? '*' : event.replace('_', '.');
}
