import { ALL_SELLERS, type Orm } from '../db/orm.js';
import { WebhookDelivery } from './delivery.entity.js';
import { subscribesTo } from './policy.js';
import { WebhookSubscription } from './subscription.entity.js';

const BATCH_SIZE = 500;

interface QueuedEvent {
  position: string;
  id: string | null;
  seller_id: string;
  type: string;
  aggregate_type: string;
  aggregate_id: string;
  sequence: number;
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
    const [lock] = await em.execute<{ taken: boolean }[]>(`select pg_try_advisory_xact_lock(hashtext('ponte:webhook-fanout')) as taken`);
    if (!lock?.taken) return 0;
    const events = await em.execute<QueuedEvent[]>(
      `select q.position, e.id, e.seller_id, e.type, e.aggregate_type, e.aggregate_id, e.sequence
         from webhook_fanout_queue q left join outbox_event e on e.id = q.event_id
        order by q.position
        limit ?`,
      [BATCH_SIZE],
    );
    if (events.length === 0) return 0;
    const sellerIds = [...new Set(events.map((event) => event.seller_id).filter(Boolean))];
    // Spans sellers by design: the queue holds every tenant's events.
    const subscriptions = await em.find(WebhookSubscription, { seller: { $in: sellerIds }, active: true, deletedAt: null }, ALL_SELLERS);
    const deliveries = events.flatMap((event) =>
      event.id === null
        ? []
        : subscriptions
            .filter((subscription) => subscription.seller === event.seller_id && subscribesTo(subscription.kind, subscription.events, event.type))
            .map((subscription) => deliveryFor(event as QueuedEvent & { id: string }, subscription.id)),
    );
    if (deliveries.length > 0) await em.insertMany(WebhookDelivery, deliveries);
    // Exactly the rows read: a writer that took an earlier position may commit only now.
    const positions = events.map((event) => event.position);
    await em.execute(`delete from webhook_fanout_queue where position in (${positions.map(() => '?').join(', ')})`, positions);
    return events.length;
  });
}

function deliveryFor(event: QueuedEvent & { id: string }, subscriptionId: string): WebhookDelivery {
  return Object.assign(new WebhookDelivery(), {
    seller: event.seller_id,
    subscription: subscriptionId,
    event: event.id,
    eventType: event.type,
    aggregateType: event.aggregate_type,
    aggregateId: event.aggregate_id,
    sequence: event.sequence,
  });
}
