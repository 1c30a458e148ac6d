import type { Orm } from '../db/orm.js';
import { newId } from '../db/ids.js';
import { claimGivenDeliveries, type ClaimedDelivery } from './delivery-queue.js';
import type { ClaimShares } from './fair-share.js';
import { subscribesTo, type SubscriptionKind } from './policy.js';
import { prepared } from '../db/prepared.js';
import { inTransaction, type RunStatement, type Transactional } from './queue-database.js';

/** Events one fan-out transaction takes; a full batch means more may be waiting. */
export const FANOUT_BATCH_SIZE = 500;

/** An outbox event the fan-out took from its queue, as an audience reads it. */
interface QueuedEvent {
  position: string;
  id: string | null;
  seller_id: string;
  type: string;
  aggregate_type: string;
  aggregate_id: string;
  sequence: number;
  created_at: Date;
  /** The seller's own active subscriptions, read with the event (see sellerSubscriptions). */
  seller_subscriptions: SellerSubscription[] | null;
}

interface SellerSubscription {
  id: string;
  kind: SubscriptionKind;
  events: string[];
}

export type CommittedEvent = QueuedEvent & { id: string };

/** One delivery owed: this event to this subscription. */
export interface FanoutTarget {
  eventId: string;
  subscriptionId: string;
}

/**
 * Who receives a batch of committed events, decided in the fan-out's transaction, whose
 * statements `run` runs. Each audience brings its own rule: the seller's own
 * subscriptions (the webhooks interface) take the events they name; per-product
 * registrations take those of the sellers that installed their application
 * (src/platforms/audience.ts). Modules declare their audiences; src/modules.ts registers
 * them here.
 */
export type Audience = (run: RunStatement, events: readonly CommittedEvent[]) => Promise<FanoutTarget[]>;

const AUDIENCES: Audience[] = [];

export function registerAudience(audience: Audience): void {
  AUDIENCES.push(audience);
}

function audiences(): readonly Audience[] {
  if (AUDIENCES.length === 0) throw new Error('No fan-out audience is registered: src/modules.ts registers them; import it first');
  return AUDIENCES;
}

/**
 * The webhooks interface's audience: each seller's own active subscriptions that name the
 * event. The fan-out's read brings them along with the events (one round trip less).
 */
export async function sellerSubscriptions(_run: RunStatement, events: readonly CommittedEvent[]): Promise<FanoutTarget[]> {
  return events.flatMap((event) =>
    (event.seller_subscriptions ?? [])
      .filter((subscription) => subscribesTo(subscription.kind, subscription.events, event.type))
      .map((subscription) => ({ eventId: event.id, subscriptionId: subscription.id })),
  );
}

/**
 * Turns queued outbox events into one delivery per matching active subscription and
 * takes them off the queue, in one transaction: a crash before commit leaves the events
 * queued, after commit leaves the deliveries. One process fans out at a time (an
 * advisory lock), in queue order, so the deliveries of one aggregate always exist in
 * sequence order before the later one can be claimed. Answers how many events it took.
 * Here it runs on a connection of the ORM's pool; the dispatcher runs the same
 * transaction on its own (fanOutAndClaim).
 */
export async function fanOutBatch(orm: Orm): Promise<number> {
  const pool = await orm.em.getConnection().getNativeClient();
  return (await fanOutAndClaim({ transaction: (work) => inTransaction(pool, work) }, { limit: 0 })).taken;
}

/**
 * fanOutBatch, then, in the same transaction, the claim a dispatcher would make, over the
 * batch's own deliveries (claimGivenDeliveries, up to `limit`): an event at rest reaches
 * its POST without a claim statement, commit and wake-up of its own, and without reading
 * whatever else is owed ahead of it in due order. It is the same rule, so it sees the
 * batch's own rows and keeps their per-aggregate order; the claimed deliveries are
 * answered only once the transaction has committed. The rest is the claim loop's.
 *
 * The dispatcher runs it on its own connection (`database`), its statements prepared and
 * without the ORM's layers around them: at rest this transaction was most of the
 * dispatcher's time before the POST.
 */
/** What the fan-out may claim: up to `limit`, leased for `leaseMs`, fairly by `shares` (none when `limit` is 0). */
export type FanoutClaim = { limit: 0 } | { limit: number; leaseMs: number; shares: ClaimShares };

export async function fanOutAndClaim(database: Transactional, claim: FanoutClaim): Promise<FannedOut> {
  return database.transaction((run) => fanOutIn(run, claim));
}

// The lock and the read in one statement: no rows unless this transaction holds the lock
// (its scalar subquery runs once, before the scan).
const READ_QUEUED = prepared(
  'ponte_webhook_fanout_read',
  `with lock as (select pg_try_advisory_xact_lock(hashtext('ponte:webhook-fanout')) as taken)
   select q.position, e.id, e.seller_id, e.type, e.aggregate_type, e.aggregate_id, e.sequence, e.created_at,
          -- Spans sellers by design: the queue holds every tenant's events.
          (select json_agg(json_build_object('id', s.id, 'kind', s.kind, 'events', s.events) order by s.id)
             from webhook_subscription s
            where s.seller_id = e.seller_id and s.kind = 'interface' and s.active and s.deleted_at is null) as seller_subscriptions
     from webhook_fanout_queue q left join outbox_event e on e.id = q.event_id
    where (select taken from lock)
    order by q.position
    limit ?`,
);

// Exactly the rows read leave the queue (a writer that took an earlier position may commit
// only now), in the statement that inserts the batch's deliveries.
const INSERT_AND_DEQUEUE = prepared(
  'ponte_webhook_fanout_insert',
  `with dequeued as (delete from webhook_fanout_queue where position = any(?::bigint[]))
   insert into webhook_delivery (id, seller_id, subscription_id, event_id, event_type, aggregate_type, aggregate_id, sequence,
                                 status, attempt_count, attempts_in_round, next_attempt_at, created_at, updated_at)
   select d.*, 'pending', 0, 0, now(), now(), now()
     from jsonb_to_recordset(?::jsonb)
       as d(id uuid, seller_id uuid, subscription_id uuid, event_id uuid, event_type text, aggregate_type text, aggregate_id text, sequence int)`,
);

/** A fan-out transaction's result: events taken off the queue, deliveries made, those of them claimed. */
export interface FannedOut {
  taken: number;
  made: number;
  claimed: ClaimedDelivery[];
}

async function fanOutIn(run: RunStatement, claim: FanoutClaim): Promise<FannedOut> {
  const events = await run<QueuedEvent>(READ_QUEUED, [FANOUT_BATCH_SIZE]);
  if (events.length === 0) return { taken: 0, made: 0, claimed: [] };
  const committed = events.filter((event): event is CommittedEvent => event.id !== null);
  const rows = committed.length > 0 ? await deliveriesOf(run, committed) : [];
  await run(INSERT_AND_DEQUEUE, [`{${events.map((event) => event.position).join(',')}}`, JSON.stringify(rows)]);
  // Its own deliveries only, found by key: what else is owed (and claimed by the claim loop) costs it nothing.
  const claimed = 'shares' in claim ? await claimGivenDeliveries(run, rows.map((row) => row.id), claim.limit, claim.leaseMs, claim.shares) : [];
  return { taken: events.length, made: rows.length, claimed };
}

/** The batch's deliveries, in audience and event order. */
async function deliveriesOf(run: RunStatement, events: readonly CommittedEvent[]) {
  const byId = new Map(events.map((event) => [event.id, event]));
  const targets: FanoutTarget[] = [];
  for (const audience of audiences()) targets.push(...(await audience(run, events)));
  return targets.map((target) => {
    const event = byId.get(target.eventId)!;
    return {
      id: newId(),
      seller_id: event.seller_id,
      subscription_id: target.subscriptionId,
      event_id: event.id,
      event_type: event.type,
      aggregate_type: event.aggregate_type,
      aggregate_id: event.aggregate_id,
      sequence: event.sequence,
    };
  });
}
