import { ALL_SELLERS, forkForSeller, type Orm } from '../db/orm.js';
import type { EventEnvelope } from '../events/event-registry.js';
import { OutboxEvent } from '../events/outbox-event.entity.js';
import { toEnvelope } from '../events/outbox.js';

/** A committed outbox event on its way to live subscribers: its seller, commit position and the webhook envelope. */
export interface LiveEvent {
  sellerId: string;
  /**
   * Its place in commit order (OutboxEvent.commitPosition, a bigint as a decimal string).
   * Absent only in a message published by a relay from before positions existed.
   */
  position?: string;
  envelope: EventEnvelope;
}

function liveEventOf(row: OutboxEvent): LiveEvent {
  return { sellerId: row.seller, position: String(row.commitPosition), envelope: toEnvelope(row) };
}

/** One committed event by id (what a NOTIFY names), or undefined when it is not there. */
export async function loadEvent(orm: Orm, sellerId: string, id: string): Promise<LiveEvent | undefined> {
  const row = await forkForSeller(orm, sellerId).findOne(OutboxEvent, { id });
  return row ? liveEventOf(row) : undefined;
}

/**
 * A seller's events of the given types committed after commit position `after`, in commit
 * order, at most `limit`, none created before `since` (an id floor).
 */
export async function sellerEventsAfter(
  orm: Orm,
  sellerId: string,
  query: { after: string; since: string; types: readonly string[]; limit: number },
): Promise<LiveEvent[]> {
  const rows = await forkForSeller(orm, sellerId).find(
    OutboxEvent,
    { commitPosition: { $gt: query.after }, id: { $gt: query.since }, type: { $in: [...query.types] } },
    { orderBy: { commitPosition: 'asc' }, limit: query.limit },
  );
  return rows.map(liveEventOf);
}

/** Every seller's events committed after position `after` and created after `since`, in commit order (the Redis relay's catch-up). */
export async function allEventsAfter(orm: Orm, query: { after: string; since: string; limit: number }): Promise<LiveEvent[]> {
  const rows = await orm.em
    .fork()
    .find(
      OutboxEvent,
      { commitPosition: { $gt: query.after }, id: { $gt: query.since } },
      { ...ALL_SELLERS, orderBy: { commitPosition: 'asc' }, limit: query.limit },
    );
  return rows.map(liveEventOf);
}

/**
 * The commit position of the last committed event (0 when there is none), of one seller
 * or of all: where a new subscription, or a relay with nothing recorded, starts.
 */
export async function lastPosition(orm: Orm, sellerId?: string): Promise<string> {
  const [row] = await orm.em
    .fork()
    .execute<{ position: string }[]>(
      `select coalesce(max(commit_position), 0)::text as position from outbox_event${sellerId ? ' where seller_id = ?' : ''}`,
      sellerId ? [sellerId] : [],
    );
  return row!.position;
}

/**
 * Where a replay after the client's `after` starts. The id of an event of the seller: its
 * own commit position, so whatever committed after it is replayed, whenever it was
 * written. An id that names no event of the seller is a point in time: the position just
 * before the first event (of `types`) created after it. Only the first `limit` such events
 * are looked at: with more, the replay is refused anyway.
 */
export async function replayStart(orm: Orm, sellerId: string, query: { after: string; types: readonly string[]; limit: number }): Promise<string> {
  const types = query.types.length > 0 ? query.types.map(() => '?').join(', ') : 'null';
  const [row] = await orm.em.fork().execute<{ position: string | null }[]>(
    `select coalesce(
              (select commit_position from outbox_event where seller_id = ? and id = ?),
              (select min(commit_position) - 1 from (
                 select commit_position from outbox_event
                  where seller_id = ? and id > ? and type in (${types}) order by id limit ?) created_after)
            )::text as position`,
    [sellerId, query.after, sellerId, query.after, ...query.types, query.limit],
  );
  return row?.position ?? (await lastPosition(orm, sellerId));
}

/**
 * Event ids are UUID v7: the first 48 bits are the creation time in milliseconds, and
 * PostgreSQL orders uuids bytewise, so id order is creation order.
 */
export function timeOfId(id: string): number {
  return Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}

/** The smallest v7 id of a millisecond: every event created at or after `ms` sorts above it. */
export function idFloorAt(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

/** The Redis message is the live event itself: no database read on the receiving side. */
export function encodeLiveEvent(event: LiveEvent): string {
  return JSON.stringify(event);
}

export function decodeLiveEvent(message: string): LiveEvent | undefined {
  const value = JSON.parse(message) as Partial<LiveEvent>;
  const envelope = value.envelope;
  if (typeof value.sellerId !== 'string' || !envelope || typeof envelope.id !== 'string') return undefined;
  const position = typeof value.position === 'string' && /^\d+$/.test(value.position) ? value.position : undefined;
  return { sellerId: value.sellerId, position, envelope };
}
