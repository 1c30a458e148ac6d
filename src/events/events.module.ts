import type { PonteModule } from '../kernel/ponte-module.js';
import { AggregateSequence, OutboxEvent } from './outbox-event.entity.js';

/** The outbox every module records its events in. */
export const eventsModule: PonteModule = {
  name: 'events',
  entities: [OutboxEvent, AggregateSequence],
};
