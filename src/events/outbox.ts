import type { EntityManager } from '@mikro-orm/postgresql';
import { requireTransaction } from '../db/transaction.js';
import { newId } from '../db/ids.js';
import { OutboxEvent } from './outbox-event.entity.js';
import type { EventEnvelope, EventName, EventPayload } from './event-registry.js';

/** An event as its module's builder makes it (e.g. `orderCreated` in src/orders/orders.events.ts). */
export interface EventInput<N extends EventName = EventName> {
  type: N;
  aggregateType: string;
  aggregateId: string;
  data: EventPayload<N>;
  /** Its payload takes the statement's PayloadStamp (see recordEvents). */
  stamped?: boolean;
}

/** Postgres channel the outbox trigger notifies on commit (payload: `{id, sellerId, type}`). */
export const OUTBOX_CHANNEL = 'ponte_outbox';

/**
 * Records an event in the caller's transaction, so the event exists if and only if the
 * change it describes commits. Taking the aggregate's sequence row lock here also makes
 * the commit order of one aggregate's events equal their sequence order.
 */
export async function recordEvent<N extends EventName>(em: EntityManager, sellerId: string, input: EventInput<N>): Promise<OutboxEvent> {
  const [event] = await recordEvents(em, sellerId, [input]);
  return event!;
}

/**
 * A data-modifying statement (insert, update or delete, without `returning`) that the
 * events' statement carries as a CTE, saving its round trip: the change its events
 * describe. Both run on one snapshot, so it must not read what the events write.
 */
export interface AlongsideWrite {
  sql: string;
  params: unknown[];
}

/**
 * What only the events' statement itself knows (the order number it takes as it records
 * the order's events, so that number's row lock lasts only for that statement and the
 * commit), merged into the payloads of the events marked `stamped`. `ctes`: named
 * CTEs written before the events'; `value`: a scalar subquery over them, without
 * parameters, giving one jsonb object.
 */
export interface PayloadStamp {
  ctes: string;
  params: unknown[];
  value: string;
  /** One of `ctes` that, read to its end, has taken every row lock they wait for (see `positioned` in recordEvents). */
  settled: string;
}

/** The lock that orders commit positions (docs/live-events.md, "Commit positions"); the deferred trigger takes it too. */
const COMMIT_ORDER_LOCK = `pg_advisory_xact_lock(hashtext('ponte:outbox-commit-order'))`;

/**
 * Records several events in one statement (one round trip instead of two per event):
 * each aggregate's sequence row is advanced once by its number of events, locked in
 * (type, id) order, and its events take the numbers up to the new last one. Rows go in
 * in the order given, as separate calls would have written them (ids and commit
 * positions follow it). `alongside` is written in the same statement; `stamp` is merged
 * into the payloads of the stamped events, and into the ones returned.
 *
 * `positioned`: the caller sends COMMIT with this statement (pipelinedTransaction's
 * `commitWithNext`), so the events take their commit positions here instead of at commit
 * from the deferred trigger, which skips rows that have one: the commit-order lock is
 * then held from this statement to the commit, as the trigger holds it from the stamp to
 * the commit, and no event row is updated. The lock is taken after every other lock the
 * statement waits for (the sequences', the stamp's): a writer waiting for one of those
 * while holding it would deadlock with that row's holder as it commits. After it come
 * only the foreign key checks at the statement's end (the seller row, which nothing
 * locks against KEY SHARE).
 * Only for a transaction whose COMMIT goes with this statement: otherwise the global
 * lock would be held across its remaining round trips.
 */
export async function recordEvents(
  em: EntityManager,
  sellerId: string,
  inputs: readonly EventInput[],
  options: { alongside?: AlongsideWrite; stamp?: PayloadStamp; positioned?: boolean } = {},
): Promise<OutboxEvent[]> {
  requireTransaction(em, `recordEvents(${inputs.map((input) => input.type).join(', ')})`);
  const { alongside, stamp, positioned } = options;
  if (inputs.length === 0) {
    if (alongside) await em.execute(alongside.sql, alongside.params);
    return [];
  }
  const remaining = new Map<string, number>();
  for (const input of inputs) remaining.set(aggregateKey(input), (remaining.get(aggregateKey(input)) ?? 0) + 1);
  const events = inputs.map((input, position) => {
    const left = remaining.get(aggregateKey(input))! - 1;
    remaining.set(aggregateKey(input), left);
    return {
      id: newId(),
      position,
      type: input.type,
      aggregate_type: input.aggregateType,
      aggregate_id: input.aggregateId,
      // How far below the aggregate's new last sequence this event's number is.
      from_last: left,
      payload: input.data,
      stamped: input.stamped ?? false,
    };
  });
  const rows = await em.execute<{ id: string; sequence: number; created_at: Date; stamp?: Record<string, unknown> }[]>(
    `with ${alongside ? `alongside as (${alongside.sql}), ` : ''}${stamp ? `${stamp.ctes}, ` : ''}event as (
       select * from jsonb_to_recordset(?::jsonb)
         as e(id uuid, position int, type text, aggregate_type text, aggregate_id text, from_last int, payload jsonb, stamped boolean)
     ), advanced as (
       insert into aggregate_sequence (seller_id, aggregate_type, aggregate_id, last_sequence)
       select ?, aggregate_type, aggregate_id, count(*) from event group by aggregate_type, aggregate_id order by aggregate_type, aggregate_id
       on conflict (seller_id, aggregate_type, aggregate_id)
       do update set last_sequence = aggregate_sequence.last_sequence + excluded.last_sequence
       returning aggregate_type, aggregate_id, last_sequence
     )${
       positioned
         ? `, commit_order as (
       select ${COMMIT_ORDER_LOCK} from (select count(*) from advanced) as sequenced${stamp ? `, (select count(*) from ${stamp.settled}) as stamped` : ''}
     )`
         : ''
     }
     insert into outbox_event (id, seller_id, type, aggregate_type, aggregate_id, sequence, payload, created_at${positioned ? ', commit_position' : ''})
     select e.id, ?, e.type, e.aggregate_type, e.aggregate_id, a.last_sequence - e.from_last,
            ${stamp ? `case when e.stamped then e.payload || ${stamp.value} else e.payload end` : 'e.payload'},
            -- Read once the sequence rows are locked: along one aggregate's sequence, times never go back.
            date_trunc('milliseconds', clock_timestamp())${positioned ? `,
            -- Drawn after the sort, in the order given.
            nextval('outbox_event_commit_position_seq')` : ''}
       from event e join advanced a using (aggregate_type, aggregate_id)${positioned ? ' cross join commit_order' : ''}
      order by e.position
     returning id, sequence, created_at${stamp ? `, ${stamp.value} as stamp` : ''}`,
    [...(alongside?.params ?? []), ...(stamp?.params ?? []), JSON.stringify(events), sellerId, sellerId],
  );
  const written = new Map(rows.map((row) => [row.id, row]));
  return events.map((event) =>
    Object.assign(new OutboxEvent(), {
      id: event.id,
      seller: sellerId,
      type: event.type,
      aggregateType: event.aggregate_type,
      aggregateId: event.aggregate_id,
      sequence: written.get(event.id)!.sequence,
      payload: event.stamped ? { ...event.payload, ...written.get(event.id)!.stamp } : (event.payload as Record<string, unknown>),
      createdAt: new Date(written.get(event.id)!.created_at),
    }),
  );
}

function aggregateKey(input: EventInput): string {
  return `${input.aggregateType}\u0000${input.aggregateId}`;
}

export function toEnvelope(event: Pick<OutboxEvent, 'id' | 'type' | 'createdAt' | 'payload'>): EventEnvelope {
  return {
    id: event.id,
    evento: event.type,
    dataHora: event.createdAt.toISOString(),
    data: event.payload,
  };
}
