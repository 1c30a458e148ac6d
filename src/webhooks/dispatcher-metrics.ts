import { Counter, Histogram, type Registry } from 'prom-client';
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
