import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * Committed outbox events not yet fanned out to webhook subscriptions. The outbox's
 * insert trigger adds the row in the writer's own transaction, so an event is queued iff
 * it committed; `position` comes from a sequence taken inside that transaction, so the
 * events of one aggregate (whose writers are serialised) queue in commit order.
 */
@Entity({ tableName: 'webhook_fanout_queue' })
export class FanoutQueueEntry {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  position!: string;

  @Property({ type: 'uuid', unique: true })
  eventId!: string;
}
