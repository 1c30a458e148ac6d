import type { ClaimShares } from './fair-share.js';

/**
 * The fair choice a claim makes among its candidates (docs/webhooks.md#fair-claiming),
 * for every queue that claims by it: the webhook deliveries, the channels' sync rows and
 * their stored inbound notifications.
 * It follows a CTE `candidate (id, seller_id, destination, next_attempt_at)` — the
 * queue's due rows in due order, those of keys at their cap already skipped
 * (`fairClaimParams` gives them), cut at the window — and gives `fair`: each candidate with the load
 * its destination and its seller would hold with it (what this process holds, plus its
 * rank among the window's own), those past a cap dropped. The claim then takes `fair`
 * in `FAIR_ORDER`, least loaded first, and locks its rows.
 */
export const FAIR_CHOICE = `held as (
       select * from unnest(?::uuid[], ?::int[]) as h(key, count)
     ), by_destination as (
       select c.*, coalesce(h.count, 0) + row_number() over (partition by c.destination order by c.next_attempt_at, c.id) as destination_load
         from candidate c left join held h on h.key = c.destination
     ), by_seller as (
       select b.*, coalesce(h.count, 0) + row_number() over (partition by b.seller_id order by b.destination_load, b.next_attempt_at, b.id) as seller_load
         from by_destination b left join held h on h.key = b.seller_id
        where b.destination_load <= ?
     ), fair as (
       select * from by_seller where seller_load <= ?
     )`;

/** The order a claim takes `fair` (aliased `f`) in: the seller's load, the destination's, then due time. */
export const FAIR_ORDER = 'f.seller_load, f.destination_load, f.next_attempt_at, f.id';

/** The fewest takeable rows a claim chooses among: with few slots free, the least loaded of them get one. */
const CLAIM_WINDOW = 32;

/**
 * A fair claim's parameters, in the order its statement takes them: the candidates' skip
 * test (`seller_id <> all(?)`, `destination <> all(?)`: the keys at their cap), the
 * window (`limit ?`, at least CLAIM_WINDOW), FAIR_CHOICE's four, the chosen rows' `limit ?`
 * and the lease in milliseconds.
 */
export function fairClaimParams(limit: number, leaseMs: number, shares: ClaimShares): unknown[] {
  const full = uuidArray(shares.full);
  const choice = [uuidArray(shares.heldKeys), `{${shares.heldCounts.join(',')}}`, shares.caps.perDestination, shares.caps.perSeller];
  return [full, full, Math.max(limit, CLAIM_WINDOW), ...choice, limit, leaseMs];
}

/** A list of ids as a PostgreSQL array literal. */
export function uuidArray(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}
