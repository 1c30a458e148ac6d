import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forkForSeller } from '../../src/db/orm.js';
import { SCOPES } from '../../src/auth/scopes.js';
import { createSubscription } from '../../src/webhooks/subscription.service.js';
import { createTestSeller, type TestSeller } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import type { RunningProcess } from '../support/process.js';
import { emit, openDeliveries, startDispatcherProcess } from './fixtures.js';
import { startReceiver, waitUntil, type Receiver } from './receiver.js';
import { startStallingReceiver } from './stalling-receiver.js';

/** Attempts one dispatcher process runs at once (WEBHOOK_CONCURRENCY's default). */
const DISPATCHER_CONCURRENCY = 80;
/** The default cap (src/config.ts): what one destination may hold in flight per process while others wait. */
const DESTINATION_CAP = 16;
/** The default headroom: slots only work under its caps may take. */
const HEADROOM = 16;
/** What a destination alone may hold: its cap, and the idle slots beyond the headroom. */
const ALONE = DISPATCHER_CONCURRENCY - HEADROOM;
/** The settings that make the caps hard: no slot goes beyond them, idle or not. */
const HARD_CAPS = { WEBHOOK_RESERVED_SLOTS: String(DISPATCHER_CONCURRENCY) };
/** Far more than there are slots: A's backlog alone could take every one, several times over. */
const OWED_BY_A = 3 * DISPATCHER_CONCURRENCY;
const OWED_TO_B = 20;
const LISTENING = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/;
/** Waits for a process or a receiver: generous, the machine may be loaded with other suites. */
const WAIT_MS = 90_000;

/**
 * One seller's slow destination against another seller's fast one, through a real
 * `ROLE=dispatcher` process with the default caps and concurrency, on real receivers on
 * 127.0.0.1. Seller A's receiver is slow in three ways: it holds every request until
 * the test lets go (an answer that takes as long as the test wants: the shape of "200
 * after 8 s" without a timed assertion), it never answers (the attempt times out), or
 * it trickles its answer a byte at a time. In each, all of seller B's deliveries must
 * arrive while A's are still stuck, and A must hold no more than its share.
 */
describe('fair claiming across sellers and destinations', () => {
  let database: TestDatabase;
  const processes: RunningProcess[] = [];
  const receivers: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    for (const running of processes.splice(0)) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
    await database.orm.em.fork().execute(`update webhook_delivery set status = 'cancelled' where status in ('pending', 'retrying')`);
  });
  afterAll(() => database.drop());

  async function subscribed(url: string): Promise<{ seller: TestSeller; secret: string; id: string }> {
    const seller = await createTestSeller(database.orm);
    const { secret, subscription } = await createSubscription(
      forkForSeller(database.orm, seller.id),
      { sellerId: seller.id, scopes: new Set(SCOPES) },
      { url, events: ['*'] },
      { webhookAllowPrivateTargets: true, webhookSubscriptionsMax: 5 },
    );
    return { seller, secret, id: subscription.id };
  }

  /** `count` events of seller `sellerId`, each of its own aggregate (so none waits for another by the ordering rule). */
  async function owe(sellerId: string, prefix: string, count: number): Promise<void> {
    await emit(
      database.orm,
      sellerId,
      Array.from({ length: count }, (_, n) => ({ aggregateId: `${prefix}-${n}`, data: { prefix, n } })),
    );
  }

  function dispatcher(env: Record<string, string> = {}): RunningProcess {
    const running = startDispatcherProcess(database.url, { WEBHOOK_TIMEOUT_MS: '60000', ...env });
    processes.push(running);
    return running;
  }

  async function fastReceiver(): Promise<Receiver> {
    const receiver = await startReceiver(() => ({ status: 200 }));
    receivers.push(receiver);
    return receiver;
  }

  it("delivers all of B's events while A's slow receiver holds every slot but the headroom, then drains A", async () => {
    const slow = await startReceiver(() => ({ status: 200 }));
    receivers.push(slow);
    slow.pause();
    const a = await subscribed(slow.url);
    slow.secrets = [a.secret];
    const fast = await fastReceiver();
    const b = await subscribed(fast.url);
    fast.secrets = [b.secret];

    await owe(a.seller.id, 'a', OWED_BY_A);
    const running = dispatcher();
    // A's receiver now holds every request it gets: as many as A may have in flight alone.
    await waitUntil(() => slow.held().length >= ALONE, WAIT_MS, () => `${slow.held().length} held by A`);
    await owe(b.seller.id, 'b', OWED_TO_B);

    // All of B's, while not one of A's has been answered yet.
    await waitUntil(() => new Set(fast.requests.map((request) => request.webhookId)).size === OWED_TO_B, WAIT_MS, () => `${fast.requests.length} of B's delivered`);
    expect(slow.held().length).toBe(slow.requests.length);
    // A holds no more than it did alone: B's went through the headroom.
    expect(slow.requests.length).toBe(ALONE);
    expect(fast.requests.every((request) => request.verifiedWith.length === 1)).toBe(true);
    // The process's metrics name A as the destination holding its slots and falling behind.
    const url = (await running.waitFor(LISTENING, WAIT_MS))[1]!;
    // B's last requests reached its receiver; their outcomes are recorded a moment later.
    let metrics = '';
    await waitUntil(
      async () => !(metrics = await (await fetch(`${url}/metrics`)).text()).includes(`subscription="${b.id}"`),
      WAIT_MS,
      () => `B still in flight or owed:\n${metrics}`,
    );
    expect(metrics).toContain(`ponte_webhook_destination_in_flight{destination="${a.id}"} ${ALONE}`);
    expect(metrics).toContain(`ponte_webhook_subscription_in_flight{subscription="${a.id}"} ${ALONE}`);
    expect(metrics).toContain(`ponte_webhook_subscription_owed{subscription="${a.id}"} ${OWED_BY_A}`);
    expect(metrics).toMatch(new RegExp(`ponte_webhook_subscription_oldest_owed_age_seconds\\{subscription="${a.id}"\\} \\d`));
    expect(metrics).not.toContain(`subscription="${b.id}"`);
    expect(metrics).toMatch(/ponte_webhook_subscriptions_owing 1\n/);

    // Once its receiver answers, A's backlog drains in full, never above what it may hold at once.
    let mostHeld = slow.held().length;
    const answered = new Set(slow.resume().map((request) => request.webhookId));
    slow.pause();
    await waitUntil(
      () => {
        mostHeld = Math.max(mostHeld, slow.held().length);
        // Let each batch go once the dispatcher has filled A's share again (or A has nothing left).
        if (slow.held().length >= Math.min(ALONE, OWED_BY_A - answered.size)) {
          for (const request of slow.resume()) answered.add(request.webhookId);
          slow.pause();
        }
        return answered.size === OWED_BY_A;
      },
      WAIT_MS,
      () => `${answered.size} of A's answered`,
    );
    expect(mostHeld).toBe(ALONE);
    await waitUntil(async () => (await openDeliveries(database.orm)) === 0, WAIT_MS);
  }, 4 * WAIT_MS);

  it("delivers B's events while A's receiver never answers, A held to its hard cap: its attempts time out and are retried", async () => {
    const silent = await startStallingReceiver('silent');
    receivers.push(silent);
    const a = await subscribed(silent.url);
    const fast = await fastReceiver();
    const b = await subscribed(fast.url);
    fast.secrets = [b.secret];

    await owe(a.seller.id, 'a', OWED_BY_A);
    dispatcher({ WEBHOOK_TIMEOUT_MS: '1500', WEBHOOK_BACKOFF_BASE_MS: '60000', ...HARD_CAPS });
    await waitUntil(() => silent.open() >= DESTINATION_CAP, WAIT_MS, () => `${silent.open()} open at A`);
    await owe(b.seller.id, 'b', OWED_TO_B);

    await waitUntil(() => new Set(fast.requests.map((request) => request.webhookId)).size === OWED_TO_B, WAIT_MS, () => `${fast.requests.length} of B's delivered`);
    expect(silent.mostOpen()).toBeLessThanOrEqual(DESTINATION_CAP);
    // A's attempts end as timeouts and are owed again, not lost.
    await waitUntil(async () => (await timeoutsOf(a.seller.id)) >= DESTINATION_CAP, WAIT_MS);
    expect(await owedBy(a.seller.id)).toBe(OWED_BY_A);
  }, 4 * WAIT_MS);

  it("delivers B's events while A's receiver trickles its answer a byte at a time, A held to its hard cap", async () => {
    const trickling = await startStallingReceiver('trickle');
    receivers.push(trickling);
    const a = await subscribed(trickling.url);
    const fast = await fastReceiver();
    const b = await subscribed(fast.url);
    fast.secrets = [b.secret];

    await owe(a.seller.id, 'a', OWED_BY_A);
    dispatcher({ WEBHOOK_TIMEOUT_MS: '1500', WEBHOOK_BACKOFF_BASE_MS: '60000', ...HARD_CAPS });
    await waitUntil(() => trickling.open() >= DESTINATION_CAP, WAIT_MS, () => `${trickling.open()} open at A`);
    await owe(b.seller.id, 'b', OWED_TO_B);

    await waitUntil(() => new Set(fast.requests.map((request) => request.webhookId)).size === OWED_TO_B, WAIT_MS, () => `${fast.requests.length} of B's delivered`);
    expect(trickling.mostOpen()).toBeLessThanOrEqual(DESTINATION_CAP);
    await waitUntil(async () => (await timeoutsOf(a.seller.id)) >= DESTINATION_CAP, WAIT_MS);
    expect(await owedBy(a.seller.id)).toBe(OWED_BY_A);
  }, 4 * WAIT_MS);

  async function timeoutsOf(sellerId: string): Promise<number> {
    const [row] = await database.orm.em
      .fork()
      .execute<{ count: string }[]>(`select count(*) from webhook_delivery where seller_id = ? and first_attempt_error = 'timeout'`, [sellerId]);
    return Number(row!.count);
  }

  async function owedBy(sellerId: string): Promise<number> {
    const [row] = await database.orm.em
      .fork()
      .execute<{ count: string }[]>(`select count(*) from webhook_delivery where seller_id = ? and status in ('pending', 'retrying')`, [sellerId]);
    return Number(row!.count);
  }
});
