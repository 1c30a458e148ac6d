import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../db/orm.js';
import { newId } from '../db/ids.js';
import type { AttemptRecord, NextStep } from './outcome.js';
import type { SubscriptionKind } from './policy.js';
import type { SigningSecrets } from './signing.js';
import { OPEN_STATUSES } from './delivery.entity.js';
import type { DisabledReason } from './subscription.entity.js';
import { prepared, type PreparedStatement } from '../db/prepared.js';
import { runWith, type RunStatement } from './queue-database.js';
import { disableSubscription, recordFailure, SUCCESS_HEALTH_CTES } from './subscription-health.js';
import type { ClaimShares } from './fair-share.js';
import { FAIR_CHOICE, FAIR_ORDER, fairClaimParams, uuidArray } from './fair-claim.js';

/** A delivery this worker holds the lease on, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  sellerId: string;
  subscriptionId: string;
  /** What its in-flight cap is counted against: the subscription, or an application's registration. */
  destination: string;
  leaseToken: string;
  /** The number the attempt about to be made will have. */
  attemptNumber: number;
  attemptsInRound: number;
  kind: SubscriptionKind;
  url: string;
  secrets: SigningSecrets;
  event: { id: string; type: string; createdAt: Date; payload: Record<string, unknown> };
}

interface ClaimRow {
  id: string;
  seller_id: string;
  subscription_id: string;
  destination: string;
  lease_token: string;
  attempt_count: number;
  attempts_in_round: number;
  kind: SubscriptionKind;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  event_id: string;
  event_type: string;
  event_created_at: Date;
  payload: Record<string, unknown>;
}

/** The destination of subscription `s`: an application's registration, or the subscription itself. */
const DESTINATION = 'coalesce(s.destination_id, s.id)';

/**
 * A claim: `due` (a CTE locking the deliveries to take, `for update of d skip locked`)
 * leased and answered with what sending them needs.
 */
function claimSql(due: string): string {
  return `with due as (${due})
   -- The lease counts from this statement, not its transaction's start: the fan-out claims
   -- at the end of a transaction that may have taken a while (fanOutAndClaim).
   update webhook_delivery d
      set lease_token = gen_random_uuid(), lease_expires_at = clock_timestamp() + ?::float8 * interval '1 millisecond'
     from due, webhook_subscription s, outbox_event e
    where d.id = due.id and s.id = d.subscription_id and e.id = d.event_id
   returning d.id, d.seller_id, d.subscription_id, ${DESTINATION} as destination, d.lease_token, d.attempt_count, d.attempts_in_round,
             s.kind, s.url, s.secret, s.previous_secret, s.previous_secret_expires_at,
             e.id as event_id, e.type as event_type, e.created_at as event_created_at, e.payload`;
}

/**
 * Whether a delivery `d` of subscription `s` may be taken now, its order in its aggregate
 * aside. Without `throughPartialIndexes` its status test is wrapped in coalesce (status is
 * never null): the planner cannot prove the partial indexes' predicate from it, so no plan
 * reaches `d` through them (see CLAIM_NEXT_OF_AGGREGATES).
 */
function takeable({ throughPartialIndexes = true } = {}): string {
  const open = `d.status in ${OPEN_STATUSES}`;
  return `${throughPartialIndexes ? open : `coalesce(${open}, false)`}
        and d.next_attempt_at <= now()
        and (d.lease_expires_at is null or d.lease_expires_at <= now())
        and s.active`;
}

/**
 * The id of the first delivery the aggregate of `delivery` (an alias of webhook_delivery)
 * still owes the same subscription, if any: the only one of that aggregate the ordering
 * rule lets anybody take. It is the first entry of the partial index on open deliveries
 * by (subscription, aggregate, sequence), read in the index's order: a scalar subquery of
 * its own, so the aggregate is a given, no plan sorts all that the aggregate owes, and the
 * plan made on an empty queue is the one for a full one.
 */
function firstOwedOf(delivery: string): string {
  return `(select owed.id
             from webhook_delivery owed
            where owed.subscription_id = ${delivery}.subscription_id
              and owed.aggregate_type = ${delivery}.aggregate_type
              and owed.aggregate_id = ${delivery}.aggregate_id
              and owed.status in ${OPEN_STATUSES}
            order by owed.sequence
            limit 1)`;
}

// The fair claim (docs/webhooks.md#fair-claiming). `candidate` reads due deliveries in the
// due index's order, each taken only if it is the first its aggregate still owes
// (firstOwedOf), skipping destinations and sellers this process holds at their cap, and
// stops at the window. Written as "no earlier open one exists", the probe's best plan
// depended on the table's size, and the claim had to be planned at every run (~0.4 ms,
// more than it took to run); this form's plan is kept. Then the
// fair choice (FAIR_CHOICE, shared with the channels' sync queue): each candidate's load,
// those past a cap dropped, the rest taken least loaded first. The lock comes last, on the
// chosen rows in that order: SKIP LOCKED passes over those another claim holds and goes on
// to the next, and the takeable test is made again on the row as locked. That row is found
// by its key: with the status test the partial indexes cannot match (takeable), a plan
// made on an empty queue cannot read the due index again for each chosen row.

/**
 * The fair claim over the takeable deliveries `d` of subscriptions `s` that `candidates`
 * reads (the deliveries, or what they are joined to), skipping destinations and sellers
 * at their cap, up to the window; see CLAIM.
 */
function fairClaimSql({ candidates, throughPartialIndexes }: { candidates: string; throughPartialIndexes: boolean }): string {
  return claimSql(`with candidate as (
       select d.id, d.seller_id, ${DESTINATION} as destination, d.next_attempt_at
         from ${candidates}
         join webhook_subscription s on s.id = d.subscription_id
        where ${takeable({ throughPartialIndexes })}
          and d.seller_id <> all(?::uuid[])
          and ${DESTINATION} <> all(?::uuid[])
          and d.id = ${firstOwedOf('d')}
        order by d.next_attempt_at, d.id
        limit ?
     ), ${FAIR_CHOICE}
     select d.id
       from fair f
       join webhook_delivery d on d.id = f.id
       join webhook_subscription s on s.id = d.subscription_id
      where ${takeable({ throughPartialIndexes: false })}
      order by ${FAIR_ORDER}
      limit ?
      for update of d skip locked`);
}

const CLAIM = prepared('ponte_webhook_claim', fairClaimSql({ candidates: 'webhook_delivery d', throughPartialIndexes: true }));

// The same over given deliveries, each found by its key: what a fan-out just made. It reads
// nothing else, so a backlog in the due order ahead of them (a dead destination's hundred
// thousand) costs it nothing; the status test is kept off the partial indexes so that no
// plan reaches them through the due index (see takeable). Joined to the keys one by one
// (not `= any` of them), each key is looked up in its own week's partition only.
const CLAIM_GIVEN = prepared(
  'ponte_webhook_claim_given',
  fairClaimSql({ candidates: 'unnest(?::uuid[]) as given(id) join webhook_delivery d on d.id = given.id', throughPartialIndexes: false }),
);

// Per finished delivery, the first its aggregate still owes (firstOwedOf), then that
// delivery locked by its key in a lateral subquery. Plans here are kept from whatever size
// the table had at the connection's first runs; one free to choose found the owed rows
// through the due index (every due delivery read per probe), hence the status test the
// partial indexes cannot match.
const CLAIM_NEXT_OF_AGGREGATES = prepared(
  'ponte_webhook_claim_next_of_aggregates',
  claimSql(`select next.id
       from (select distinct (
                    select ${firstOwedOf('finished')}
                      from webhook_delivery finished
                     where finished.id = finished_id) as id
               from unnest(?::uuid[]) as finished_id) owed
      cross join lateral (
            select d.id
              from webhook_delivery d
              join webhook_subscription s on s.id = d.subscription_id
             where d.id = owed.id
               and ${takeable({ throughPartialIndexes: false })}
               for update of d skip locked) next
      limit ?`),
);

/**
 * Takes up to `limit` due deliveries and leases them for `leaseMs`, in one statement.
 * SKIP LOCKED lets any number of dispatchers claim side by side without waiting on or
 * double-taking each other's rows. A delivery is due when its time has come, nobody
 * holds a live lease on it, its subscription is active, and no earlier event of the same
 * aggregate is still owed to the same subscription (per-aggregate order). Of those, it
 * takes fairly by `shares` (what this process holds in flight per destination and seller,
 * and their caps): see CLAIM.
 */
export async function claimDueDeliveries(run: RunStatement, limit: number, leaseMs: number, shares: ClaimShares): Promise<ClaimedDelivery[]> {
  // Spans sellers by design: the dispatcher serves every tenant.
  const rows = await run<ClaimRow>(CLAIM, fairClaimParams(limit, leaseMs, shares));
  return rows.map(claimedOf);
}

/**
 * claimDueDeliveries restricted to `ids` (deliveries a fan-out just made): the same rules,
 * each delivery found by its key, so it costs the same whatever else is owed.
 */
export async function claimGivenDeliveries(run: RunStatement, ids: readonly string[], limit: number, leaseMs: number, shares: ClaimShares): Promise<ClaimedDelivery[]> {
  if (ids.length === 0 || limit <= 0) return [];
  const rows = await run<ClaimRow>(CLAIM_GIVEN, [uuidArray(ids), ...fairClaimParams(limit, leaseMs, shares)]);
  return rows.map(claimedOf);
}

function claimedOf(row: ClaimRow): ClaimedDelivery {
  return {
    id: row.id,
    sellerId: row.seller_id,
    subscriptionId: row.subscription_id,
    destination: row.destination,
    leaseToken: row.lease_token,
    attemptNumber: row.attempt_count + 1,
    attemptsInRound: row.attempts_in_round,
    kind: row.kind,
    url: row.url,
    secrets: {
      secret: row.secret,
      previousSecret: row.previous_secret,
      previousSecretExpiresAt: row.previous_secret_expires_at && new Date(row.previous_secret_expires_at),
    },
    event: { id: row.event_id, type: row.event_type, createdAt: new Date(row.event_created_at), payload: row.payload },
  };
}

/**
 * Takes, up to `limit`, the next delivery owed by the aggregates of `finished` (deliveries
 * that just left `pending`/`retrying`) to the same subscriptions, when it is due: what the
 * ordering rule held back until now. The same rule and lease as claimDueDeliveries, but
 * found by one index probe per aggregate rather than by reading the queue in due order
 * past every delivery still held behind an earlier one.
 */
export async function claimNextOfAggregates(run: RunStatement, finished: readonly string[], limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  if (finished.length === 0 || limit <= 0) return [];
  const rows = await run<ClaimRow>(CLAIM_NEXT_OF_AGGREGATES, [uuidArray(finished), limit, leaseMs]);
  return rows.map(claimedOf);
}

export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

/** What recording an attempt changed beyond the delivery: the subscription switched off, and why. */
export interface AttemptConsequences {
  disabled?: Exclude<DisabledReason, 'user'>;
}

/** An attempt made under a lease, with its outcome, waiting to be recorded. */
export interface FinishedAttempt {
  claimed: ClaimedDelivery;
  record: AttemptRecord;
  step: NextStep;
}

/** Per successful attempt: recorded, or why not. */
export type SuccessOutcome = { recorded: true } | { recorded: false; error: unknown };

/**
 * Records attempts and moves their deliveries on, each only while its lease is still
 * ours: a worker that stalled past its lease (and whose delivery another worker took)
 * records nothing for it, so each attempt number is logged once.
 *
 * Successes, the common case, are recorded together in one statement whatever their
 * number: the subscriptions' health, then moving the deliveries and logging the attempts.
 * Both commit together: whoever sees a delivery succeeded also sees its subscription
 * healthy again (the receiver did answer 2xx, so the health is written even if the lease
 * turns out lost). Should the shared statement fail, each is recorded alone, so one bad
 * row costs no other attempt its record.
 */
export async function finishSuccesses(run: RunStatement, attempts: readonly FinishedAttempt[]): Promise<SuccessOutcome[]> {
  try {
    const recorded = await recordAttempts(run, attempts, RECORD_SUCCESSES);
    return attempts.map((attempt) => (recorded.has(attempt.claimed.id) ? { recorded: true } : { recorded: false, error: leaseLost(attempt.claimed) }));
  } catch (batchError) {
    if (attempts.length === 1) return [{ recorded: false, error: batchError }];
    const outcomes: SuccessOutcome[] = [];
    for (const attempt of attempts) outcomes.push(...(await finishSuccesses(run, [attempt])));
    return outcomes;
  }
}

/**
 * Records a failed attempt, with its consequences for the subscription. It locks the
 * subscription before the delivery, the order every writer of both follows (disabling,
 * deleting), so they cannot deadlock.
 */
export async function finishFailure(orm: Orm, attempt: FinishedAttempt, disableAfterMs: number): Promise<AttemptConsequences> {
  return orm.em.fork().transactional(async (em) => {
    const disabled = await recordFailureHealth(em, attempt.claimed, attempt.record, attempt.step, disableAfterMs);
    if (!(await recordAttempts(runWith(em), [attempt], RECORD_ATTEMPTS)).has(attempt.claimed.id)) throw leaseLost(attempt.claimed);
    return disabled ? { disabled } : {};
  });
}

function leaseLost(claimed: ClaimedDelivery): LeaseLostError {
  return new LeaseLostError(`lease on delivery ${claimed.id} was lost before the attempt was recorded`);
}

/**
 * Moves the deliveries whose lease is still ours and logs their attempts (the first on
 * the delivery's own row, later ones as webhook_attempt rows); with
 * `healthCtes` (SUCCESS_HEALTH_CTES), the subscriptions' health first: the gate on
 * `healthy` (a one-time filter, evaluated before any delivery row is read for update)
 * keeps the subscriptions locked before the deliveries. The deliveries are found by key
 * (`= any` of the batch's ids): the planner, counting on a hundred rows from
 * jsonb_to_recordset, found it cheaper to hash the batch and read every delivery of the
 * seller through its index while the table was small, and kept that plan as it grew.
 */
/** What an attempt logs: columns of webhook_attempt, and of the delivery's row as `first_attempt_<column>`. */
const LOGGED = ['at', 'duration_ms', 'status_code', 'response_body', 'error', 'error_detail'] as const;

function recordAttemptsSql(healthCtes?: string): string {
  return `with attempt as (
     select * from jsonb_to_recordset(?::jsonb) as a(
       delivery_id uuid, seller_id uuid, subscription_id uuid, lease_token uuid, id uuid, number int, at timestamptz, duration_ms int,
       status_code int, response_body text, error text, error_detail text, status text, delay_ms float8, finished boolean)
   ), ${healthCtes ? `${healthCtes}, ` : ''}moved as (
     update webhook_delivery d
        set attempt_count = d.attempt_count + 1,
            attempts_in_round = d.attempts_in_round + 1,
            lease_token = null, lease_expires_at = null,
            status = case when d.status in ${OPEN_STATUSES} then a.status else d.status end,
            next_attempt_at = now() + a.delay_ms * interval '1 millisecond',
            completed_at = case when d.status in ${OPEN_STATUSES} and a.finished then now() else d.completed_at end,
            updated_at = now(),
            ${LOGGED.map((column) => `first_attempt_${column} = case when a.number = 1 then a.${column} else d.first_attempt_${column} end`).join(`,
            `)}
       from attempt a
      where d.id = any(array(select delivery_id from attempt))
        and d.id = a.delivery_id and d.seller_id = a.seller_id and d.lease_token = a.lease_token${healthCtes ? `
        and (select count(*) from healthy) >= 0` : ''}
      returning d.id
   ), logged as (
     -- The first attempt is on the delivery's row (above); later ones have rows of their own.
     insert into webhook_attempt (id, seller_id, delivery_id, number, ${LOGGED.join(', ')})
     select a.id, a.seller_id, a.delivery_id, a.number, ${LOGGED.map((column) => `a.${column}`).join(', ')}
       from attempt a join moved on moved.id = a.delivery_id
      where a.number > 1
   )
   select id as delivery_id from moved`;
}

const RECORD_ATTEMPTS = prepared('ponte_webhook_record_attempts', recordAttemptsSql());
const RECORD_SUCCESSES = prepared('ponte_webhook_record_successes', recordAttemptsSql(SUCCESS_HEALTH_CTES));

/** Runs RECORD_ATTEMPTS or RECORD_SUCCESSES; answers the ids recorded. */
async function recordAttempts(run: RunStatement, attempts: readonly FinishedAttempt[], statement: PreparedStatement): Promise<Set<string>> {
  const rows = attempts.map(({ claimed, record, step }) => ({
    delivery_id: claimed.id,
    seller_id: claimed.sellerId,
    subscription_id: claimed.subscriptionId,
    lease_token: claimed.leaseToken,
    id: newId(),
    number: claimed.attemptNumber,
    at: record.at.toISOString(),
    duration_ms: record.durationMs,
    status_code: record.statusCode,
    response_body: record.responseBody,
    error: record.error,
    error_detail: record.errorDetail,
    status: step.status,
    delay_ms: step.status === 'retrying' ? step.delayMs : 0,
    finished: step.status !== 'retrying',
  }));
  const logged = await run<{ delivery_id: string }>(statement, [JSON.stringify(rows)]);
  return new Set(logged.map((row) => row.delivery_id));
}

async function recordFailureHealth(
  em: EntityManager,
  claimed: ClaimedDelivery,
  record: AttemptRecord,
  step: NextStep,
  disableAfterMs: number,
): Promise<AttemptConsequences['disabled']> {
  const failing = await recordFailure(em, claimed.sellerId, claimed.subscriptionId, record.at);
  const reason = step.status === 'failed' && step.gone ? 'gone' : failing?.active && failing.failingForMs >= disableAfterMs ? 'failing' : undefined;
  if (reason && (await disableSubscription(em, claimed.sellerId, claimed.subscriptionId, reason))) return reason;
  return undefined;
}
