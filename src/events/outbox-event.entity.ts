import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property, Trigger } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import type { PartitionedTable } from '../db/partitions.js';
import { SellerOwned } from '../db/seller-owned.js';

/**
 * The outbox: one row per committed state change, written in the transaction of the
 * change itself. Consumers (webhook fan-out, live subscriptions) read it after commit.
 * Partitioned by week of its id (OUTBOX_PARTITIONS), which the migration declares.
 */
@Entity({ tableName: 'outbox_event' })
// Postgres delivers a notification only when the inserting transaction commits, in commit
// order: consumers woken by it never see an event whose change rolled back.
@Trigger({
  name: 'outbox_event_notify',
  timing: 'after',
  events: ['insert'],
  forEach: 'row',
  body: `perform pg_notify('ponte_outbox', json_build_object('id', new.id, 'sellerId', new.seller_id, 'type', new.type)::text); return null;`,
})
// The webhook dispatcher's work list (see FanoutQueueEntry), filled in the same
// transaction, so no committed event is missed and no rolled-back one is delivered.
@Trigger({
  name: 'outbox_event_enqueue_fanout',
  timing: 'after',
  events: ['insert'],
  forEach: 'row',
  body: `insert into webhook_fanout_queue (event_id) values (new.id); return null;`,
})
// Stamps each event with its place in commit order (see commitPosition), as the last act
// of its transaction. Deferred, so it runs at commit; the advisory lock, held until the
// commit is visible, makes the stamps of concurrent transactions follow their commits.
// An event written with its position (recordEvents' `positioned`, in a statement sent
// with its COMMIT, under the same lock) queues no firing.
@Trigger({
  name: 'outbox_event_commit_position',
  timing: 'after',
  events: ['insert'],
  expression: `create sequence if not exists outbox_event_commit_position_seq;
create or replace function "outbox_event_outbox_event_commit_position_fn"() returns trigger as $$ begin perform pg_advisory_xact_lock(hashtext('ponte:outbox-commit-order')); update outbox_event set commit_position = nextval('outbox_event_commit_position_seq') where id = new.id; return null; end; $$ language plpgsql;
create constraint trigger "outbox_event_commit_position" after insert on "outbox_event" deferrable initially deferred for each row when (new.commit_position is null) execute function "outbox_event_outbox_event_commit_position_fn"()`,
})
@Index({ properties: ['seller', 'id'] })
@Index({ properties: ['seller', 'commitPosition'] })
@Index({ properties: ['commitPosition'] })
@Index({ properties: ['aggregateType', 'aggregateId', 'sequence'] })
export class OutboxEvent extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  /** Event name as declared with `defineEvent` (docs/architecture.md, "Events"), e.g. `pedido.criado`. */
  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'text' })
  aggregateType!: string;

  @Property({ type: 'text' })
  aggregateId!: string;

  /** 1, 2, 3… per aggregate, in commit order (see recordEvent). */
  @Property({ type: 'integer' })
  sequence!: number;

  @Property({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Property({ type: 'timestamptz' })
  createdAt: Opt<Date> = new Date();

  /**
   * The event's place in commit order, set at commit (null only inside the writing
   * transaction). Once a reader sees position n, every lower position it will ever see
   * is already visible: a cursor of positions never passes an event still uncommitted,
   * which ids (taken at the write) cannot promise. See docs/live-events.md.
   */
  @Property({ type: 'bigint', nullable: true })
  commitPosition?: string | null;
}

/** The outbox's weeks (src/db/partitions.ts): retention drops them (src/webhooks/retention.ts). */
export const OUTBOX_PARTITIONS: readonly PartitionedTable[] = [{ table: 'outbox_event', key: 'id' }];

/**
 * The last sequence handed out per aggregate (SKUs are only unique per seller, hence the
 * seller in the key). Its row lock orders the writers of one aggregate.
 */
@Entity({ tableName: 'aggregate_sequence' })
export class AggregateSequence {
  @PrimaryKey({ type: 'uuid' })
  sellerId!: string;

  @PrimaryKey({ type: 'text' })
  aggregateType!: string;

  @PrimaryKey({ type: 'text' })
  aggregateId!: string;

  @Property({ type: 'integer' })
  lastSequence!: number;
}
