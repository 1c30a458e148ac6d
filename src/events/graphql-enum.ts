import { addEnumValues, wireEnum } from '../graphql/enums.js';

/**
 * `EventType`: every event name as a GraphQL enum value (`pedido.criado` → `pedido_criado`)
 * plus `all` (`*`, what a webhook subscription takes for every event it may receive). The
 * modules declare the events, so the values are added when src/modules.ts registers them.
 */
export const EventTypeEnum = wireEnum<string>('EventType', 'An event name; the value is the name with `.` as `_` (`pedido_criado` is `pedido.criado`)', {
  '*': 'Every event the subscription may receive (`*`); only webhook subscriptions take it',
});

interface DeclaredEvent {
  name: string;
  readScope: string;
  group?: string;
}

export function addEventTypes(events: readonly DeclaredEvent[]): void {
  addEnumValues(
    EventTypeEnum,
    Object.fromEntries(
      events.map(({ name, readScope, group }) => [
        name,
        `\`${name}\`: ${group ? `webhooks interface, group ${group}` : 'per-product registrations only'}; reading it takes ${readScope}`,
      ]),
    ),
  );
}
