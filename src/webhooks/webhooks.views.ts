import { isOpen, type AttemptError, type AttemptLog, type DeliveryStatus, type WebhookDelivery } from './delivery.entity.js';
import { healthOf, type Health } from './subscription-health.js';
import type { DisabledReason, WebhookSubscription } from './subscription.entity.js';

/** What REST and GraphQL show of a subscription (never its secret). */
export interface SubscriptionView {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  active: boolean;
  health: Health;
  consecutiveFailures: number;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  disabledAt: string | null;
  disabledReason: DisabledReason | null;
  createdAt: string;
  updatedAt: string;
}

export interface AttemptView {
  number: number;
  at: string;
  durationMs: number;
  statusCode: number | null;
  responseBody: string | null;
  error: AttemptError | null;
  errorDetail: string | null;
}

export interface DeliveryView {
  id: string;
  /** The seller whose event it is (an application's log spans the sellers that installed it). */
  sellerId: string;
  subscriptionId: string;
  eventId: string;
  event: string;
  aggregateType: string;
  aggregateId: string;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: string | null;
  createdAt: string;
  completedAt: string | null;
  payload: unknown;
  /** The reader's scopes cannot read this event: `payload` has no `data`, attempts no `responseBody`. */
  dataWithheld: boolean;
  attempts: AttemptView[];
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function subscriptionView(subscription: WebhookSubscription): SubscriptionView {
  return {
    id: subscription.id,
    url: subscription.url,
    events: subscription.events,
    description: subscription.description,
    active: subscription.active,
    health: healthOf(subscription),
    consecutiveFailures: subscription.consecutiveFailures,
    lastSuccessAt: iso(subscription.lastSuccessAt),
    lastFailureAt: iso(subscription.lastFailureAt),
    disabledAt: iso(subscription.disabledAt),
    disabledReason: subscription.disabledReason,
    createdAt: subscription.createdAt.toISOString(),
    updatedAt: subscription.updatedAt.toISOString(),
  };
}

/**
 * The attempts a delivery's view lists: its latest ones, oldest first (`attemptCount`
 * counts them all). Redeliveries and recoveries each start a round, so a delivery's
 * attempts have no bound of their own; a view's do (and GraphQL prices them by it).
 */
export const DELIVERY_ATTEMPTS_SHOWN = 20;

/** One attempt, numbered, wherever its log is kept (the delivery's row or a row of its own). */
export type LoggedAttempt = { number: number } & AttemptLog;

export function attemptView(attempt: LoggedAttempt, { withheld = false } = {}): AttemptView {
  return {
    number: attempt.number,
    at: attempt.at.toISOString(),
    durationMs: attempt.durationMs,
    statusCode: attempt.statusCode,
    responseBody: withheld ? null : attempt.responseBody,
    error: attempt.error,
    errorDetail: attempt.errorDetail,
  };
}

export function deliveryView(
  delivery: WebhookDelivery,
  attempts: readonly LoggedAttempt[],
  { payload, withheld = false }: { payload: unknown; withheld?: boolean },
): DeliveryView {
  return {
    id: delivery.id,
    sellerId: delivery.seller,
    subscriptionId: delivery.subscription,
    eventId: delivery.event,
    event: delivery.eventType,
    aggregateType: delivery.aggregateType,
    aggregateId: delivery.aggregateId,
    status: delivery.status,
    attemptCount: delivery.attemptCount,
    nextAttemptAt: isOpen(delivery.status) ? delivery.nextAttemptAt.toISOString() : null,
    createdAt: delivery.createdAt.toISOString(),
    completedAt: iso(delivery.completedAt),
    payload,
    dataWithheld: withheld,
    attempts: attempts.map((attempt) => attemptView(attempt, { withheld })),
  };
}
