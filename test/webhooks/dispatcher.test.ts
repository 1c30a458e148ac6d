import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimDueDeliveries } from '../../src/webhooks/delivery-queue.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { fanOutAndClaim, fanOutBatch } from '../../src/webhooks/fanout.js';
import { QueueDatabase, runWith } from '../../src/webhooks/queue-database.js';
import { createTestApplication } from '../platforms/fixtures.js';
import { createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { deliveriesOf, emit, getJson, settledDeliveries, startDispatcher, subscribe, type SubscriptionRecord, NOTHING_HELD } from './fixtures.js';
import { startReceiver, waitUntil, type Receiver, type Reply } from './receiver.js';

/** What a worker can die or stall between: fan-out, claim, send, record. */
describe('webhook dispatcher crashes and stalls', () => {
  let server: TestApp;
  const dispatchers: Dispatcher[] = [];
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    server = await startTestApp();
  });
  afterEach(async () => {
    await Promise.all(dispatchers.splice(0).map((dispatcher) => dispatcher.stop()));
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
    await server.orm.em.fork().execute(`update webhook_delivery set status = 'cancelled' where status in ('pending', 'retrying')`);
  });
  afterAll(() => server.close());

  const dispatcher = async (options: Parameters<typeof startDispatcher>[1] = {}) => {
    const started = await startDispatcher(server, options);
    dispatchers.push(started);
    return started;
  };
  const receiver = async (reply?: (request: Parameters<Parameters<typeof startReceiver>[0] & {}>[0], count: number) => Reply) => {
    const started = await startReceiver(reply);
    receivers.push(started);
    return started;
  };
  const settled = (seller: TestSeller, count: number) => settledDeliveries(server, seller, count);
  const unrecorded = async (registry: Registry, reason: string) => {
    const metric = await registry.getSingleMetric('ponte_webhook_attempts_unrecorded_total')!.get();
    return metric.values.find((value) => value.labels.reason === reason)?.value ?? 0;
  };

  it('records an attempt once when its worker stalls past the lease and another worker makes it again', async () => {
    const seller = await createTestSeller(server.orm);
    const hook = await receiver(() => ({ status: 500 }));
    const created = await subscribe(server, seller, { url: hook.url });
    // Recording a failure updates the subscription row first: holding that row stalls the
    // worker after it sent, for as long as this test likes.
    const blocker = new pg.Client({ connectionString: server.database.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from webhook_subscription where id = $1 for no key update', [created.id]);
      // A timeout of 300 ms: the lease (timeout + 1 s) runs out while the worker waits.
      const env = { WEBHOOK_TIMEOUT_MS: '300', WEBHOOK_MAX_ATTEMPTS: '1' };
      const first = new Registry();
      await dispatcher({ env, metrics: first });
      await emit(server.orm, seller.id, [{ aggregateId: 'o-stall' }]);
      await hook.waitFor((requests) => requests.length === 1);

      const second = new Registry();
      await dispatcher({ env, metrics: second });
      // A worker (either: the stalled one's process still claims) takes the delivery once
      // the lease ran out and makes attempt 1 again.
      await hook.waitFor((requests) => requests.length === 2);
      expect(hook.requests.map((request) => [request.webhookId, request.headers['webhook-attempt']])).toEqual([
        [hook.requests[0]!.webhookId, '1'],
        [hook.requests[0]!.webhookId, '1'],
      ]);
      await blocker.query('rollback');

      const [delivery] = await settled(seller, 1);
      expect(delivery).toMatchObject({ status: 'failed', attemptCount: 1 });
      expect(delivery!.attempts.map((attempt) => attempt.number)).toEqual([1]);
      // The stalled attempt's outcome was refused, health counted once.
      await waitUntil(async () => (await unrecorded(first, 'lease_lost')) + (await unrecorded(second, 'lease_lost')) === 1);
      expect(await getJson<SubscriptionRecord>(server, seller, `/webhooks/assinaturas/${created.id}`)).toMatchObject({ consecutiveFailures: 1 });
    } finally {
      await blocker.end();
    }
  });

  it('delivers each event once after a crash between fan-out and claim', async () => {
    const seller = await createTestSeller(server.orm);
    const hook = await receiver();
    await subscribe(server, seller, { url: hook.url });
    await emit(server.orm, seller.id, [1, 2, 3].map((n) => ({ aggregateId: `o-fanned-${n}`, data: { n } })));
    // Fanned out and committed, then the process dies: deliveries wait, unclaimed.
    while ((await fanOutBatch(server.orm)) > 0);
    const owed = await deliveriesOf(server, seller);
    expect(owed.map((delivery) => [delivery.status, delivery.attemptCount])).toEqual([['pending', 0], ['pending', 0], ['pending', 0]]);

    await dispatcher();
    const deliveries = await settled(seller, 3);
    expect(deliveries.every((delivery) => delivery.status === 'succeeded' && delivery.attemptCount === 1)).toBe(true);
    expect(hook.requests.map((request) => request.envelope.data.n).sort()).toEqual([1, 2, 3]);
  });

  it("claims in the fan-out's transaction only what is due: an aggregate's later event waits for its earlier one", async () => {
    const queue = new QueueDatabase(server.orm.config.get('clientUrl')!);
    const fanOut = () => fanOutAndClaim(queue, { limit: 10, leaseMs: 60_000, shares: NOTHING_HELD });
    const seller = await createTestSeller(server.orm);
    const hook = await receiver();
    await subscribe(server, seller, { url: hook.url });
    await emit(server.orm, seller.id, [
      { aggregateId: 'o-first', data: { n: 1 } },
      { aggregateId: 'o-first', data: { n: 2 } },
      { aggregateId: 'o-other', data: { n: 3 } },
    ]);
    let claimed: Awaited<ReturnType<typeof fanOutAndClaim>>['claimed'] = [];
    try {
      for (let batch = await fanOut(); batch.taken > 0; batch = await fanOut()) {
        claimed = [...claimed, ...batch.claimed];
      }
    } finally {
      await queue.close();
    }
    expect(claimed.filter((delivery) => delivery.sellerId === seller.id).map((delivery) => delivery.event.payload.n).sort()).toEqual([1, 3]);
    // The two claimed hold their leases; the third is owed once the first is recorded.
    const owed = await deliveriesOf(server, seller);
    expect(owed.map((delivery) => delivery.status)).toEqual(['pending', 'pending', 'pending']);
    expect(await claimDueDeliveries(runWith(server.orm.em.fork()), 10, 500, NOTHING_HELD)).toEqual([]);
  });

  // A product's audience may create the registration's subscription for the seller: that
  // too runs in the fan-out's one transaction on the dispatcher's connection.
  it('fans a batch holding a product event out once, in one committed transaction, with its new product subscription', async () => {
    const seller = await createTestSeller(server.orm);
    await subscribe(server, seller, { url: 'http://127.0.0.1:9/own' });
    const app = await createTestApplication(server.orm, { installedBy: [seller] });
    const registered = await fetch(`${server.url}/pagamentos/api/v1/webhook/novo`, {
      method: 'POST',
      headers: app.headers,
      body: JSON.stringify({ url: 'http://127.0.0.1:9/app', events: ['ciclo.criado'] }),
    });
    expect(registered.status).toBe(201);
    await emit(server.orm, seller.id, [
      { aggregateId: 'o-beside-product' },
      { type: 'ciclo.criado', aggregateType: 'settlement_cycle', aggregateId: 'cycle-1' },
    ]);

    const queue = new QueueDatabase(server.orm.config.get('clientUrl')!);
    const transactions: string[] = [];
    const transaction = queue.transaction.bind(queue);
    queue.transaction = (work) =>
      transaction(work).then(
        (result) => (transactions.push('committed'), result),
        (error: unknown) => {
          transactions.push('rolled back');
          throw error;
        },
      );
    let fanOuts = 0;
    let claimed: Awaited<ReturnType<typeof fanOutAndClaim>>['claimed'] = [];
    try {
      for (let batch = await fanOutAndClaim(queue, { limit: 10, leaseMs: 60_000, shares: NOTHING_HELD }); ; batch = await fanOutAndClaim(queue, { limit: 10, leaseMs: 60_000, shares: NOTHING_HELD })) {
        fanOuts += 1;
        claimed = [...claimed, ...batch.claimed];
        if (batch.taken === 0) break;
      }
    } finally {
      await queue.close();
    }
    expect(transactions).toEqual(Array.from({ length: fanOuts }, () => 'committed'));
    const ofSeller = claimed.filter((delivery) => delivery.sellerId === seller.id);
    expect(ofSeller.map((delivery) => [delivery.kind, delivery.event.type, delivery.url]).sort()).toEqual([
      ['interface', 'pedido.status_alterado', 'http://127.0.0.1:9/own'],
      ['payments', 'ciclo.criado', 'http://127.0.0.1:9/app'],
    ]);
    const [subscriptions] = await server.orm.em.fork().execute<{ count: string }[]>(
      `select count(*) from product_webhook_subscription where seller_id = ?`,
      [seller.id],
    );
    expect(subscriptions!.count).toBe('1');
  });

  it('delivers each event once after a crash between claim and send, when the leases run out', async () => {
    const seller = await createTestSeller(server.orm);
    const hook = await receiver();
    await subscribe(server, seller, { url: hook.url });
    await emit(server.orm, seller.id, [1, 2].map((n) => ({ aggregateId: `o-claimed-${n}`, data: { n } })));
    while ((await fanOutBatch(server.orm)) > 0);
    // Claimed with a lease, then the worker dies before sending anything.
    const claimed = await claimDueDeliveries(runWith(server.orm.em.fork()), 10, 500, NOTHING_HELD);
    expect(claimed.map((delivery) => delivery.sellerId)).toEqual([seller.id, seller.id]);

    await dispatcher();
    const deliveries = await settled(seller, 2);
    expect(deliveries.map((delivery) => [delivery.status, delivery.attempts.map((attempt) => attempt.number)])).toEqual([
      ['succeeded', [1]],
      ['succeeded', [1]],
    ]);
    expect(hook.requests.map((request) => request.headers['webhook-attempt'])).toEqual(['1', '1']);
    expect(new Set(hook.requests.map((request) => request.webhookId)).size).toBe(2);
  });
});
