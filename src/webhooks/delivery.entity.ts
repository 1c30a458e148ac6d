import type { Opt } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Trigger, Unique } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';
import { OutboxEvent } from '../events/outbox-event.entity.js';
import { WebhookSubscription } from './subscription.entity.js';

export const DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Deliveries the dispatcher still owes: the partial indexes below cover only these. */
const OPEN = `status in ('pending', 'retrying')`;

/**
 * One event owed to one subscription. Its id is the `webhook-id` the receiver dedupes
 * by, the same on every attempt and redelivery. While a dispatcher works on it, it holds
 * a lease (`leaseToken` until `leaseExpiresAt`); a lease that runs out means its worker
 * died, and the delivery is claimable again.
 */
@Entity({ tableName: 'webhook_delivery' })
// When a delivery stops being owed, the first one still owed of its (subscription,
// aggregate) is no longer held (see `held`). Each statement of the function reads what is
// committed when it runs, so a delivery the fan-out committed while this row's update
// waited on its lock (the fan-out locks the first owed delivery, fanOutHeld) is seen.
// Rows another writer holds are skipped, not waited for (closing a subscription's
// deliveries locks them all; waiting could deadlock with it): the claim's sweep
// (claimDueDeliveries) takes any first delivery left held that way.
@Trigger({
  name: 'webhook_delivery_release_next',
  timing: 'after',
  events: ['update'],
  expression: `create or replace function "webhook_delivery_webhook_delivery_release_next_fn"() returns trigger as $$ begin update webhook_delivery n set held = false where n.id = (select h.id from webhook_delivery h where h.subscription_id = new.subscription_id and h.aggregate_type = new.aggregate_type and h.aggregate_id = new.aggregate_id and h.status in ('pending', 'retrying') order by h.sequence limit 1 for update skip locked) and n.held; return null; end; $$ language plpgsql;
create trigger "webhook_delivery_release_next" after update of status on "webhook_delivery" for each row when (old.status in ('pending', 'retrying') and new.status not in ('pending', 'retrying')) execute function "webhook_delivery_webhook_delivery_release_next_fn"()`,
})
@Unique({ properties: ['subscription', 'event'] })
@Index({ properties: ['seller', 'id'] })
@Index({ properties: ['seller', 'subscription', 'id'] })
// An application's log reads its subscriptions' deliveries across sellers, newest first.
@Index({ properties: ['subscription', 'id'] })
@Index({ properties: ['seller', 'eventType', 'id'] })
@Index({ properties: ['seller', 'status', 'id'] })
// The claim's order: it reads due deliveries in this order and stops at its limit, so a
// claim costs the same whatever the backlog; held deliveries are not in it, so a claim
// does not read past an aggregate's backlog either.
@Index({ name: 'webhook_delivery_due_index', properties: ['nextAttemptAt', 'id'], where: `${OPEN} and not held` })
// The retention purge's order: finished deliveries by when they finished.
@Index({ name: 'webhook_delivery_finished_index', properties: ['completedAt'], where: `status in ('succeeded', 'failed', 'cancelled')` })
@Index({
  name: 'webhook_delivery_open_aggregate_index',
  properties: ['subscription', 'aggregateType', 'aggregateId', 'sequence'],
  where: OPEN,
})
export class WebhookDelivery extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => WebhookSubscription, { mapToPk: true })
  subscription!: string;

  @ManyToOne(() => OutboxEvent, { mapToPk: true, index: true })
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

  /**
   * Known to wait behind an earlier delivery of its aggregate to the same subscription,
   * still owed: set when the fan-out makes it, cleared when the earlier ones are no longer
   * owed. Only the claim's shortcut: false does not make a delivery claimable (the claim
   * still checks the order), and a first delivery left held is taken by the claim's sweep.
   */
  @Property({ type: 'boolean', default: false })
  held: Opt<boolean> = false;

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
}

export const ATTEMPT_ERRORS = ['timeout', 'connection', 'tls', 'redirect', 'status', 'blocked'] as const;
export type AttemptError = (typeof ATTEMPT_ERRORS)[number];

/** One HTTP attempt of a delivery, as the receiver answered it. (delivery, number) is unique. */
@Entity({ tableName: 'webhook_attempt' })
@Unique({ properties: ['delivery', 'number'] })
export class WebhookAttempt extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => WebhookDelivery, { mapToPk: true })
  delivery!: string;

  @Property({ type: 'integer' })
  number!: number;

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
