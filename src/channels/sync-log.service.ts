import type { EntityManager } from '@mikro-orm/postgresql';
import { decodeCursor, pageOf, type Page, type PageRequest } from '../http/pagination.js';
import type { SyncFilter, SyncViewType } from './channels.schemas.js';
import { findConnection } from './connection.service.js';
import { notFound } from '../errors.js';
import { SYNC_FIELDS, type SyncField, type SyncOutcome, type SyncStatus } from './sync.entity.js';
import { textArray } from '../db/array-literal.js';

/** The latest attempts shown with each row of the log; older ones stay in the table. */
export const ATTEMPTS_SHOWN = 20;

interface SyncRow {
  id: string;
  field: SyncViewType['field'];
  subject: string;
  value: unknown;
  synced_value: unknown;
  status: SyncStatus;
  attempt_count: number;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  last_error: string | null;
  updated_at: Date;
  attempts: {
    number: number;
    at: string;
    duration_ms: number;
    outcome: SyncOutcome;
    value: unknown;
    status_code: number | null;
    response_body: string | null;
    error: string | null;
    error_detail: string | null;
  }[];
}

/** A sync row with its latest attempts, oldest first; the caller adds its where, order and limit. */
const SYNC_ROWS = `select s.id, s.field, s.subject, s.value, s.synced_value, s.status, s.attempt_count, s.next_attempt_at, s.last_attempt_at, s.last_error, s.updated_at,
            coalesce((select json_agg(a order by a.number) from (
                        select number, at, duration_ms, outcome, value, status_code, response_body, error, error_detail
                          from channel_sync_attempt where sync_id = s.id order by number desc limit ${ATTEMPTS_SHOWN}) a), '[]') as attempts
       from channel_sync s`;

/**
 * `GET /canais/{code}/sincronizacoes`: the connection's sync rows by subject and field
 * (a SKU's quantity and price side by side), each with its latest attempts.
 */
export async function listSyncs(em: EntityManager, sellerId: string, code: string, filter: SyncFilter, page: PageRequest): Promise<Page<SyncViewType>> {
  const connection = await findConnection(em, sellerId, code);
  if (!connection) throw notFound(`Connection of channel ${code}`);
  const [afterSubject, afterField] = page.cursor === undefined ? [null, null] : decodeCursor(page.cursor, ['text', SYNC_FIELDS]);
  const rows = await em.execute<SyncRow[]>(
    `${SYNC_ROWS}
      where s.seller_id = ? and s.connection_id = ?
        and (?::text is null or s.field = ?) and (?::text is null or s.status = ?) and (?::text is null or s.subject = ?)
        and (?::text is null or (s.subject, s.field) > (?, ?))
      order by s.subject, s.field
      limit ?`,
    [sellerId, connection.id, filter.field ?? null, filter.field ?? null, filter.status ?? null, filter.status ?? null, filter.subject ?? null, filter.subject ?? null, afterSubject, afterSubject, afterField, page.limit + 1],
  );
  const paged = pageOf(rows, page.limit, (row) => [row.subject, row.field]);
  return { data: paged.data.map(syncView), nextCursor: paged.nextCursor };
}

/** What a listing link keeps in step on the platform. */
export const LINK_SYNC_FIELDS: readonly SyncField[] = ['quantity', 'price'];

/**
 * The quantity and price rows of these SKUs on a channel's connection, by SKU: where a
 * page of listing links stands on the platform, in one statement. A SKU with no row yet
 * (nothing queued for it) maps to none; a channel not connected, to none at all.
 */
export async function linkSyncs(em: EntityManager, sellerId: string, code: string, skus: readonly string[]): Promise<Map<string, SyncViewType[]>> {
  const rows = await em.execute<SyncRow[]>(
    `${SYNC_ROWS}
       join channel_connection c on c.id = s.connection_id and c.seller_id = s.seller_id
      where s.seller_id = ? and c.channel = ? and s.subject = any(?::text[]) and s.field = any(?::text[])
      order by s.subject, s.field`,
    [sellerId, code, textArray(skus), textArray(LINK_SYNC_FIELDS)],
  );
  const bySku = new Map<string, SyncViewType[]>();
  for (const row of rows) bySku.set(row.subject, [...(bySku.get(row.subject) ?? []), syncView(row)]);
  return bySku;
}

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

function syncView(row: SyncRow): SyncViewType {
  const open = row.status === 'pending' || row.status === 'retrying';
  return {
    id: row.id,
    field: row.field,
    subject: row.subject,
    value: row.value,
    syncedValue: row.synced_value,
    status: row.status,
    attemptCount: row.attempt_count,
    nextAttemptAt: open ? iso(row.next_attempt_at) : null,
    lastAttemptAt: iso(row.last_attempt_at),
    lastError: row.last_error,
    updatedAt: iso(row.updated_at)!,
    attempts: row.attempts.map((attempt) => ({
      number: attempt.number,
      at: iso(attempt.at)!,
      durationMs: attempt.duration_ms,
      outcome: attempt.outcome,
      value: attempt.value,
      statusCode: attempt.status_code,
      responseBody: attempt.response_body,
      error: attempt.error,
      errorDetail: attempt.error_detail,
    })),
  };
}
