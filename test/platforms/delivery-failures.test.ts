import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { fanOutBatch } from '../../src/webhooks/fanout.js';
import { createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { deliveriesOf, emit, fanOutDrained, startDispatcher, type DeliveryRecord } from '../webhooks/fixtures.js';
import { waitUntil } from '../webhooks/receiver.js';
import { createTestApplication, type TestApplication } from './fixtures.js';
import { startProductReceiver, type ProductReceiver, type ProductReply } from './receiver.js';

/** A `ciclo.criado` of a seller, committed as the payments product records it; `tag` lands in its data. */
const cycleEvent = (server: TestApp, seller: TestSeller, tag: string) =>
  emit(server.orm, seller.id, [{ type: 'ciclo.criado', aggregateType: 'settlement_cycle', aggregateId: `cycle-${tag}`, data: { tag } }]);

describe('per-product deliveries: failures, disabling and a delete racing the fan-out', () => {
  let server: TestApp;
  let dispatcher: Dispatcher | undefined;
  const receivers: ProductReceiver[] = [];

  beforeAll(async () => {
    server = await startTestApp();
  });
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = undefined;
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
    await server.orm.em.fork().execute(`update webhook_delivery set status = 'cancelled' where status in ('pending', 'retrying')`);
  });
  afterAll(() => server.close());

  const receiver = async (reply: (request: { json: { data: Record<string, any> } }, count: number) => ProductReply) => {
    const counts = new Map<string, number>();
    const started = await startProductReceiver({
      status: (_path, request) => {
        const tag = String(request.json.data.tag);
        counts.set(tag, (counts.get(tag) ?? 0) + 1);
        return reply(request, counts.get(tag)!);
      },
    });
    receivers.push(started);
    return started;
  };
  const register = async (app: TestApplication, url: string): Promise<string> => {
    const response = await fetch(`${server.url}/pagamentos/api/v1/webhook/novo`, { method: 'POST', headers: app.headers, body: JSON.stringify({ url, events: ['ciclo.criado'] }) });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  /** The application's payments deliveries of one seller, once `count` of them are settled. */
  const settled = async (app: TestApplication, seller: TestSeller, count: number) => {
    let deliveries: DeliveryRecord[] = [];
    await waitUntil(async () => {
      deliveries = (await ofSeller(app, seller));
      return deliveries.length === count && deliveries.every((delivery) => !['pending', 'retrying'].includes(delivery.status));
    });
    return deliveries;
  };
  const ofSeller = async (app: TestApplication, seller: TestSeller) =>
    (await deliveriesOf(server, app, '', '/pagamentos')).filter((delivery) => delivery.sellerId === seller.id);
  /** The product subscription a registration has for a seller, as the dispatcher sees it. */
  const productSubscription = async (registrationId: string, seller: TestSeller) => {
    const [row] = await server.orm.em.fork().execute<{ active: boolean; disabled_reason: string | null; deleted: boolean }[]>(
      `select s.active, s.disabled_reason, s.deleted_at is not null as deleted
         from product_webhook_subscription l join webhook_subscription s on s.id = l.subscription_id
        where l.product_webhook_id = ? and l.seller_id = ?`,
      [registrationId, seller.id],
    );
    return row;
  };

  it('payments: a failing receiver gets exactly 5 attempts, then the delivery is failed', async () => {
    const seller = await createTestSeller(server.orm);
    const app = await createTestApplication(server.orm, { installedBy: [seller] });
    const hook = await receiver(() => 500);
    await register(app, `${hook.url}/payments`);
    dispatcher = await startDispatcher(server);
    await cycleEvent(server, seller, 'fails');
    const [delivery] = await settled(app, seller, 1);
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 5 });
    expect(delivery!.attempts.map((attempt) => [attempt.number, attempt.statusCode])).toEqual([1, 2, 3, 4, 5].map((n) => [n, 500]));
    expect(hook.requests).toHaveLength(5);
  });

  it('payments: 410 gives up at once and switches the registration off for that seller only', async () => {
    const gone = await createTestSeller(server.orm);
    const other = await createTestSeller(server.orm);
    const app = await createTestApplication(server.orm, { installedBy: [gone, other] });
    const hook = await receiver((request) => (request.json.data.tag === 'gone-1' ? 410 : 200));
    const registration = await register(app, `${hook.url}/payments`);
    dispatcher = await startDispatcher(server);

    await cycleEvent(server, gone, 'gone-1');
    const [first] = await settled(app, gone, 1);
    expect(first).toMatchObject({ status: 'failed', attemptCount: 1, attempts: [{ statusCode: 410 }] });
    expect(await productSubscription(registration, gone)).toEqual({ active: false, disabled_reason: 'gone', deleted: false });

    // The seller that answered 410 gets nothing new; the other seller still does.
    await cycleEvent(server, gone, 'gone-2');
    await cycleEvent(server, other, 'other-1');
    await fanOutDrained(server);
    expect((await settled(app, other, 1)).map((delivery) => delivery.status)).toEqual(['succeeded']);
    expect(await ofSeller(app, gone)).toHaveLength(1);
    expect(hook.requests.map((request) => request.json.data.tag)).toEqual(['gone-1', 'other-1']);
  });

  it('payments: Retry-After on 503 is honoured within the backoff bounds', async () => {
    const seller = await createTestSeller(server.orm);
    const app = await createTestApplication(server.orm, { installedBy: [seller] });
    const hook = await receiver((_request, count) => (count === 1 ? { status: 503, headers: { 'retry-after': '1' } } : 200));
    await register(app, `${hook.url}/payments`);
    // The backoff alone would wait 10–20 ms; Retry-After asks 1 s, clamped to the 500 ms maximum.
    dispatcher = await startDispatcher(server, { env: { WEBHOOK_BACKOFF_BASE_MS: '20', WEBHOOK_BACKOFF_MAX_MS: '500' } });
    await cycleEvent(server, seller, 'busy');
    const [delivery] = await settled(app, seller, 1);
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 2 });
    const [first, second] = delivery!.attempts;
    expect(first).toMatchObject({ statusCode: 503, error: 'status' });
    expect(Date.parse(second!.at) - (Date.parse(first!.at) + first!.durationMs)).toBeGreaterThanOrEqual(498);
  });

  it('disables a product subscription failing for WEBHOOK_DISABLE_AFTER_MS for that seller only', async () => {
    const failing = await createTestSeller(server.orm);
    const healthy = await createTestSeller(server.orm);
    const app = await createTestApplication(server.orm, { installedBy: [failing, healthy] });
    const hook = await receiver((request) => (String(request.json.data.tag).startsWith('failing') ? 500 : 200));
    const registration = await register(app, `${hook.url}/payments`);
    // Five attempts take at least 150 ms with this backoff: the window closes before the last.
    dispatcher = await startDispatcher(server, { env: { WEBHOOK_DISABLE_AFTER_MS: '100' } });
    await cycleEvent(server, failing, 'failing-1');
    const [delivery] = await settled(app, failing, 1);
    expect(delivery!.status).toBe('failed');
    expect(await productSubscription(registration, failing)).toEqual({ active: false, disabled_reason: 'failing', deleted: false });

    await cycleEvent(server, failing, 'failing-2');
    await cycleEvent(server, healthy, 'healthy-1');
    await fanOutDrained(server);
    expect((await settled(app, healthy, 1)).map((entry) => entry.status)).toEqual(['succeeded']);
    expect(await ofSeller(app, failing)).toHaveLength(1);
    expect(await productSubscription(registration, healthy)).toEqual({ active: true, disabled_reason: null, deleted: false });
  });

  it('a registration deleted while a fan-out is creating its subscription cancels what that fan-out created', async () => {
    const seller = await createTestSeller(server.orm);
    const app = await createTestApplication(server.orm, { installedBy: [seller] });
    const registration = await register(app, 'http://127.0.0.1:9/never');
    await cycleEvent(server, seller, 'racing');

    // The fan-out is held just before it commits: its queue row is locked by this test.
    const blocker = new pg.Client({ connectionString: server.database.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from webhook_fanout_queue for update');
      const fanningOut = fanOutBatch(server.orm);
      // Once the fan-out waits on the queue row, it has matched (and holds) the registration.
      await waitUntil(async () => (await lockWaits(server)) === 1);
      const deleting = fetch(`${server.url}/pagamentos/api/v1/webhook/${registration}`, { method: 'DELETE', headers: { authorization: app.headers.authorization! } });
      // The delete waits too, on the registration the fan-out holds.
      await waitUntil(async () => (await lockWaits(server)) === 2);
      await blocker.query('rollback');
      expect(await fanningOut).toBe(1);
      expect((await deleting).status).toBe(204);
    } finally {
      await blocker.end();
    }

    const [delivery] = await ofSeller(app, seller);
    expect(delivery).toMatchObject({ status: 'cancelled', attemptCount: 0 });
    expect(await productSubscription(registration, seller)).toEqual({ active: false, disabled_reason: null, deleted: true });
  });
});

/** Sessions of this database waiting for a lock right now. */
async function lockWaits(server: TestApp): Promise<number> {
  const [row] = await server.orm.em
    .fork()
    .execute<{ count: string }[]>(`select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
  return Number(row!.count);
}
