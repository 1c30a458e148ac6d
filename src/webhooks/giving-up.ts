import type { Logger } from 'pino';
import type { AttemptConsequences, ClaimedDelivery } from './delivery-queue.js';
import type { DispatcherMetrics } from './dispatcher-metrics.js';
import type { NextStep } from './outcome.js';

/**
 * Operator events: when the dispatcher gives up on a delivery (its last attempt failed,
 * or 410 Gone) or switches a subscription off, it says so in one warning log line with a
 * stable `event` name (`webhook.delivery_exhausted`, `webhook.subscription_disabled`)
 * and in a counter, so an alert can follow either. The seller sees both in the delivery
 * log and the subscription's health.
 */
export function reportGivingUp(
  { logger, metrics }: { logger: Logger; metrics: DispatcherMetrics },
  delivery: ClaimedDelivery,
  step: NextStep,
  { disabled }: AttemptConsequences,
): void {
  const about = { sellerId: delivery.sellerId, subscriptionId: delivery.subscriptionId, kind: delivery.kind };
  if (step.status === 'failed') {
    metrics.exhausted();
    logger.warn(
      { event: 'webhook.delivery_exhausted', ...about, deliveryId: delivery.id, eventType: delivery.event.type, attempts: delivery.attemptNumber, gone: step.gone },
      'webhook delivery failed for good: no more automatic attempts',
    );
  }
  if (disabled) {
    metrics.disabled(disabled);
    logger.warn({ event: 'webhook.subscription_disabled', ...about, reason: disabled }, 'webhook subscription disabled');
  }
}
