import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forkForSeller } from '../../src/db/orm.js';
import { SCOPES } from '../../src/auth/scopes.js';
import { createSubscription } from '../../src/webhooks/subscription.service.js';
import { createTestSeller } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { PROCESS_STEP_MS, type RunningProcess } from '../support/process.js';
import { ATTEMPTS_OF_D, emit, openDeliveries, startDispatcherProcess as startDispatcher } from './fixtures.js';
import { startReceiver, waitUntil, type Receiver } from './receiver.js';

const AGGREGATES = 200;
const EVENTS_PER_AGGREGATE = 10;
const TOTAL = AGGREGATES * EVENTS_PER_AGGREGATE;
/** Attempts one dispatcher process runs at once (set below: the crash test's shape). */
const DISPATCHER_CONCURRENCY = 64;
/** Waits for a process or the receiver: a process's step on a machine loaded with other suites (support/process.ts). */
const WAIT_MS = PROCESS_STEP_MS;
const LISTENING = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/;

describe('dispatcher processes', () => {
  let database: TestDatabase;
  let receiver: Receiver;
  const processes: RunningProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  // Each test its own receiver. Each answer takes a moment, so two sends of one attempt at
  // once would overlap and be seen.
  beforeEach(async () => {
    receiver = await startReceiver(() => ({ status: 200, delayMs: 3 }));
  });
  afterEach(async () => {
    for (const running of processes.splice(0)) running.child.kill('SIGKILL');
    await receiver.close();
  });
  afterAll(() => database.drop());

  function startDispatcherProcess(env: Record<string, string> = {}): RunningProcess {
    // Longer than the receiver holds answers, so a held attempt succeeds rather than times out.
    // One subscription takes every slot (its caps at the concurrency): the crash test needs
    // more requests held than one process runs at once.
    const running = startDispatcher(database.url, {
      WEBHOOK_TIMEOUT_MS: '5000',
      WEBHOOK_CONCURRENCY: String(DISPATCHER_CONCURRENCY),
      WEBHOOK_DESTINATION_MAX_IN_FLIGHT: String(DISPATCHER_CONCURRENCY),
      WEBHOOK_SELLER_MAX_IN_FLIGHT: String(DISPATCHER_CONCURRENCY),
      ...env,
    });
    processes.push(running);
    return running;
  }
  /** The URL a dispatcher process serves, once it listens (its workers run by then). */
  const listening = async (running: RunningProcess) => (await running.waitFor(LISTENING, WAIT_MS))[1]!;
  /** Attempts a dispatcher process made whose outcome it could not record because its lease had run out. */
  const lostLeases = async (running: RunningProcess) => unrecorded(await (await fetch(`${await listening(running)}/metrics`)).text(), 'lease_lost');

  it('serves only /health/* and /metrics with ROLE=dispatcher', async () => {
    const dispatcher = startDispatcherProcess();
    const url = await listening(dispatcher);
    expect((await fetch(`${url}/health/live`)).status).toBe(200);
    expect((await fetch(`${url}/health/ready`)).status).toBe(200);
    expect((await fetch(`${url}/metrics`)).status).toBe(200);
    for (const path of ['/graphql', '/webhooks/assinaturas', '/openapi.json']) {
      expect((await fetch(`${url}${path}`)).status, path).toBe(404);
    }
    dispatcher.child.kill('SIGTERM');
    expect(await dispatcher.exited).toBe(0);
  }, WAIT_MS);

  it('loses nothing when a dispatcher is SIGKILLed with attempts in flight; duplicates are its unrecorded attempts and the leases the others report lost', async () => {
    const seller = await createTestSeller(database.orm);
    const { secret } = await createSubscription(forkForSeller(database.orm, seller.id), { sellerId: seller.id, scopes: new Set(SCOPES) }, { url: receiver.url, events: ['*'] }, { webhookAllowPrivateTargets: true, webhookSubscriptionsMax: 1 });
    receiver.secrets = [secret];
    for (let round = 0; round < EVENTS_PER_AGGREGATE; round++) {
      const events = Array.from({ length: AGGREGATES }, (_, aggregate) => ({ aggregateId: `order-${aggregate}`, data: { aggregate, seq: round + 1 } }));
      await emit(database.orm, seller.id, events);
    }

    const first = startDispatcherProcess();
    const second = startDispatcherProcess();
    await Promise.all([listening(first), listening(second)]);
    const unique = () => new Set(receiver.requests.map((request) => request.envelope.id)).size;
    await waitUntil(() => unique() >= TOTAL / 4, WAIT_MS, () => `${unique()} delivered`);
    // Hold every answer until more requests wait than one process can have in flight
    // (DISPATCHER_CONCURRENCY): then both have attempts in flight, the one killed included.
    receiver.pause();
    await waitUntil(() => receiver.held().length > DISPATCHER_CONCURRENCY, WAIT_MS, () => `${receiver.held().length} held`);
    first.child.kill('SIGKILL');
    await first.exited;
    const inFlightAtKill = new Set(receiver.resume().map((request) => request.webhookId));
    const restarted = startDispatcherProcess();

    await waitUntil(async () => (await openDeliveries(database.orm)) === 0 && unique() === TOTAL, WAIT_MS, () => `${unique()} delivered`);
    // A survivor starved of CPU past a lease (a loaded machine) loses it: another dispatcher
    // sends that attempt again, and the survivor's outcome is refused and counted. Each such
    // loss is one more duplicate, at most; on an idle machine there are none. (The
    // restarted one may find nothing left to send, so successes are counted over both.)
    let successes = 0;
    let leasesLost = 0;
    for (const running of [second, restarted]) {
      const metrics = await (await fetch(`${await listening(running)}/metrics`)).text();
      successes += Number(/ponte_webhook_attempts_total\{result="success"\} (\d+)/.exec(metrics)?.[1] ?? 0);
      leasesLost += unrecorded(metrics, 'lease_lost');
    }
    expect(successes).toBeGreaterThan(0);
    for (const running of [second, restarted]) running.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await restarted.exited).toBe(0);

    expect(unique()).toBe(TOTAL);
    // Duplicates are the killed process's unrecorded attempts (held by the receiver, or
    // answered but not yet recorded), each sent once more when its lease ran out: at most
    // one process's concurrency, each twice at most; plus one per lease a survivor lost.
    // Of the requests held at the kill, the survivor's were answered and recorded, so at
    // least all but its share come back.
    const receipts = new Map<string, number>();
    for (const request of receiver.requests) receipts.set(request.webhookId, (receipts.get(request.webhookId) ?? 0) + 1);
    const duplicated = [...receipts].filter(([, count]) => count > 1).map(([id]) => id);
    const extraSends = [...receipts.values()].reduce((sum, count) => sum + count - 1, 0);
    expect(Math.max(...receipts.values())).toBeLessThanOrEqual(2 + leasesLost);
    expect(extraSends).toBeLessThanOrEqual(DISPATCHER_CONCURRENCY + leasesLost);
    expect(duplicated.filter((id) => inFlightAtKill.has(id)).length).toBeGreaterThanOrEqual(inFlightAtKill.size - DISPATCHER_CONCURRENCY);
    expect(duplicated.length).toBeGreaterThan(0);
    // Two sends of one attempt at once only when a lease ran out under the first.
    expect(receiver.maxConcurrentPerAttempt()).toBeLessThanOrEqual(1 + leasesLost);
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
    // Exactly one record per attempt: the one lost with the killed process left no row, and
    // a starved survivor's late outcome was refused rather than logged beside its
    // successor's. On an idle machine every delivery took one attempt.
    const [counts] = await database.orm.em.fork().execute<{ succeeded: string; attempts: string; counted: string }[]>(
      `select (select count(*) from webhook_delivery where status = 'succeeded' and seller_id = ?) as succeeded,
              (select sum(${ATTEMPTS_OF_D}) from webhook_delivery d where d.seller_id = ?) as attempts,
              (select sum(attempt_count) from webhook_delivery where seller_id = ?) as counted`,
      [seller.id, seller.id, seller.id],
    );
    expect(Number(counts!.succeeded)).toBe(TOTAL);
    expect(Number(counts!.attempts)).toBe(Number(counts!.counted));
    if (leasesLost === 0) expect(Number(counts!.attempts)).toBe(TOTAL);
  }, 4 * WAIT_MS);

  it("a dispatcher starved past its lease: another sends the attempt again, the starved one's record is refused (lease_lost), the delivery is recorded once", async () => {
    const seller = await createTestSeller(database.orm);
    const { secret } = await createSubscription(forkForSeller(database.orm, seller.id), { sellerId: seller.id, scopes: new Set(SCOPES) }, { url: receiver.url, events: ['*'] }, { webhookAllowPrivateTargets: true, webhookSubscriptionsMax: 1 });
    receiver.secrets = [secret];
    // A lease of 2 s (timeout + 1 s). The first request is held, the others answered at once.
    const env = { WEBHOOK_TIMEOUT_MS: '1000' };
    let received = 0;
    receiver.pause(() => (received += 1) === 1);
    const starved = startDispatcherProcess(env);
    await listening(starved);
    await emit(database.orm, seller.id, [{ aggregateId: 'starved', data: { n: 1 } }]);
    await waitUntil(() => receiver.held().length === 1, WAIT_MS, () => `${receiver.requests.length} received`);
    // No CPU from here on, as under starvation: its timers, its socket and its lease all wait.
    starved.child.kill('SIGSTOP');
    const other = startDispatcherProcess(env);
    try {
      await listening(other);
      // Once the lease has run out the other claims the delivery and makes attempt 1 again,
      // while the first send is still open: the receiver has both at once.
      await waitUntil(async () => (await openDeliveries(database.orm)) === 0, WAIT_MS, () => `${receiver.requests.length} received`);
      expect(receiver.requests.map((request) => [request.webhookId, request.headers['webhook-attempt']])).toEqual([
        [receiver.requests[0]!.webhookId, '1'],
        [receiver.requests[0]!.webhookId, '1'],
      ]);
      expect(receiver.maxConcurrentPerAttempt()).toBe(2);
      receiver.resume();
    } finally {
      starved.child.kill('SIGCONT');
    }
    // Woken, the starved one has an outcome (the answer, or its timeout) for a lease it no
    // longer holds: the record is refused and counted, and the delivery keeps the other's.
    await waitUntil(async () => (await lostLeases(starved)) === 1, WAIT_MS, () => 'no lease_lost yet');
    expect(await lostLeases(other)).toBe(0);
    const [delivery] = await database.orm.em.fork().execute<{ status: string; attempt_count: number; attempts: string }[]>(
      `select status, attempt_count, ${ATTEMPTS_OF_D} as attempts from webhook_delivery d where d.seller_id = ?`,
      [seller.id],
    );
    expect(delivery).toEqual({ status: 'succeeded', attempt_count: 1, attempts: '1' });
    expect(receiver.requests).toHaveLength(2);
  }, 2 * WAIT_MS);

  it('finishes and records the attempts in flight when stopped with SIGTERM', async () => {
    const seller = await createTestSeller(database.orm);
    const { secret } = await createSubscription(forkForSeller(database.orm, seller.id), { sellerId: seller.id, scopes: new Set(SCOPES) }, { url: receiver.url, events: ['*'] }, { webhookAllowPrivateTargets: true, webhookSubscriptionsMax: 1 });
    receiver.secrets = [secret];
    const inFlight = 5;
    await emit(database.orm, seller.id, Array.from({ length: inFlight }, (_, n) => ({ aggregateId: `term-${n}`, data: { n } })));
    receiver.pause();
    const dispatcher = startDispatcherProcess();
    await waitUntil(() => receiver.held().length === inFlight, WAIT_MS, () => `${receiver.held().length} held`);

    dispatcher.child.kill('SIGTERM');
    await dispatcher.waitFor(/shutting down: draining requests and workers/, WAIT_MS);
    // Answered only once the process is draining: it must wait for them and record them.
    receiver.resume();
    expect(await dispatcher.exited).toBe(0);
    const [row] = await database.orm.em.fork().execute<{ succeeded: string; attempts: string }[]>(
      `select count(*) filter (where d.status = 'succeeded') as succeeded, sum(${ATTEMPTS_OF_D}) as attempts
         from webhook_delivery d where d.seller_id = ?`,
      [seller.id],
    );
    expect([Number(row!.succeeded), Number(row!.attempts)]).toEqual([inFlight, inFlight]);
    expect(receiver.requests).toHaveLength(inFlight);
  }, 2 * WAIT_MS);

});

/** `ponte_webhook_attempts_unrecorded_total` for one reason, from a /metrics text. */
function unrecorded(metrics: string, reason: 'lease_lost' | 'error'): number {
  return Number(new RegExp(`ponte_webhook_attempts_unrecorded_total\\{reason="${reason}"\\} (\\d+)`).exec(metrics)?.[1] ?? 0);
}
