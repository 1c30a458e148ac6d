import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../db/orm.js';
import { newId } from '../db/ids.js';
import { subscribesTo, type SubscriptionKind } from './policy.js';

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
}

export type CommittedEvent = QueuedEvent & { id: string };

/** One delivery owed: this event to this subscription. */
export interface FanoutTarget {
  eventId: string;
  subscriptionId: string;
}

/**
 * Who receives a batch of committed events, decided in the fan-out's transaction. Each
 * audience brings its own rule: the seller's own subscriptions (the webhooks interface)
 * take the events they name; per-product registrations take those of the sellers that
 * installed their application (src/products/audience.ts). Modules declare their
 * audiences; src/modules.ts registers them here.
 */
export type Audience = (em: EntityManager, events: readonly CommittedEvent[]) => Promise<FanoutTarget[]>;

const AUDIENCES: Audience[] = [];

export function registerAudience(audience: Audience): void {
  AUDIENCES.push(audience);
}

function audiences(): readonly Audience[] {
  if (AUDIENCES.length === 0) throw new Error('No fan-out audience is registered: src/modules.ts registers them; import it first');
  return AUDIENCES;
}

/** The webhooks interface's audience: each seller's own active subscriptions that name the event. */
export async function sellerSubscriptions(em: EntityManager, events: readonly CommittedEvent[]): Promise<FanoutTarget[]> {
  const sellerIds = [...new Set(events.map((event) => event.seller_id))];
  // Spans sellers by design: the queue holds every tenant's events. Plain rows: nothing
  // here is changed, so no entity is built.
  const subscriptions = await em.execute<{ id: string; seller_id: string; kind: SubscriptionKind; events: string[] }[]>(
    `select id, seller_id, kind, events from webhook_subscription
      where seller_id = any(?::uuid[]) and kind = 'interface' and active and deleted_at is null
      order by id`,
    [`{${sellerIds.join(',')}}`],
  );
  return events.flatMap((event) =>
    subscriptions
      .filter((subscription) => subscription.seller_id === event.seller_id && subscribesTo(subscription.kind, subscription.events, event.type))
      .map((subscription) => ({ eventId: event.id, subscriptionId: subscription.id })),
  );
}

/**
 * Turns queued outbox events into one delivery per matching active subscription and
 * takes them off the queue, in one transaction: a crash before commit leaves the events
 * queued, after commit leaves the deliveries. One process fans out at a time (an
 * advisory lock), in queue order, so the deliveries of one aggregate always exist in
 * sequence order before the later one can be claimed. Answers how many events it took.
 */
export async function fanOutBatch(orm: Orm): Promise<number> {
  return orm.em.fork().transactional(async (em) => {
    // The lock and the read in one statement: no rows unless this transaction holds the
    // lock (its scalar subquery runs once, before the scan).
    const events = await em.execute<QueuedEvent[]>(
      `with lock as (select pg_try_advisory_xact_lock(hashtext('ponte:webhook-fanout')) as taken)
       select q.position, e.id, e.seller_id, e.type, e.aggregate_type, e.aggregate_id, e.sequence, e.created_at
         from webhook_fanout_queue q left join outbox_event e on e.id = q.event_id
        where (select taken from lock)
        order by q.position
        limit ?`,
      [FANOUT_BATCH_SIZE],
    );
    if (events.length === 0) return 0;
    const committed = events.filter((event): event is CommittedEvent => event.id !== null);
    if (committed.length > 0) await insertDeliveries(em, committed);
    // Exactly the rows read: a writer that took an earlier position may commit only now.
    await em.execute(`delete from webhook_fanout_queue where position = any(?::bigint[])`, [`{${events.map((event) => event.position).join(',')}}`]);
    return events.length;
  });
}

/** The batch's deliveries in one statement, with their ids in audience and event order. */
async function insertDeliveries(em: EntityManager, events: readonly CommittedEvent[]): Promise<void> {
  const byId = new Map(events.map((event) => [event.id, event]));
  const targets: FanoutTarget[] = [];
  for (const audience of audiences()) targets.push(...(await audience(em, events)));
  if (targets.length === 0) return;
  const rows = targets.map((target) => {
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
  await em.execute(
    `insert into webhook_delivery (id, seller_id, subscription_id, event_id, event_type, aggregate_type, aggregate_id, sequence,
                                   status, attempt_count, attempts_in_round, next_attempt_at, created_at, updated_at)
     select d.*, 'pending', 0, 0, now(), now(), now()
       from jsonb_to_recordset(?::jsonb)
         as d(id uuid, seller_id uuid, subscription_id uuid, event_id uuid, event_type text, aggregate_type text, aggregate_id text, sequence int)`,
    [JSON.stringify(rows)],
  );
}
