import { randomBytes } from 'node:crypto';
import { v7 } from 'uuid';
import type { Orm } from '../../src/db/orm.js';
import { WEEK_MS, weekOf } from '../../src/db/partitions.js';
import { validPayload } from './events.js';

/**
 * Rows of the partitioned tables made at a given time, written in SQL as the service
 * writes them, so that a database holds weeks of history: before the partitioning
 * migration (a populated database to move over) as after it. Their ids are UUID v7 of
 * that time, which is what puts a row in its week.
 */

const DAY_MS = 86_400_000;

/** The last migration before the tables were partitioned: createTestDatabase({ migratedTo }) makes a database as it left one. */
export const BEFORE_PARTITIONS = 'Migration20261128020000_channel_sync';

/** A moment in the week (Monday to Monday, UTC) `weeksAgo` weeks before this one; this week's: a minute ago. */
export function inWeek(weeksAgo: number): Date {
  if (weeksAgo === 0) return new Date(Date.now() - 60_000);
  return new Date(weekOf(new Date()).getTime() - weeksAgo * WEEK_MS + 3 * DAY_MS);
}

/** A UUID v7 made at `at`. */
export const idAt = (at: Date): string => v7({ msecs: at.getTime() });

/** `days` (fractions too) before now. */
export const daysAgo = (days: number): Date => new Date(Date.now() - days * DAY_MS);

const sql = <T = unknown>(orm: Orm, query: string, params: unknown[] = []) => orm.em.fork().execute<T[]>(query, params);

/**
 * An outbox event made at `at` (its commit position drawn, as a committed one has). Taken
 * off the fan-out queue, as the fan-out would, unless `queued`.
 */
export async function seedEvent(orm: Orm, sellerId: string, at: Date, aggregateId: string, options: { queued?: boolean; id?: string } = {}): Promise<string> {
  const id = options.id ?? idAt(at);
  await sql(
    orm,
    `insert into outbox_event (id, seller_id, type, aggregate_type, aggregate_id, sequence, payload, created_at, commit_position)
     values (?, ?, 'pedido.status_alterado', 'order', ?, 1, ?::jsonb, ?, nextval('outbox_event_commit_position_seq'))`,
    [id, sellerId, aggregateId, JSON.stringify(validPayload('pedido.status_alterado')), at],
  );
  if (!options.queued) await sql(orm, `delete from webhook_fanout_queue where event_id = ?`, [id]);
  return id;
}

export interface SeededDelivery {
  id: string;
  eventId: string;
  aggregateId: string;
  /** Attempts logged: the first on the delivery's row, later ones as rows of their own. */
  attempts: number;
}

export interface DeliverySeed {
  sellerId: string;
  subscriptionId: string;
  /** When its event and the delivery were made. */
  at: Date;
  aggregateId: string;
  /** Pending (owed, no attempt yet), or finished at `completedAt` after `attempts` attempts. */
  status?: 'pending' | 'retrying' | 'succeeded' | 'failed';
  completedAt?: Date;
  attempts?: number;
  /** Its own id, when not one of `at` (a random UUID v4: outside every week). */
  id?: string;
}

/** An event made at `at` and its delivery to `subscriptionId`, with the attempts a finished one logged. */
export async function seedDelivery(orm: Orm, seed: DeliverySeed): Promise<SeededDelivery> {
  const { sellerId, subscriptionId, at, aggregateId, status = 'succeeded' } = seed;
  const finished = status === 'succeeded' || status === 'failed';
  const attempts = finished || status === 'retrying' ? (seed.attempts ?? 1) : 0;
  const eventId = await seedEvent(orm, sellerId, at, aggregateId);
  const id = seed.id ?? idAt(at);
  const code = status === 'succeeded' ? 200 : 503;
  await sql(
    orm,
    `insert into webhook_delivery (id, seller_id, subscription_id, event_id, event_type, aggregate_type, aggregate_id, sequence, status,
                                   attempt_count, attempts_in_round, next_attempt_at, created_at, updated_at, completed_at,
                                   first_attempt_at, first_attempt_duration_ms, first_attempt_status_code)
     values (?, ?, ?, ?, 'pedido.status_alterado', 'order', ?, 1, ?, ?, ?, now(), ?, ?, ?, ?, ?, ?)`,
    [
      id, sellerId, subscriptionId, eventId, aggregateId, status, attempts, attempts, at, seed.completedAt ?? at,
      finished ? (seed.completedAt ?? at) : null,
      attempts > 0 ? at : null, attempts > 0 ? 5 : null, attempts > 0 ? (attempts > 1 ? 503 : code) : null,
    ],
  );
  for (let number = 2; number <= attempts; number++) {
    await sql(
      orm,
      `insert into webhook_attempt (id, seller_id, delivery_id, number, at, duration_ms, status_code) values (?, ?, ?, ?, ?, 5, ?)`,
      [idAt(at), sellerId, id, number, new Date(at.getTime() + number * 1000), number === attempts ? code : 503],
    );
  }
  return { id, eventId, aggregateId, attempts };
}

/** A channel connection of the seller's with one sync row (a SKU's quantity); answers the row's id. */
export async function seedSyncRow(orm: Orm, sellerId: string): Promise<string> {
  const connectionId = idAt(new Date());
  const syncId = idAt(new Date());
  await sql(
    orm,
    `insert into channel_connection (id, seller_id, channel, platform, api_base_url, sealed, inbound_key_hash, status, created_at, updated_at)
     values (?, ?, 'loja-shopify', 'shopify', 'https://example.myshopify.com', 'sealed', ?, 'active', now(), now())`,
    [connectionId, sellerId, randomBytes(16).toString('hex')],
  );
  await sql(
    orm,
    `insert into channel_sync (id, seller_id, connection_id, subject, field, value, status, next_attempt_at, created_at, updated_at)
     values (?, ?, ?, 'SKU-1', 'quantity', '{"quantity": 1}', 'synced', now(), now(), now())`,
    [syncId, sellerId, connectionId],
  );
  return syncId;
}

/** An attempt of sync row `syncId` made at `at`: a line of the sync log. */
export async function seedSyncAttempt(orm: Orm, sellerId: string, syncId: string, at: Date, number: number): Promise<string> {
  const id = idAt(at);
  await sql(
    orm,
    `insert into channel_sync_attempt (id, seller_id, sync_id, number, value, version, outcome, at, duration_ms, status_code)
     values (?, ?, ?, ?, '{"quantity": 1}', 1, 'succeeded', ?, 5, 200)`,
    [id, sellerId, syncId, number, at],
  );
  return id;
}
