import type { Exchange, OrderLoad } from '../orders/load.js';

/**
 * Exchanges counted by what came back ("503 UNAVAILABLE problem+json Retry-After",
 * "network"), so an assertion that fails shows the whole spread of answers at once.
 */
export function describeExchanges(exchanges: Exchange[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const exchange of exchanges) {
    const parts = [String(exchange.status)];
    if (exchange.code) parts.push(exchange.code);
    if (exchange.contentType?.startsWith('application/problem+json')) parts.push('problem+json');
    if (exchange.retryAfter) parts.push('Retry-After');
    const label = parts.join(' ');
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}

/** What an order load went through: the figures docs/reliability.md reports. */
export function loadFigures(load: OrderLoad): Record<string, number> {
  const acknowledged = load.acknowledged();
  return {
    ordersAcknowledged: acknowledged.length,
    acknowledgedAfterRetry: acknowledged.filter((order) => order.failedAttempts > 0).length,
    // A retry answered 200: an attempt whose answer was lost had committed the order.
    foundByRetry: acknowledged.filter((order) => order.failedAttempts > 0 && order.acknowledged!.status === 200).length,
    requests: load.exchanges.length,
  };
}

/** One line for the test log: the database outage run in figures. */
export function outageFigures(load: OrderLoad, outage: { from: number; until: number; backAt: number }): string {
  const firstSuccess = load.exchanges.find((exchange) => exchange.sentAt >= outage.backAt && typeof exchange.status === 'number' && exchange.status < 300);
  const whileDown = load.exchanges.filter((exchange) => exchange.sentAt >= outage.from && exchange.receivedAt <= outage.until);
  return `database outage: ${JSON.stringify({
    ...loadFigures(load),
    downMs: outage.until - outage.from,
    answersWhileDown: describeExchanges(whileDown),
    recoveryMs: firstSuccess ? firstSuccess.receivedAt - outage.backAt : null,
    allAnswers: describeExchanges(load.exchanges),
  })}`;
}
