import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import { listenForOutbox, type OutboxListener } from '../events/outbox-listener.js';
import type { Worker } from '../kernel/workers.js';
import { claimDueDeliveries, finishAttempt, LeaseLostError, type ClaimedDelivery } from './delivery-queue.js';
import { dispatcherMetrics, type DispatcherMetrics } from './dispatcher-metrics.js';
import { fanOutBatch } from './fanout.js';
import { reportGivingUp } from './giving-up.js';
import { nextStep, recordOf } from './outcome.js';
import { policyFor } from './policy.js';
import { createSender, type Sender } from './sender.js';
import type { LookupAll } from './ssrf-guard.js';

export interface DispatcherOptions {
  config: Config;
  orm: Orm;
  logger: Logger;
  metrics?: Registry;
  /** Attempts in flight at once in this process. */
  concurrency?: number;
  /** The backstop for lost notifications, retries due and leases of dead workers. */
  pollIntervalMs?: number;
  /** DNS resolution for destinations (the system resolver unless a test names hosts). */
  lookup?: LookupAll;
}

const DEFAULT_CONCURRENCY = 32;
const DEFAULT_POLL_INTERVAL_MS = 1000;

/**
 * How long a claim lasts. An attempt cannot outlive its timeout, so a lease of twice the
 * timeout (at least a second more) expires only when its worker has died or stalled;
 * then another worker takes the delivery and makes that attempt again.
 */
export function leaseMsFor(timeoutMs: number): number {
  return timeoutMs + Math.max(1000, timeoutMs);
}

/**
 * The webhook dispatcher: fans committed outbox events out to subscriptions and sends
 * due deliveries. Any number of them run against one database (see delivery-queue.ts).
 * It wakes on the outbox's NOTIFY, when an attempt finishes, when the next retry is due,
 * and on a poll that covers everything a wake-up could miss.
 */
export class Dispatcher implements Worker {
  readonly name = 'webhook-dispatcher';
  private readonly concurrency: number;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly sender: Sender;
  private readonly metrics: DispatcherMetrics;
  private readonly inFlight = new Set<Promise<void>>();
  private listener: OutboxListener | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private dueTimer: NodeJS.Timeout | undefined;
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;
  private fanOutDue = true;
  private stopping = false;

  constructor(private readonly options: DispatcherOptions) {
    const { config } = options;
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.leaseMs = leaseMsFor(config.webhookTimeoutMs);
    this.metrics = dispatcherMetrics(options.metrics);
    this.sender = createSender({
      timeoutMs: config.webhookTimeoutMs,
      allowPrivate: config.webhookAllowPrivateTargets,
      lookup: options.lookup,
    });
  }

  async start(): Promise<void> {
    const newEvents = () => {
      this.fanOutDue = true;
      this.wake();
    };
    this.listener = await listenForOutbox({
      databaseUrl: this.options.orm.config.get('clientUrl')!,
      onNotification: newEvents,
      onReconnect: newEvents,
      logger: this.options.logger,
    });
    this.pollTimer = setInterval(newEvents, this.pollIntervalMs);
    newEvents();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.pollTimer);
    clearTimeout(this.dueTimer);
    await this.listener?.close();
    await this.pumping;
    await Promise.all(this.inFlight);
    await this.sender.close();
  }

  private wake(): void {
    if (this.stopping) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = undefined;
    });
  }

  private async pump(): Promise<void> {
    try {
      let drained = false;
      do {
        this.pumpAgain = false;
        if (this.fanOutDue) {
          this.fanOutDue = false;
          while ((await fanOutBatch(this.options.orm)) > 0);
        }
        drained = await this.claimAndSend();
      } while (this.pumpAgain && !this.stopping);
      if (drained) await this.wakeWhenNextDue();
    } catch (error) {
      this.options.logger.error({ err: error }, 'webhook dispatcher cycle failed; the poll retries');
    }
  }

  /**
   * Claims for the free slots, in batches while busy (a finished attempt wakes the loop,
   * and claiming for each one alone would cost a query per delivery). Answers whether
   * nothing more was due, so the next wake-up must come from a timer.
   */
  private async claimAndSend(): Promise<boolean> {
    const free = this.concurrency - this.inFlight.size;
    const batch = Math.max(1, Math.floor(this.concurrency / 4));
    if (this.stopping || (free < batch && this.inFlight.size > 0)) return false;
    const claimed = await claimDueDeliveries(this.options.orm, free, this.leaseMs);
    for (const delivery of claimed) {
      const attempt = this.attempt(delivery).finally(() => {
        this.inFlight.delete(attempt);
        this.wake();
      });
      this.inFlight.add(attempt);
    }
    return claimed.length < free;
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const { config, orm, logger } = this.options;
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
      const consequences = await finishAttempt(orm, delivery, record, step, config.webhookDisableAfterMs);
      reportGivingUp({ logger, metrics: this.metrics }, delivery, step, consequences);
    } catch (error) {
      // The lease runs out and another worker makes this attempt again: at least once.
      const leaseLost = error instanceof LeaseLostError;
      this.metrics.unrecorded(leaseLost ? 'lease_lost' : 'error');
      logger[leaseLost ? 'warn' : 'error']({ err: error, deliveryId: delivery.id }, 'webhook attempt not recorded');
    }
  }

  /** Retries are due at exact times; waiting for the poll would stretch short backoffs. */
  private async wakeWhenNextDue(): Promise<void> {
    const [row] = await this.options.orm.em.fork().execute<{ ms: number | null }[]>(
      `select extract(epoch from min(next_attempt_at) - now()) * 1000 as ms
         from webhook_delivery
        where status in ('pending', 'retrying') and next_attempt_at > now()`,
    );
    const ms = row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
    if (ms === null || ms >= this.pollIntervalMs || this.stopping) return;
    clearTimeout(this.dueTimer);
    this.dueTimer = setTimeout(() => this.wake(), Math.max(0, Math.ceil(ms)));
  }
}
