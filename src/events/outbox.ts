import type { EntityManager } from '@mikro-orm/postgresql';
import { requireTransaction } from '../db/transaction.js';
import { OutboxEvent } from './outbox-event.entity.js';
import type { EventEnvelope, EventName, EventPayload } from './event-registry.js';

/** An event as its module's builder makes it (e.g. `orderCreated` in src/orders/orders.events.ts). */
export interface EventInput<N extends EventName = EventName> {
  type: N;
  aggregateType: string;
  aggregateId: string;
  data: EventPayload<N>;
}

/** Postgres channel the outbox trigger notifies on commit (payload: `{id, sellerId, type}`). */
export const OUTBOX_CHANNEL = 'ponte_outbox';

/**
 * Records an event in the caller's transaction, so the event exists if and only if the
 * change it describes commits. Taking the aggregate's sequence row lock here also makes
 * the commit order of one aggregate's events equal their sequence order.
 */
export async function recordEvent<N extends EventName>(em: EntityManager, sellerId: string, input: EventInput<N>): Promise<OutboxEvent> {
  requireTransaction(em, `recordEvent(${input.type})`);
  const rows = await em.execute<{ last_sequence: number }[]>(
    `insert into aggregate_sequence (seller_id, aggregate_type, aggregate_id, last_sequence)
     values (?, ?, ?, 1)
     on conflict (seller_id, aggregate_type, aggregate_id)
     do update set last_sequence = aggregate_sequence.last_sequence + 1
     returning last_sequence`,
    [sellerId, input.aggregateType, input.aggregateId],
  );
  const event = new OutboxEvent();
  Object.assign(event, {
    seller: sellerId,
    type: input.type,
    aggregateType: input.aggregateType,
    aggregateId: input.aggregateId,
    sequence: rows[0]!.last_sequence,
    payload: input.data as Record<string, unknown>,
  });
  await em.insert(OutboxEvent, event);
  return event;
}

export function toEnvelope(event: Pick<OutboxEvent, 'id' | 'type' | 'createdAt' | 'payload'>): EventEnvelope {
  return {
    id: event.id,
    evento: event.type,
    dataHora: event.createdAt.toISOString(),
    data: event.payload,
  };
}
