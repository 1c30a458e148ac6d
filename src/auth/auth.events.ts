import { Type } from 'typebox';
import { defineEvent } from '../events/event-registry.js';
import type { EventInput } from '../events/outbox.js';
import type { Application } from './application.entity.js';

/**
 * In the customer-service product's words (the source fixes them in Portuguese for
 * `atendimento.*`, whose registrations also take this event; docs/platforms.md).
 */
const ApplicationRemovedPayload = Type.Object({
  idAplicativo: Type.String({ format: 'uuid' }),
  nomeAplicativo: Type.String(),
  idLoja: Type.String({ format: 'uuid', description: 'The seller that uninstalled the application' }),
  dataHora: Type.String({ format: 'date-time', description: 'When it was uninstalled' }),
});

declare module '../events/event-registry.js' {
  interface EventSchemas {
    'aplicativo.removido': typeof ApplicationRemovedPayload;
  }
}

/**
 * Sent to the app's payments and customer-service registrations (docs/platforms.md). An
 * app's removal is webhooks business: reading it takes `webhooks:read`.
 */
export const APPLICATION_REMOVED = defineEvent('aplicativo.removido', { payload: ApplicationRemovedPayload, readScope: 'webhooks:read' });

export const AUTH_EVENTS = [APPLICATION_REMOVED];

/** `aplicativo.removido`, recorded once per installation, when the seller uninstalls the app. */
export function applicationRemoved(application: Application, sellerId: string, uninstalledAt: Date): EventInput<'aplicativo.removido'> {
  return {
    type: 'aplicativo.removido',
    aggregateType: 'application',
    aggregateId: application.id,
    data: { idAplicativo: application.id, nomeAplicativo: application.name, idLoja: sellerId, dataHora: uninstalledAt.toISOString() },
  };
}
