import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimDueDeliveries, finishFailure, finishSuccesses, type ClaimedDelivery, type FinishedAttempt } from '../../src/webhooks/delivery-queue.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { fanOutAndClaim, fanOutBatch } from '../../src/webhooks/fanout.js';
import type { NextStep } from '../../src/webhooks/outcome.js';
import { runWith } from '../../src/webhooks/queue-database.js';
import { createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { deliveriesOf, emit, getJson, settledDeliveries, startDispatcher, subscribe, type SubscriptionRecord } from './fixtures.js';
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
    const seller = await createTestSeller(server.orm);
    const hook = await receiver();
    await subscribe(server, seller, { url: hook.url });
    await emit(server.orm, seller.id, [
      { aggregateId: 'o-first', data: { n: 1 } },
      { aggregateId: 'o-first', data: { n: 2 } },
      { aggregateId: 'o-other', data: { n: 3 } },
    ]);
    let claimed: Awaited<ReturnType<typeof fanOutAndClaim>>['claimed'] = [];
    for (let batch = await fanOutAndClaim(server.orm, { limit: 10, leaseMs: 60_000 }); batch.taken > 0; batch = await fanOutAndClaim(server.orm, { limit: 10, leaseMs: 60_000 })) {
      claimed = [...claimed, ...batch.claimed];
    }
    expect(claimed.filter((delivery) => delivery.sellerId === seller.id).map((delivery) => delivery.event.payload.n).sort()).toEqual([1, 3]);
    // The two claimed hold their leases; the third is owed once the first is recorded.
    const owed = await deliveriesOf(server, seller);
    expect(owed.map((delivery) => delivery.status)).toEqual(['pending', 'pending', 'pending']);
    expect(await claimDueDeliveries(runWith(server.orm.em.fork()), 10, 500)).toEqual([]);
  });

  it('delivers each event once after a crash between claim and send, when the leases run out', async () => {
    const seller = await createTestSeller(server.orm);
    const hook = await receiver();
    await subscribe(server, seller, { url: hook.url });
    await emit(server.orm, seller.id, [1, 2].map((n) => ({ aggregateId: `o-claimed-${n}`, data: { n } })));
    while ((await fanOutBatch(server.orm)) > 0);
    // Claimed with a lease, then the worker dies before sending anything.
    const claimed = await claimDueDeliveries(runWith(server.orm.em.fork()), 10, 500);
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

/**
 * The claim reads only deliveries not marked `held` (waiting behind an earlier one of
 * their aggregate); these check that the mark is set and lifted so that this shortcut
 * claims exactly what the per-aggregate rule allows, without any dispatcher's sweep.
 */
describe("the claim's held deliveries", () => {
  let server: TestApp;
  const lease = 60_000;

  beforeAll(async () => {
    server = await startTestApp();
  });
  afterEach(async () => {
    await server.orm.em.fork().execute(`update webhook_delivery set status = 'cancelled' where status in ('pending', 'retrying')`);
  });
  afterAll(() => server.close());

  const claim = async () => claimDueDeliveries(runWith(server.orm.em.fork()), 10, lease);
  const fanOut = async () => {
    while ((await fanOutBatch(server.orm)) > 0);
  };
  /** Events named `A1, A2, …` (aggregate A), each committed on its own, in the order given. */
  const emitNamed = async (seller: TestSeller, names: string[]) => {
    for (const name of names) await emit(server.orm, seller.id, [{ aggregateId: `order-${name[0]}`, data: { name } }]);
  };
  const names = (claimed: readonly ClaimedDelivery[]) => claimed.map((delivery) => String(delivery.event.payload.name)).sort();
  const attempt = (claimed: ClaimedDelivery, step: NextStep): FinishedAttempt => ({
    claimed,
    record: { at: new Date(), durationMs: 1, statusCode: step.status === 'succeeded' ? 200 : 500, responseBody: null, error: step.status === 'succeeded' ? null : 'status', errorDetail: null },
    step,
  });
  const succeed = async (claimed: ClaimedDelivery) => {
    expect(await finishSuccesses(runWith(server.orm.em.fork()), [attempt(claimed, { status: 'succeeded' })])).toEqual([{ recorded: true }]);
  };
  const fail = (claimed: ClaimedDelivery, step: NextStep) => finishFailure(server.orm, attempt(claimed, step), 3_600_000);
  const heldOf = async (seller: TestSeller) =>
    Object.fromEntries(
      (
        await server.orm.em
          .fork()
          .execute<{ name: string; held: boolean }[]>(
            `select e.payload ->> 'name' as name, d.held from webhook_delivery d join outbox_event e on e.id = d.event_id where d.seller_id = ?`,
            [seller.id],
          )
      ).map((row) => [row.name, row.held]),
    );
  const send = (seller: TestSeller, method: string, path: string, body: unknown = {}) =>
    fetch(`${server.url}${path}`, { method, headers: seller.headers, body: JSON.stringify(body) });

  it('marks what waits behind an earlier delivery of its aggregate, and releases the next one only when the earlier one is done', async () => {
    const seller = await createTestSeller(server.orm);
    await subscribe(server, seller, { url: 'http://127.0.0.1:9/hook' });
    await emitNamed(seller, ['A1', 'A2', 'B1', 'A3']);
    await fanOut();
    expect(await heldOf(seller)).toEqual({ A1: false, A2: true, B1: false, A3: true });

    const first = await claim();
    expect(names(first)).toEqual(['A1', 'B1']);
    const byName = (claimed: readonly ClaimedDelivery[], name: string) => claimed.find((delivery) => names([delivery])[0] === name)!;
    // A retry keeps A1 owed: A2 stays behind it.
    await fail(byName(first, 'A1'), { status: 'retrying', delayMs: 0 });
    await succeed(byName(first, 'B1'));
    const retried = await claim();
    expect(names(retried)).toEqual(['A1']);
    expect(await heldOf(seller)).toMatchObject({ A2: true, A3: true });

    await succeed(retried[0]!);
    expect(await heldOf(seller)).toMatchObject({ A2: false, A3: true });
    const second = await claim();
    expect(names(second)).toEqual(['A2']);
    // Given up on: the next one goes.
    await fail(second[0]!, { status: 'failed', gone: false });
    expect(names(await claim())).toEqual(['A3']);
  });

  it('releases a delivery redelivered by hand after its subscription closed it while held', async () => {
    const seller = await createTestSeller(server.orm);
    const created = await subscribe(server, seller, { url: 'http://127.0.0.1:9/hook' });
    await emitNamed(seller, ['A1', 'A2']);
    await fanOut();
    expect(await heldOf(seller)).toEqual({ A1: false, A2: true });
    // Switched off: both end failed, A2 still marked.
    expect((await send(seller, 'PATCH', `/webhooks/assinaturas/${created.id}`, { active: false })).status).toBe(200);
    expect((await send(seller, 'PATCH', `/webhooks/assinaturas/${created.id}`, { active: true })).status).toBe(200);
    const [a2] = await server.orm.em
      .fork()
      .execute<{ id: string }[]>(`select d.id from webhook_delivery d join outbox_event e on e.id = d.event_id where d.seller_id = ? and e.payload ->> 'name' = 'A2'`, [seller.id]);
    expect((await send(seller, 'POST', `/webhooks/entregas/${a2!.id}/reenvio`)).status).toBe(202);
    expect(names(await claim())).toEqual(['A2']);
  });

  it('keeps a redelivered later delivery behind its redelivered earlier one', async () => {
    const seller = await createTestSeller(server.orm);
    await subscribe(server, seller, { url: 'http://127.0.0.1:9/hook' });
    await emitNamed(seller, ['A1', 'A2']);
    await fanOut();
    await succeed((await claim())[0]!);
    const a2 = await claim();
    await succeed(a2[0]!);
    const ids = Object.fromEntries(
      (
        await server.orm.em
          .fork()
          .execute<{ name: string; id: string }[]>(`select e.payload ->> 'name' as name, d.id from webhook_delivery d join outbox_event e on e.id = d.event_id where d.seller_id = ?`, [seller.id])
      ).map((row) => [row.name, row.id]),
    );
    // A2 first, then A1: A2 is queued first but waits for A1.
    for (const name of ['A2', 'A1']) expect((await send(seller, 'POST', `/webhooks/entregas/${ids[name]}/reenvio`)).status).toBe(202);
    const again = await claim();
    expect(names(again)).toEqual(['A1']);
    await succeed(again[0]!);
    expect(names(await claim())).toEqual(['A2']);
  });

  it('releases a delivery the fan-out makes while the one before it is being finished', async () => {
    const seller = await createTestSeller(server.orm);
    await subscribe(server, seller, { url: 'http://127.0.0.1:9/hook' });
    await emitNamed(seller, ['A1']);
    await fanOut();
    const [a1] = await claim();
    await emitNamed(seller, ['A2']);
    // A1 is finished in a transaction still open when the fan-out reads A1 as owed: the
    // fan-out must wait for it, or A2 would be marked held with nobody left to release it.
    const finishing = new pg.Client({ connectionString: server.database.url });
    await finishing.connect();
    try {
      await finishing.query('begin');
      await finishing.query(`update webhook_delivery set status = 'succeeded', completed_at = now(), lease_token = null where id = $1`, [a1!.id]);
      let fannedOutAlready = false;
      const fannedOut = fanOut().then(() => (fannedOutAlready = true));
      // Until the fan-out waits for A1's row (without that wait, it is done at once).
      await waitUntil(async () => {
        const [row] = await server.orm.em
          .fork()
          .execute<{ waiting: string }[]>(`select count(*) as waiting from pg_stat_activity where wait_event_type = 'Lock' and query like '%owed_first%'`);
        return fannedOutAlready || Number(row!.waiting) === 1;
      });
      await finishing.query('commit');
      await fannedOut;
    } finally {
      await finishing.end();
    }
    expect(await heldOf(seller)).toEqual({ A1: false, A2: false });
    expect(names(await claim())).toEqual(['A2']);
  });
});
