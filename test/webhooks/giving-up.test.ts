import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/auth/scopes.js';
import { forkForSeller } from '../../src/db/orm.js';
import { createSubscription } from '../../src/webhooks/subscription.service.js';
import { createTestSeller } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { emit, startDispatcherProcess } from './fixtures.js';
import { startReceiver, waitUntil, type Receiver } from './receiver.js';

/** The JSON log lines of a process that carry an operator event. */
function operatorEvents(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"event":"webhook.'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('when the dispatcher gives up', () => {
  let database: TestDatabase;
  let failing: Receiver;
  let gone: Receiver;
  beforeAll(async () => {
    database = await createTestDatabase();
    failing = await startReceiver(() => ({ status: 500 }));
    gone = await startReceiver(() => ({ status: 410 }));
  });
  afterAll(async () => {
    await failing.close();
    await gone.close();
    await database.drop();
  });

  it('logs an operator event and counts it when a delivery is exhausted or a subscription disabled', async () => {
    const seller = await createTestSeller(database.orm);
    const caller = { sellerId: seller.id, scopes: new Set(SCOPES) };
    const limits = { webhookAllowPrivateTargets: true, webhookSubscriptionsMax: 5 };
    const em = () => forkForSeller(database.orm, seller.id);
    const { subscription: toFailing } = await createSubscription(em(), caller, { url: failing.url, events: ['*'] }, limits);
    const { subscription: toGone } = await createSubscription(em(), caller, { url: gone.url, events: ['*'] }, limits);

    const dispatcher = startDispatcherProcess(database.url, { WEBHOOK_MAX_ATTEMPTS: '2' });
    try {
      const [, url] = await dispatcher.waitFor(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/);
      await emit(database.orm, seller.id, [{ aggregateId: 'given-up' }]);
      await waitUntil(() => operatorEvents(dispatcher.output()).length === 3);

      const events = operatorEvents(dispatcher.output());
      const exhausted = events.filter((event) => event.event === 'webhook.delivery_exhausted');
      expect(exhausted.map((event) => [event.subscriptionId, event.attempts, event.gone])).toEqual(
        expect.arrayContaining([
          [toFailing.id, 2, false],
          [toGone.id, 1, true],
        ]),
      );
      expect(exhausted.every((event) => event.level === 40 && event.sellerId === seller.id && event.eventType === 'pedido.status_alterado')).toBe(true);
      expect(events.filter((event) => event.event === 'webhook.subscription_disabled')).toEqual([
        expect.objectContaining({ level: 40, subscriptionId: toGone.id, reason: 'gone', msg: 'webhook subscription disabled' }),
      ]);

      const metrics = await (await fetch(`${url}/metrics`)).text();
      expect(metrics).toMatch(/^ponte_webhook_deliveries_exhausted_total 2$/m);
      expect(metrics).toMatch(/^ponte_webhook_subscriptions_disabled_total\{reason="gone"\} 1$/m);
    } finally {
      dispatcher.child.kill('SIGTERM');
      await dispatcher.exited;
    }
  });
});
