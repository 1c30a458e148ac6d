/**
 * The sync queue's claim and record (docs/channels.md, "The sync queue"): rows are
 * claimed with SKIP LOCKED under a lease, fairly across sellers and connections by the
 * webhook dispatcher's rule and ledger (src/webhooks/fair-claim.ts), and each attempt is
 * recorded in one statement with the row's move, its log entry and the connection's state.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { FAIR_CHOICE, FAIR_ORDER, fairClaimParams } from '../webhooks/fair-claim.js';
import type { ClaimShares } from '../webhooks/fair-share.js';
import type { AnswerRecord } from './platform-http.js';
import { CONNECTION_COLUMNS, type ConnectionRow } from './platform-session.js';
import type { SyncField, SyncOutcome } from './sync.entity.js';

/** A sync row this worker holds the lease on, with what pushing it needs. */
export interface ClaimedSync {
  syncId: string;
  leaseToken: string;
  field: SyncField;
  subject: string;
  value: Record<string, unknown>;
  version: number;
  attemptsInRound: number;
  /** What the last successful attempt sent (an order row: the move the platform took last). */
  syncedValue: Record<string, unknown> | null;
  connection: ConnectionRow;
  /** The SKU's listing link (quantity and price rows); null when it is gone. */
  link: { listingId: string; variationId: string | null; productId: string | null } | null;
  /** The order (order rows): its id on the platform, invoice and shipment. */
  order: { externalId: string; invoice: unknown; shipment: unknown } | null;
}

interface ClaimRow {
  sync_id: string;
  lease_token: string;
  field: SyncField;
  subject: string;
  value: Record<string, unknown>;
  version: number;
  attempts_in_round: number;
  synced_value: Record<string, unknown> | null;
  listing_id: string | null;
  variation_id: string | null;
  product_id: string | null;
  external_id: string | null;
  invoice: unknown;
  shipment: unknown;
}

const TAKEABLE = `s.status in ('pending', 'retrying') and s.next_attempt_at <= now()
          and (s.lease_expires_at is null or s.lease_expires_at <= now())`;

// Due rows in the due index's order, of active connections the platform has not asked to
// wait, skipping sellers and connections at their cap; then the fair choice; then the
// lock, on the chosen rows in that order, the takeable test made again on the locked row.
const CLAIM = `with candidate as (
       select s.id, s.seller_id, s.connection_id as destination, s.next_attempt_at
         from channel_sync s
         join channel_connection c on c.id = s.connection_id
        where ${TAKEABLE}
          and c.status = 'active' and (c.sync_paused_until is null or c.sync_paused_until <= now())
          and s.seller_id <> all(?::uuid[])
          and s.connection_id <> all(?::uuid[])
        order by s.next_attempt_at, s.id
        limit ?
     ), ${FAIR_CHOICE}, chosen as (
       select s.id
         from fair f
         join channel_sync s on s.id = f.id
        where ${TAKEABLE}
        order by ${FAIR_ORDER}
        limit ?
        for update of s skip locked
     )
     update channel_sync s
        set lease_token = gen_random_uuid(), lease_expires_at = clock_timestamp() + ?::float8 * interval '1 millisecond'
       from chosen
       join channel_sync q on q.id = chosen.id
       join channel_connection c on c.id = q.connection_id
       left join channel_listing l on q.field in ('quantity', 'price') and l.connection_id = q.connection_id and l.sku = q.subject
       left join sales_order o on q.field = 'order' and o.seller_id = q.seller_id
                              and o.id = case when q.field = 'order' then q.subject::uuid end
      where s.id = chosen.id
     returning s.id as sync_id, s.lease_token, s.field, s.subject, s.value, s.version, s.attempts_in_round, s.synced_value,
               l.listing_id, l.variation_id, l.product_id, o.external_id, o.invoice, o.shipment, ${CONNECTION_COLUMNS}`;

/** Takes up to `limit` due rows, fairly by `shares`, leased for `leaseMs`. Spans sellers by design, like the dispatcher. */
export async function claimDueSyncs(em: EntityManager, limit: number, leaseMs: number, shares: ClaimShares): Promise<ClaimedSync[]> {
  const rows = await em.execute<(ClaimRow & ConnectionRow)[]>(CLAIM, fairClaimParams(limit, leaseMs, shares));
  return rows.map((row) => ({
    syncId: row.sync_id,
    leaseToken: row.lease_token,
    field: row.field,
    subject: row.subject,
    value: row.value,
    version: row.version,
    attemptsInRound: row.attempts_in_round,
    syncedValue: row.synced_value,
    connection: { id: row.id, seller_id: row.seller_id, channel: row.channel, platform: row.platform, api_base_url: row.api_base_url, sealed: row.sealed, status: row.status },
    link: row.listing_id ? { listingId: row.listing_id, variationId: row.variation_id, productId: row.product_id } : null,
    order: row.external_id ? { externalId: row.external_id, invoice: row.invoice, shipment: row.shipment } : null,
  }));
}

/** One attempt's end, as the worker judged it. */
export interface SyncAttemptEnd {
  outcome: SyncOutcome;
  /** What was sent (null when nothing was: the platform refused before, or there was nothing to send). */
  sent: unknown;
  answer: AnswerRecord;
  error: { kind: string; detail: string } | null;
  /** retrying: when to try again. */
  retryInMs?: number;
  /** A success that leaves more to do: the next value (the catalogue's next page) or a time to send again (a promotion's start or end). */
  followUp?: { value?: Record<string, unknown>; at?: Date };
  /**
   * The platform refused the credentials (401/403): the seal they were read from. The
   * connection becomes `unauthorized` unless its credentials changed since (renewed by
   * another worker, or replaced by the seller).
   */
  refusedSeal?: string;
  /** The platform asked for no requests for this long (a 429's Retry-After): the connection waits. */
  pauseMs?: number;
}

// The row moves only under the lease it was claimed with. A success syncs it unless a
// newer version came meanwhile (then it is due again at once, with the newer value) or it
// has a follow-up; a retry waits its backoff; a pause (401/403) leaves it due, held back
// by its connection's status; a failure ends the round unless a newer value waits. The
// attempt is logged, and the connection's lastSyncAt (at most once a second: a busy
// connection's successes would all queue on its row), lastError, status and pause follow.
const RECORD = `with ended as (
       select ?::uuid as id, ?::uuid as lease_token, ?::int as version, ?::text as outcome, ?::jsonb as sent,
              ?::float8 as retry_ms, ?::jsonb as follow_value, ?::timestamptz as follow_at,
              ?::timestamptz as at, ?::int as duration_ms, ?::int as status_code, ?::text as response_body,
              ?::text as error, ?::text as error_detail, ?::text as refused_seal, ?::float8 as pause_ms
     ), moved as (
       update channel_sync s
          set status = case
                when e.outcome = 'succeeded' then
                  case when s.version <> e.version or e.follow_value is not null or e.follow_at is not null then 'pending' else 'synced' end
                when e.outcome = 'paused' then 'pending'
                when e.outcome = 'retrying' then 'retrying'
                else case when s.version <> e.version then 'pending' else 'failed' end
              end,
              next_attempt_at = case
                when e.outcome = 'succeeded' then
                  case when s.version <> e.version or e.follow_value is not null then now() when e.follow_at is not null then e.follow_at else s.next_attempt_at end
                when e.outcome = 'retrying' then now() + e.retry_ms * interval '1 millisecond'
                else now()
              end,
              value = case when e.outcome = 'succeeded' and e.follow_value is not null and s.version = e.version then e.follow_value else s.value end,
              version = case when e.outcome = 'succeeded' and e.follow_value is not null and s.version = e.version then s.version + 1 else s.version end,
              synced_value = case when e.outcome = 'succeeded' then e.sent else s.synced_value end,
              synced_version = case when e.outcome = 'succeeded' then e.version else s.synced_version end,
              attempts_in_round = case when e.outcome = 'retrying' then s.attempts_in_round + 1 when e.outcome = 'paused' then s.attempts_in_round else 0 end,
              attempt_count = s.attempt_count + 1,
              last_attempt_at = e.at,
              last_error = case when e.outcome = 'succeeded' then null else e.error_detail end,
              lease_token = null, lease_expires_at = null, updated_at = now()
         from ended e
        where s.id = e.id and s.lease_token = e.lease_token
       returning s.id, s.seller_id, s.connection_id, s.attempt_count, s.status = 'pending' and s.next_attempt_at <= now() as due_again
     ), logged as (
       -- A UUID v7, as newId makes: the log is partitioned by its ids' weeks.
       insert into channel_sync_attempt (id, seller_id, sync_id, number, value, version, outcome, at, duration_ms, status_code, response_body, error, error_detail)
       select ponte_uuid_v7(), m.seller_id, m.id, m.attempt_count, e.sent, e.version, e.outcome, e.at, e.duration_ms, e.status_code, e.response_body, e.error, e.error_detail
         from moved m, ended e
     ), connection as (
       update channel_connection c
          set last_sync_at = case when e.outcome = 'succeeded' then now() else c.last_sync_at end,
              last_error = case when e.outcome = 'succeeded' then null else left(e.error_detail, 1000) end,
              status = case when c.sealed = e.refused_seal then 'unauthorized' else c.status end,
              sync_paused_until = case when e.pause_ms is null then c.sync_paused_until
                                       else greatest(coalesce(c.sync_paused_until, now()), now() + e.pause_ms * interval '1 millisecond') end,
              updated_at = now()
         from moved m, ended e
        where c.id = m.connection_id
          and (e.outcome <> 'succeeded' or c.last_sync_at is null or c.last_sync_at < now() - interval '1 second' or c.last_error is not null)
     )
     select due_again from moved`;

/**
 * Records an attempt under the lease it was claimed with: `lost` when the lease was (another
 * worker took the row); `dueAgain` when the row is due at once (a newer value came, or more
 * is left to do).
 */
export async function recordSyncAttempt(em: EntityManager, claimed: ClaimedSync, end: SyncAttemptEnd, at: Date): Promise<'lost' | 'dueAgain' | 'recorded'> {
  const rows = await em.execute<{ due_again: boolean }[]>(RECORD, [
    claimed.syncId,
    claimed.leaseToken,
    claimed.version,
    end.outcome,
    end.sent === undefined || end.sent === null ? null : JSON.stringify(end.sent),
    end.retryInMs ?? null,
    end.followUp?.value ? JSON.stringify(end.followUp.value) : null,
    end.followUp?.at ?? null,
    at,
    end.answer.durationMs,
    end.answer.statusCode,
    end.answer.responseBody,
    end.error?.kind ?? null,
    end.error?.detail ?? null,
    end.refusedSeal ?? null,
    end.pauseMs ?? null,
  ]);
  if (rows.length === 0) return 'lost';
  return rows[0]!.due_again ? 'dueAgain' : 'recorded';
}
