import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import { listenForOutbox, type OutboxListener } from '../events/outbox-listener.js';
import { Coalesced } from '../kernel/coalesced.js';
import type { Worker } from '../kernel/workers.js';
import {
  claimDueDeliveries,
  claimNextOfAggregates,
  finishFailure,
  finishSuccesses,
  LeaseLostError,
  type AttemptConsequences,
  type ClaimedDelivery,
  type FinishedAttempt,
  type SuccessOutcome,
} from './delivery-queue.js';
import { dispatcherMetrics, registerInFlightGauges, type DispatcherMetrics } from './dispatcher-metrics.js';
import { FairClaimLoop } from './fair-claim-loop.js';
import { sharedFairShare, type FairShare } from './fair-share.js';
import { fanOutAndClaim, FANOUT_BATCH_SIZE } from './fanout.js';
import { reportGivingUp } from './giving-up.js';
import { nextStep, recordOf } from './outcome.js';
import { policyFor } from './policy.js';
import { QueueDatabase } from './queue-database.js';
import { createSender, type Sender } from './sender.js';
import type { LookupAll } from './ssrf-guard.js';
import { OPEN_STATUSES } from './delivery.entity.js';

export interface DispatcherOptions {
  config: Config;
  orm: Orm;
  logger: Logger;
  metrics?: Registry;
  /** Attempts in flight at once in this process (WEBHOOK_CONCURRENCY unless given). */
  concurrency?: number;
  /** The backstop for lost notifications, retries due and leases of dead workers. */
  pollIntervalMs?: number;
  /** DNS resolution for destinations (the system resolver unless a test names hosts). */
  lookup?: LookupAll;
  /** The dispatcher's own connections (its own over the ORM's URL unless a test wraps them); closed when it stops. */
  queue?: QueueDatabase;
}

const DEFAULT_POLL_INTERVAL_MS = 1000;

/**
 * How long a claim lasts. An attempt is aborted at its timeout, so a lease of twice the
 * timeout (at least a second more) expires only when its worker has died, stalled, or been
 * starved of CPU past it; then another worker takes the delivery and makes that attempt
 * again (at least once: a starved worker's send may still be open, and its record is
 * refused as lease_lost, docs/reliability.md#a-dispatcher-starved-of-cpu).
 */
export function leaseMsFor(timeoutMs: number): number {
  return timeoutMs + Math.max(1000, timeoutMs);
}

/** A successful attempt waiting to be recorded, with whoever awaits its record. */
interface PendingSuccess extends FinishedAttempt {
  done: (outcome: SuccessOutcome) => void;
}

/**
 * The webhook dispatcher: fans committed outbox events out to subscriptions and sends
 * due deliveries. Any number of them run against one database (see delivery-queue.ts).
 * Fan-out, claiming and recording are three loops that never wait on each other: fan-out
 * runs on the outbox's NOTIFY; claiming when fan-out made deliveries, when attempts were
 * recorded (which may release an aggregate's next event), when the next retry is due,
 * and on a poll that covers everything a wake-up could miss; recording takes every
 * attempt that finished since its last run in one batch.
 */
export class Dispatcher implements Worker {
  readonly name = 'webhook-dispatcher';
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly sender: Sender;
  private readonly queue: QueueDatabase;
  private readonly metrics: DispatcherMetrics;
  /** The attempts in flight per destination and seller, against their caps: the claims' fairness. */
  private readonly shares: FairShare;
  /** The slots and their fair claim (shared with the channels' sync worker). */
  private readonly slots: FairClaimLoop<ClaimedDelivery>;
  /**
   * The last claim left no slot free, so more may be due than there were slots: someone
   * may be waiting for one (see sendNextOfAggregates).
   */
  private behind = false;
  /** A claim found every free slot reserved: the fan-out wakes it again once it is done. */
  private claimDeferred = false;
  private readonly fanOut = new Coalesced(() => this.fanOutCommitted());
  private readonly claim = new Coalesced(() => this.claimAndSend());
  private readonly record = new Coalesced(() => this.recordSucceeded());
  private succeeded: PendingSuccess[] = [];
  private listener: OutboxListener | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private dueTimer: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(private readonly options: DispatcherOptions) {
    const { config } = options;
    const concurrency = options.concurrency ?? config.webhookConcurrency;
    this.shares = sharedFairShare(options, { perDestination: config.webhookDestinationMaxInFlight, perSeller: config.webhookSellerMaxInFlight });
    this.slots = new FairClaimLoop({
      concurrency,
      headroom: Math.min(config.webhookReservedSlots, concurrency),
      shares: this.shares,
      claim: (limit, shares) => claimDueDeliveries(this.queue.run, limit, this.leaseMs, shares),
      holder: (delivery) => delivery,
      attempt: (delivery) => this.attempt(delivery),
      // A recorded attempt frees its slot, and may have made its aggregate's next delivery due.
      ended: () => this.wake(this.claim),
    });
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.leaseMs = leaseMsFor(config.webhookTimeoutMs);
    this.metrics = dispatcherMetrics(options.metrics);
    if (options.metrics) registerInFlightGauges(options.metrics, this.shares);
    this.queue = options.queue ?? new QueueDatabase(options.orm.config.get('clientUrl')!, options.logger);
    this.sender = createSender({
      timeoutMs: config.webhookTimeoutMs,
      allowPrivate: config.webhookAllowPrivateTargets,
      lookup: options.lookup,
    });
  }

  async start(): Promise<void> {
    const newEvents = () => this.wake(this.fanOut);
    this.listener = await listenForOutbox({
      databaseUrl: this.options.orm.config.get('clientUrl')!,
      onNotification: newEvents,
      onReconnect: newEvents,
      logger: this.options.logger,
    });
    this.pollTimer = setInterval(() => {
      this.slots.forgetFutile();
      this.wake(this.fanOut);
      this.wake(this.claim);
    }, this.pollIntervalMs);
    this.wake(this.fanOut);
    this.wake(this.claim);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.slots.stop();
    clearInterval(this.pollTimer);
    clearTimeout(this.dueTimer);
    await this.listener?.close();
    await this.fanOut.idle();
    await this.claim.idle();
    // Each attempt in flight resolves once its record is written; a record may have
    // claimed its aggregates' next deliveries just before (recordSucceeded).
    await this.slots.drained();
    await this.sender.close();
    await this.queue.close();
  }

  private wake(loop: Coalesced): void {
    if (!this.stopping) loop.trigger();
  }

  private async fanOutCommitted(): Promise<void> {
    try {
      let taken: number;
      do {
        // The claim runs in the fan-out's transaction, so it needs no wake-up of its own:
        // with slots left it took everything due; with none, the attempts' ends claim next.
        try {
          taken = await this.slots.withFreeSlotsReserved(async (free) => {
            const batch = await fanOutAndClaim(this.queue, { limit: free, leaseMs: this.leaseMs, shares: this.shares.shares() });
            if (batch.claimed.length > 0) this.behind = batch.claimed.length >= free;
            this.slots.send(batch.claimed);
            // Its claim saw what was committed when it ran: a predecessor recorded after that,
            // whose own wake-up ran before this commit, released a delivery nobody has looked
            // at since. Without this the poll would find it, up to a second later.
            if (batch.made > batch.claimed.length) {
              this.slots.forgetFutile();
              this.wake(this.claim);
            }
            return batch.taken;
          });
        } finally {
          if (this.claimDeferred) {
            this.claimDeferred = false;
            this.wake(this.claim);
          }
        }
      } while (taken >= FANOUT_BATCH_SIZE && !this.stopping);
    } catch (error) {
      this.options.logger.error({ err: error }, 'webhook fan-out failed; the poll retries');
    }
  }

  /**
   * Claims for every free slot, fairly (FairClaimLoop, docs/webhooks.md#fair-claiming).
   * Attempts recorded in one batch end together and trigger one claim, so while busy a
   * claim takes about as many deliveries as the last batch recorded.
   */
  private async claimAndSend(): Promise<void> {
    try {
      if (this.slots.freeSlots() <= 0) {
        this.claimDeferred = this.slots.filling;
        this.behind = true;
        return;
      }
      const claimedAny = await this.slots.claimFairly();
      this.behind = this.slots.freeSlots() <= 0;
      // With attempts under way, their ends trigger the next claim.
      if (!claimedAny) await this.wakeWhenNextDue();
    } catch (error) {
      this.options.logger.error({ err: error }, 'webhook claim failed; the poll retries');
    }
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const { config, logger } = this.options;
    const policy = policyFor(delivery.kind);
    const body = JSON.stringify(policy.body(delivery.event));
    const headers = policy.headers({ deliveryId: delivery.id, attempt: delivery.attemptNumber, timestamp: new Date(), body, secrets: delivery.secrets });
    const result = await this.sender.send({ url: delivery.url, headers, body, requireHttps: policy.requireHttps });
    if (result.failure?.blockedAddress) {
      logger.warn({ deliveryId: delivery.id, url: delivery.url, address: result.failure.blockedAddress }, 'webhook destination resolved to a blocked address');
    }
    const record = recordOf(result, policy);
    this.metrics.attempted(record);
    const step = nextStep(record, {
      retryAfter: result.retryAfter,
      attemptsInRound: delivery.attemptsInRound + 1,
      maxAttempts: policy.maxAttempts(config),
      backoff: { baseMs: config.webhookBackoffBaseMs, maxMs: config.webhookBackoffMaxMs },
      now: new Date(),
    });
    try {
      const consequences = await this.finish({ claimed: delivery, record, step });
      reportGivingUp({ logger, metrics: this.metrics }, delivery, step, consequences);
    } catch (error) {
      // The lease runs out and another worker makes this attempt again: at least once.
      const leaseLost = error instanceof LeaseLostError;
      this.metrics.unrecorded(leaseLost ? 'lease_lost' : 'error');
      logger[leaseLost ? 'warn' : 'error']({ err: error, deliveryId: delivery.id }, 'webhook attempt not recorded');
    }
  }

  /**
   * Successes join the next batch record. A failure is recorded at once in its own
   * transaction: it may wait on its subscription's row, and must not hold up the others.
   */
  private async finish(attempt: FinishedAttempt): Promise<AttemptConsequences> {
    if (attempt.step.status !== 'succeeded') return finishFailure(this.options.orm, attempt, this.options.config.webhookDisableAfterMs);
    const outcome = await new Promise<SuccessOutcome>((done) => {
      this.succeeded.push({ ...attempt, done });
      this.record.trigger();
    });
    if (!outcome.recorded) throw outcome.error;
    return {};
  }

  /**
   * Records every success since the last run, together; then their slots, before they
   * are freed, go to their aggregates' next deliveries.
   */
  private async recordSucceeded(): Promise<void> {
    const batch = this.succeeded;
    this.succeeded = [];
    if (batch.length === 0) return;
    const outcomes = await finishSuccesses(this.queue.run, batch);
    await this.sendNextOfAggregates(batch.filter((_, index) => outcomes[index]!.recorded));
    batch.forEach((pending, index) => pending.done(outcomes[index]!));
  }

  /**
   * An aggregate's next delivery becomes takeable only once its predecessor's success is
   * recorded: claimed here, on the record's connection, it is sent without waiting for a
   * claim of its own, which reads the queue in due order past everything still held
   * behind an earlier delivery. Each takes the slot of its predecessor, of the same
   * destination and seller, so no cap is passed. While deliveries wait for slots
   * (`behind`), only half the slots are handed on this way: the others go back to the
   * fair claim, or a seller whose aggregates keep their slots from one event to the next
   * would hold them for as long as its backlog lasts. What they leave, and every other
   * delivery, the claim loop takes.
   */
  private async sendNextOfAggregates(recorded: readonly PendingSuccess[]): Promise<void> {
    const limit = this.behind ? Math.floor(recorded.length / 2) : recorded.length;
    if (limit === 0 || this.stopping) return;
    try {
      this.slots.send(await claimNextOfAggregates(this.queue.run, recorded.map((attempt) => attempt.claimed.id), limit, this.leaseMs));
    } catch (error) {
      this.options.logger.warn({ err: error }, "claiming aggregates' next deliveries failed; the claim loop takes them");
    }
  }

  /** Retries are due at exact times; waiting for the poll would stretch short backoffs. */
  private async wakeWhenNextDue(): Promise<void> {
    const [row] = await this.options.orm.em.fork().execute<{ ms: number | null }[]>(
      `select extract(epoch from min(next_attempt_at) - now()) * 1000 as ms
         from webhook_delivery
        where status in ${OPEN_STATUSES} and next_attempt_at > now()`,
    );
    const ms = row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
    if (ms === null || ms >= this.pollIntervalMs || this.stopping) return;
    clearTimeout(this.dueTimer);
    this.dueTimer = setTimeout(() => {
      this.slots.forgetFutile();
      this.wake(this.claim);
    }, Math.max(0, Math.ceil(ms)));
  }
}
