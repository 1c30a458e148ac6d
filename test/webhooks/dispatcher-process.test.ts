import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkForSeller } from '../../src/db/orm.js';
import { SCOPES } from '../../src/auth/scopes.js';
import { createSubscription } from '../../src/webhooks/subscription-service.js';
import { createTestSeller } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import type { RunningProcess } from '../support/process.js';
import { emit, openDeliveries, startDispatcherProcess as startDispatcher } from './fixtures.js';
import { startReceiver, waitUntil, type Receiver } from './receiver.js';

const AGGREGATES = 200;
const EVENTS_PER_AGGREGATE = 10;
const TOTAL = AGGREGATES * EVENTS_PER_AGGREGATE;

describe('dispatcher processes', () => {
  let database: TestDatabase;
  let receiver: Receiver;
  const processes: RunningProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // Each answer takes a moment, so two sends of one attempt at once would overlap and be seen.
    receiver = await startReceiver(() => ({ status: 200, delayMs: 3 }));
  });
  afterAll(async () => {
    for (const running of processes) running.child.kill('SIGKILL');
    await receiver.close();
    await database.drop();
  });

  function startDispatcherProcess(): RunningProcess {
    const running = startDispatcher(database.url);
    processes.push(running);
    return running;
  }

  it('serves only /health/* and /metrics with ROLE=dispatcher', async () => {
    const dispatcher = startDispatcherProcess();
    const [, url] = await dispatcher.waitFor(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/);
    expect((await fetch(`${url}/health/live`)).status).toBe(200);
    expect((await fetch(`${url}/health/ready`)).status).toBe(200);
    expect((await fetch(`${url}/metrics`)).status).toBe(200);
    for (const path of ['/graphql', '/webhooks/assinaturas', '/openapi.json']) {
      expect((await fetch(`${url}${path}`)).status, path).toBe(404);
    }
    dispatcher.child.kill('SIGTERM');
    expect(await dispatcher.exited).toBe(0);
  });

  it('loses nothing when a dispatcher is SIGKILLed mid-run, and two never send one delivery at once', async () => {
    const seller = await createTestSeller(database.orm);
    const { secret } = await createSubscription(forkForSeller(database.orm, seller.id), { sellerId: seller.id, scopes: new Set(SCOPES) }, { url: receiver.url, events: ['*'] }, { webhookAllowPrivateTargets: true, webhookSubscriptionsMax: 1 });
    receiver.secrets = [secret];
    for (let round = 0; round < EVENTS_PER_AGGREGATE; round++) {
      const events = Array.from({ length: AGGREGATES }, (_, aggregate) => ({ aggregateId: `order-${aggregate}`, data: { aggregate, seq: round + 1 } }));
      await emit(database.orm, seller.id, events);
    }

    const first = startDispatcherProcess();
    const second = startDispatcherProcess();
    const unique = () => new Set(receiver.requests.map((request) => request.envelope.id)).size;
    await waitUntil(() => unique() >= TOTAL / 4, 30_000, () => `${unique()} delivered`);
    first.child.kill('SIGKILL');
    await first.exited;
    const deliveredAtKill = unique();
    const restarted = startDispatcherProcess();

    await waitUntil(async () => (await openDeliveries(database.orm)) === 0 && unique() === TOTAL, 45_000, () => `${unique()} delivered`);
    const [, restartedUrl] = await restarted.waitFor(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/);
    const metrics = await (await fetch(`${restartedUrl}/metrics`)).text();
    expect(Number(/ponte_webhook_attempts_total\{result="success"\} (\d+)/.exec(metrics)?.[1])).toBeGreaterThan(0);
    for (const running of [second, restarted]) running.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await restarted.exited).toBe(0);

    const duplicates = receiver.requests.length - unique();
    console.log(`crash test: ${TOTAL} events, ${unique()} delivered (lost ${TOTAL - unique()}), ${duplicates} duplicates, ${deliveredAtKill} delivered when one dispatcher was killed`);
    expect(unique()).toBe(TOTAL);
    expect(receiver.maxConcurrentPerAttempt()).toBe(1);
    expect(receiver.requests.every((request) => request.verifiedWith.length === 1)).toBe(true);
    // Per aggregate, the first receipt of each event follows the sequence.
    const firstSeen = new Map<string, number[]>();
    const seenEvents = new Set<string>();
    for (const request of receiver.requests) {
      if (seenEvents.has(request.envelope.id)) continue;
      seenEvents.add(request.envelope.id);
      const key = String(request.envelope.data.aggregate);
      firstSeen.set(key, [...(firstSeen.get(key) ?? []), Number(request.envelope.data.seq)]);
    }
    for (const sequence of firstSeen.values()) expect(sequence).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const [counts] = await database.orm.em.fork().execute<{ succeeded: string; attempts: string }[]>(
      `select (select count(*) from webhook_delivery where status = 'succeeded') as succeeded, (select count(*) from webhook_attempt) as attempts`,
    );
    expect(Number(counts!.succeeded)).toBe(TOTAL);
    expect(Number(counts!.attempts)).toBe(TOTAL);
  }, 90_000);
});
