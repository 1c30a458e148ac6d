import { type Opt, PrimaryKeyProp } from '@mikro-orm/core';
import { Embeddable, Embedded, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Seller } from '../auth/seller.entity.js';
import { newId } from '../db/ids.js';
import type { PartitionedTable } from '../db/partitions.js';
import { SellerOwned } from '../db/seller-owned.js';
import { OutboxEvent } from '../events/outbox-event.entity.js';
import { WebhookSubscription } from './subscription.entity.js';

export const DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The statuses of deliveries the dispatcher still owes: the rule the queue, the API and the views share. */
const OPEN_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'retrying'];

/** The same as an SQL list (`status in ${OPEN_STATUSES}`). */
export const OPEN_STATUSES = `(${OPEN_DELIVERY_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** Whether the dispatcher still owes a delivery in `status`. */
export function isOpen(status: DeliveryStatus): boolean {
  return OPEN_DELIVERY_STATUSES.includes(status);
}

export const ATTEMPT_ERRORS = ['timeout', 'connection', 'tls', 'redirect', 'status', 'blocked'] as const;
export type AttemptError = (typeof ATTEMPT_ERRORS)[number];

/**
 * What one HTTP attempt logs: an attempt row's own columns, and a delivery's first attempt
 * on the delivery's row (`first_attempt_*`).
 */
@Embeddable()
export class AttemptLog {
  @Property({ type: 'timestamptz' })
  at!: Date;

  @Property({ type: 'integer' })
  durationMs!: number;

  @Property({ type: 'integer', nullable: true })
  statusCode: number | null = null;

  /** The first 4 KiB of the response body. */
  @Property({ type: 'text', nullable: true })
  responseBody: string | null = null;

  @Property({ type: 'text', nullable: true })
  error: AttemptError | null = null;

  /** What went wrong, for people (the error class is for programs). */
  @Property({ type: 'text', nullable: true })
  errorDetail: string | null = null;
}

/** Deliveries the dispatcher still owes: the partial indexes below cover only these. */
const OPEN = `status in ${OPEN_STATUSES}`;

/** The statuses of finished deliveries as an SQL list: the finished index covers these. */
export const FINISHED_STATUSES = `(${DELIVERY_STATUSES.filter((status) => !isOpen(status))
  .map((status) => `'${status}'`)
  .join(', ')})`;

/**
 * The deliveries' weeks and their attempts' (src/db/partitions.ts), which retention drops
 * together (src/webhooks/retention.ts). Each partition keeps room on its pages for leases
 * (see WebhookDelivery).
 */
export const DELIVERY_PARTITIONS: readonly PartitionedTable[] = [
  { table: 'webhook_delivery', key: 'id', storage: 'fillfactor = 60' },
  { table: 'webhook_attempt', key: 'delivery_id' },
];

/**
 * One event owed to one subscription. Its id is the `webhook-id` the receiver dedupes
 * by, the same on every attempt and redelivery. While a dispatcher works on it, it holds
 * a lease (`leaseToken` until `leaseExpiresAt`); a lease that runs out means its worker
 * died or was starved past it, and the delivery is claimable again.
 */
// Each delivery's insert, and each of its updates that cannot stay on the row's page, adds
// an entry to every index here, so none repeats another's leading columns. Each partition
// keeps room on every page (fillfactor 60) for the claim's lease, which changes no indexed
// column, to stay on its page with no index entry at all: on full pages only about half of
// the leases could.
//
// The table is partitioned by week of its id (DELIVERY_PARTITIONS), which the migration
// declares, not this entity. A unique constraint there must hold the id, so one delivery
// per event and subscription is the fan-out's rule, not a constraint: it alone makes
// deliveries, one process at a time, and takes off its queue the events it read in the
// statement that inserts their deliveries.
@Entity({ tableName: 'webhook_delivery' })
// The retention's lookup: whether any delivery still refers to a week's events.
@Index({ properties: ['event'] })
@Index({ properties: ['seller', 'id'] })
// A subscription's deliveries, newest first: an application's log across sellers, and a
// seller's log filtered by one of its subscriptions.
@Index({ properties: ['subscription', 'id'] })
@Index({ properties: ['seller', 'eventType', 'id'] })
@Index({ properties: ['seller', 'status', 'id'] })
// The claim's order: it reads due deliveries in this order and stops at its limit, so a
// claim costs the same whatever the backlog.
@Index({ name: 'webhook_delivery_due_index', properties: ['nextAttemptAt', 'id'], where: OPEN })
// Retention's test of a week: whether a delivery in it finished within the window.
@Index({ name: 'webhook_delivery_finished_index', properties: ['completedAt'], where: `status in ${FINISHED_STATUSES}` })
@Index({
  name: 'webhook_delivery_open_aggregate_index',
  properties: ['subscription', 'aggregateType', 'aggregateId', 'sequence'],
  where: OPEN,
})
export class WebhookDelivery extends SellerOwned {
  /** Without an index of its own: (seller, id) leads with it. */
  @ManyToOne(() => Seller, { mapToPk: true, fieldName: 'seller_id' })
  declare seller: string;

  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => WebhookSubscription, { mapToPk: true })
  subscription!: string;

  /**
   * No foreign key (one into a partitioned table would stop its weeks being dropped): the
   * fan-out makes deliveries of events it has just read, and retention drops a week of
   * events only once no delivery refers to them.
   */
  @ManyToOne(() => OutboxEvent, { mapToPk: true, createForeignKeyConstraint: false })
  event!: string;

  @Property({ type: 'text' })
  eventType!: string;

  /** The event's aggregate and its per-aggregate sequence: deliveries of one aggregate go in order. */
  @Property({ type: 'text' })
  aggregateType!: string;

  @Property({ type: 'text' })
  aggregateId!: string;

  @Property({ type: 'integer' })
  sequence!: number;

  @Property({ type: 'text' })
  status: Opt<DeliveryStatus> = 'pending';

  /** Attempts made in all; the next attempt is number attemptCount + 1. */
  @Property({ type: 'integer' })
  attemptCount: Opt<number> = 0;

  /** Attempts since the delivery was last (re)queued: the retry schedule counts these. */
  @Property({ type: 'integer' })
  attemptsInRound: Opt<number> = 0;

  @Property({ type: 'timestamptz' })
  nextAttemptAt: Opt<Date> = new Date();

  @Property({ type: 'uuid', nullable: true })
  leaseToken: (string & Opt) | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  leaseExpiresAt: (Date & Opt) | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  completedAt: (Date & Opt) | null = null;

  // Attempt number 1, logged on the delivery's own row rather than as a WebhookAttempt:
  // most deliveries need no other, and the record rewrites the row anyway, where an
  // attempt row was a fourth write with index entries of its own. Null until it is made,
  // and on deliveries whose first attempt was logged before, as a WebhookAttempt.
  @Embedded(() => AttemptLog, { prefix: 'first_attempt_', nullable: true })
  firstAttempt: (AttemptLog & Opt) | null = null;
}

/**
 * One HTTP attempt of a delivery, as the receiver answered it. (delivery, number) is
 * unique. Partitioned by its delivery's id, so an attempt lives in its delivery's week
 * and goes with it; hence the delivery in the key, and no foreign key (see `event` above):
 * an attempt is written only by the statement that moves its delivery.
 */
@Entity({ tableName: 'webhook_attempt' })
@Unique({ properties: ['delivery', 'number'] })
export class WebhookAttempt extends SellerOwned {
  [PrimaryKeyProp]?: ['delivery', 'id'];

  @ManyToOne(() => WebhookDelivery, { mapToPk: true, primary: true, createForeignKeyConstraint: false })
  delivery!: string;

  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'integer' })
  number!: number;

  /** What it logged, in columns of its own name (`at`, `duration_ms`, …). */
  @Embedded(() => AttemptLog, { prefix: false })
  log!: AttemptLog;
}
