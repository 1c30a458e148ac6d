import { partitionUpkeep } from '../kernel/partition-upkeep.js';
import type { PonteModule } from '../kernel/ponte-module.js';
import { AggregateSequence, OUTBOX_PARTITIONS, OutboxEvent } from './outbox-event.entity.js';

/** The outbox every module records its events in. */
export const eventsModule: PonteModule = {
  name: 'events',
  entities: [OutboxEvent, AggregateSequence],
  workers: [partitionUpkeep('outbox', OUTBOX_PARTITIONS)],
};
