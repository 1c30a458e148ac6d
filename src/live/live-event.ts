import { ALL_SELLERS, forkForSeller, type Orm } from '../db/orm.js';
import type { EventEnvelope } from '../events/catalogue.js';
import { OutboxEvent } from '../events/outbox-event.entity.js';
import { toEnvelope } from '../events/outbox.js';

/** A committed outbox event on its way to live subscribers: its seller and the webhook envelope. */
export interface LiveEvent {
  sellerId: string;
  envelope: EventEnvelope;
}

function liveEventOf(row: OutboxEvent): LiveEvent {
  return { sellerId: row.seller, envelope: toEnvelope(row) };
}

/** One committed event by id (what a NOTIFY names), or undefined when it is not there. */
export async function loadEvent(orm: Orm, sellerId: string, id: string): Promise<LiveEvent | undefined> {
  const row = await forkForSeller(orm, sellerId).findOne(OutboxEvent, { id });
  return row ? liveEventOf(row) : undefined;
}

/** A seller's events of the given types with ids above `after`, oldest first, at most `limit`. */
export async function sellerEventsAfter(
  orm: Orm,
  sellerId: string,
  query: { after: string; types: readonly string[]; limit: number },
): Promise<LiveEvent[]> {
  const rows = await forkForSeller(orm, sellerId).find(
    OutboxEvent,
    { id: { $gt: query.after }, type: { $in: [...query.types] } },
    { orderBy: { id: 'asc' }, limit: query.limit },
  );
  return rows.map(liveEventOf);
}

/** Every seller's events with ids above `after`, oldest first (the Redis relay's catch-up). */
export async function allEventsAfter(orm: Orm, after: string, limit: number): Promise<LiveEvent[]> {
  const rows = await orm.em
    .fork()
    .find(OutboxEvent, { id: { $gt: after } }, { ...ALL_SELLERS, orderBy: { id: 'asc' }, limit });
  return rows.map(liveEventOf);
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

export function isEventId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value);
}

/** The Redis message is the live event itself: no database read on the receiving side. */
export function encodeLiveEvent(event: LiveEvent): string {
  return JSON.stringify(event);
}

export function decodeLiveEvent(message: string): LiveEvent | undefined {
  const value = JSON.parse(message) as Partial<LiveEvent>;
  const envelope = value.envelope;
  if (typeof value.sellerId !== 'string' || !envelope || typeof envelope.id !== 'string') return undefined;
  return { sellerId: value.sellerId, envelope };
}
