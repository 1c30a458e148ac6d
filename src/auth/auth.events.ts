import { Type } from 'typebox';
import { defineEvent } from '../events/event-registry.js';
import type { EventInput } from '../events/outbox.js';
import type { Application } from './application.entity.js';

/** Sent to the app's payments and customer-service registrations (docs/products.md). */
export const APPLICATION_REMOVED = 'aplicativo.removido';

const ApplicationRemovedPayload = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
  applicationName: Type.String(),
  sellerId: Type.String({ format: 'uuid' }),
  uninstalledAt: Type.String({ format: 'date-time' }),
});

declare module '../events/event-registry.js' {
  interface EventSchemas {
    'aplicativo.removido': typeof ApplicationRemovedPayload;
  }
}

/** An app's removal is webhooks business: reading it takes `webhooks:read`. */
export const AUTH_EVENTS = [defineEvent(APPLICATION_REMOVED, { payload: ApplicationRemovedPayload, readScope: 'webhooks:read' })];

/** `aplicativo.removido`, recorded once per installation, when the seller uninstalls the app. */
export function applicationRemoved(application: Application, sellerId: string, uninstalledAt: Date): EventInput<typeof APPLICATION_REMOVED> {
  return {
    type: APPLICATION_REMOVED,
    aggregateType: 'application',
    aggregateId: application.id,
    data: { applicationId: application.id, applicationName: application.name, sellerId, uninstalledAt: uninstalledAt.toISOString() },
  };
}
