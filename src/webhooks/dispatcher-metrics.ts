import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { FairShare } from './fair-share.js';
import type { AttemptRecord } from './outcome.js';
import type { DisabledReason } from './subscription.entity.js';

/** What the dispatcher reports at the process's `/metrics`. */
export interface DispatcherMetrics {
  attempted(record: AttemptRecord): void;
  /** An attempt made but not recorded (lease lost, database error): it will be made again. */
  unrecorded(reason: 'lease_lost' | 'error'): void;
  /** A delivery that used its last attempt (or got 410 Gone) and will not be tried again by itself. */
  exhausted(): void;
  /** A subscription the dispatcher switched off. */
  disabled(reason: Exclude<DisabledReason, 'user'>): void;
}

export function dispatcherMetrics(registry: Registry | undefined): DispatcherMetrics {
  const registers = registry ? [registry] : [];
  const attempts = new Counter({
    name: 'ponte_webhook_attempts_total',
    help: 'Webhook delivery attempts by result: success or the error class',
    labelNames: ['result'],
    registers,
  });
  const duration = new Histogram({
    name: 'ponte_webhook_attempt_duration_seconds',
    help: 'Webhook delivery attempt duration by result',
    labelNames: ['result'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const unrecorded = new Counter({
    name: 'ponte_webhook_attempts_unrecorded_total',
    help: 'Attempts whose outcome could not be recorded and that will be made again',
    labelNames: ['reason'],
    registers,
  });
  const exhausted = new Counter({
    name: 'ponte_webhook_deliveries_exhausted_total',
    help: 'Deliveries that failed for good: their last attempt failed, or the receiver answered 410 Gone',
    registers,
  });
  const disabled = new Counter({
    name: 'ponte_webhook_subscriptions_disabled_total',
    help: 'Subscriptions the dispatcher switched off: gone (410) or failing (for WEBHOOK_DISABLE_AFTER_MS)',
    labelNames: ['reason'],
    registers,
  });
  return {
    attempted: (record) => {
      const result = record.error ?? 'success';
      attempts.inc({ result });
      duration.observe({ result }, record.durationMs / 1000);
    },
    unrecorded: (reason) => unrecorded.inc({ reason }),
    exhausted: () => exhausted.inc(),
    disabled: (reason) => disabled.inc({ reason }),
  };
}

/**
 * Destinations shown by name in `ponte_webhook_destination_in_flight`: the ones holding the
 * most in this process. A label per destination would make a series for every one of
 * thousands of subscriptions; these few, plus the totals, say who is taking the slots.
 */
export const NAMED_DESTINATIONS = 10;

/** This process's attempts in flight, read from its fairness ledger when `/metrics` is scraped. */
export function registerInFlightGauges(registry: Registry, shares: FairShare): void {
  const registers = [registry];
  new Gauge({
    name: 'ponte_webhook_in_flight',
    help: "Attempts this dispatcher process has in flight (WEBHOOK_CONCURRENCY at most)",
    registers,
    collect() {
      this.set(shares.total());
    },
  });
  new Gauge({
    name: 'ponte_webhook_destinations_at_cap',
    help: 'Destinations and sellers holding as many attempts in flight in this process as their cap allows (WEBHOOK_DESTINATION_MAX_IN_FLIGHT, WEBHOOK_SELLER_MAX_IN_FLIGHT)',
    registers,
    collect() {
      this.set(shares.fullCount());
    },
  });
  new Gauge({
    name: 'ponte_webhook_destination_in_flight',
    help: `Attempts in flight in this process for the ${NAMED_DESTINATIONS} destinations holding the most (destination = subscription id, or an application registration's id)`,
    labelNames: ['destination'],
    registers,
    collect() {
      // Only this scrape's leaders: a destination that left the list leaves no stale series behind.
      this.reset();
      for (const [destination, count] of shares.busiestDestinations(NAMED_DESTINATIONS)) this.set({ destination }, count);
    },
  });
}
