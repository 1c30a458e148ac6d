/**
 * The inbound queue's claim (docs/channels.md, "Orders in"): stored notifications are
 * claimed with SKIP LOCKED under a lease, fairly across sellers and connections by the
 * webhook dispatcher's rule (src/webhooks/fair-claim.ts), each claim counting an attempt.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { FAIR_CHOICE, FAIR_ORDER, fairClaimParams } from '../webhooks/fair-claim.js';
import type { ClaimShares } from '../webhooks/fair-share.js';
import { CONNECTION_COLUMNS, type ConnectionRow } from './platform-session.js';

/** A notification this worker holds the lease on, with its connection (`id` is the connection's). */
export interface ClaimedNotification extends ConnectionRow {
  inbound_id: string;
  topic: string;
  body: string;
  /** Attempts so far, this one included. */
  attempts: number;
  /** Whether the connection has any listing link: without one, no line's SKU comes from a link. */
  has_links: boolean;
}

const TAKEABLE = `i.status = 'pending' and i.next_attempt_at <= now()
          and (i.lease_expires_at is null or i.lease_expires_at <= now())`;

// Due notifications in the due index's order, skipping sellers and connections at their
// cap; then the fair choice; then the lock, on the chosen rows in that order, the
// takeable test made again on the locked row (another process may have taken it since).
const CLAIM = `with candidate as (
       select i.id, i.seller_id, i.connection_id as destination, i.next_attempt_at
         from channel_inbound i
        where ${TAKEABLE}
          and i.seller_id <> all(?::uuid[])
          and i.connection_id <> all(?::uuid[])
        order by i.next_attempt_at, i.id
        limit ?
     ), ${FAIR_CHOICE}, chosen as (
       select i.id
         from fair f
         join channel_inbound i on i.id = f.id
        where ${TAKEABLE}
        order by ${FAIR_ORDER}
        limit ?
        for update of i skip locked
     )
     update channel_inbound i
        set lease_expires_at = clock_timestamp() + ?::float8 * interval '1 millisecond', attempts = i.attempts + 1
       from chosen, channel_connection c
      where i.id = chosen.id and c.id = i.connection_id
     returning i.id as inbound_id, i.topic, i.body, i.attempts, ${CONNECTION_COLUMNS},
               exists (select 1 from channel_listing l where l.connection_id = c.id) as has_links`;

/** Takes up to `limit` due notifications, fairly by `shares`, leased for `leaseMs`. Spans sellers by design, like the dispatcher. */
export function claimDueNotifications(em: EntityManager, limit: number, leaseMs: number, shares: ClaimShares): Promise<ClaimedNotification[]> {
  return em.execute<ClaimedNotification[]>(CLAIM, fairClaimParams(limit, leaseMs, shares));
}
