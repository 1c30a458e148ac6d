import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { createTestSeller, startTestApp, type TestApp } from '../support/app.js';
import { emit, startDispatcher, subscribe } from './fixtures.js';
import { startReceiver } from './receiver.js';

describe('webhook ordering', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('delivers one aggregate\'s events in commit order under retries, while other aggregates go on', async () => {
    const seller = await createTestSeller(server.orm);
    let holdA = true;
    const hook = await startReceiver((request) =>
      request.envelope.data.aggregate === 'A' && request.envelope.data.seq === 1 && holdA ? { status: 500 } : { status: 200, delayMs: 5 },
    );
    const created = await subscribe(server, seller, { url: hook.url });
    hook.secrets = [created.secret];
    const env = { WEBHOOK_MAX_ATTEMPTS: '100', WEBHOOK_BACKOFF_BASE_MS: '10', WEBHOOK_BACKOFF_MAX_MS: '40' };
    // Two dispatchers at once: the order must hold across workers, not only inside one.
    const dispatchers: Dispatcher[] = [await startDispatcher(server, { env }), await startDispatcher(server, { env })];
    try {
      for (let seq = 1; seq <= 5; seq++) {
        for (const aggregate of ['A', 'B', 'C']) {
          await emit(server.orm, seller.id, [{ aggregateId: `order-${aggregate}`, data: { aggregate, seq } }]);
        }
      }
      const successes = (aggregate: string) =>
        hook.requests.filter((request) => request.envelope.data.aggregate === aggregate && request.replied === 200);

      // B and C complete while A's first event is still being retried.
      await hook.waitFor((requests) => ['B', 'C'].every((aggregate) => requests.filter((request) => request.envelope.data.aggregate === aggregate).length === 5));
      await hook.waitFor((requests) => requests.filter((request) => request.envelope.data.aggregate === 'A').length >= 3);
      const seenOfA = hook.requests.filter((request) => request.envelope.data.aggregate === 'A');
      expect(seenOfA.every((request) => request.envelope.data.seq === 1 && request.replied === 500)).toBe(true);

      holdA = false;
      await hook.waitFor(() => successes('A').length === 5);
      for (const aggregate of ['A', 'B', 'C']) {
        expect(successes(aggregate).map((request) => request.envelope.data.seq), aggregate).toEqual([1, 2, 3, 4, 5]);
      }
      expect(hook.requests.every((request) => request.verifiedWith.length === 1)).toBe(true);
    } finally {
      await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop()));
      await hook.close();
    }
  });
});
