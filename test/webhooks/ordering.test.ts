import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { ATTEMPTS_OF_D, deliveriesOf, emit, settledDeliveries, startDispatcher, subscribe, type DeliveryRecord } from './fixtures.js';
import { startReceiver, waitUntil, type ReceivedRequest, type Receiver, type Reply } from './receiver.js';

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

  describe('what releases an aggregate, and what re-enters the rule', () => {
    const dispatchers: Dispatcher[] = [];
    const receivers: Receiver[] = [];
    afterEach(async () => {
      await Promise.all(dispatchers.splice(0).map((dispatcher) => dispatcher.stop()));
      await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
      await server.orm.em.fork().execute(`update webhook_delivery set status = 'cancelled' where status in ('pending', 'retrying')`);
    });

    const dispatch = async (env: Record<string, string>) => dispatchers.push(await startDispatcher(server, { env }));
    const receiver = async (reply: (request: ReceivedRequest) => Reply) => {
      const started = await startReceiver(reply);
      receivers.push(started);
      return started;
    };
    /** Events of one subscription: `A1, A2, …` of aggregate A, `B1` of B, committed in the order given. */
    const emitNamed = async (seller: TestSeller, names: string[]) => {
      for (const name of names) await emit(server.orm, seller.id, [{ aggregateId: `order-${name[0]}`, data: { name } }]);
    };
    const nameOf = (request: ReceivedRequest) => String(request.envelope.data.name);
    /** The settled deliveries by event name. */
    const settled = async (seller: TestSeller, count: number): Promise<Map<string, DeliveryRecord>> =>
      new Map((await settledDeliveries(server, seller, count)).map((delivery) => [String((delivery.payload as { data: { name: string } }).data.name), delivery]));
    const post = (seller: TestSeller, path: string, body: unknown = {}) =>
      fetch(`${server.url}${path}`, { method: 'POST', headers: seller.headers, body: JSON.stringify(body) });
    /** The delivery's lease and attempts right now, from the database. */
    const stateOf = async (id: string) => {
      const [row] = await server.orm.em
        .fork()
        .execute<{ status: string; leased: boolean; attempts: string }[]>(
          `select status, lease_token is not null as leased, ${ATTEMPTS_OF_D} as attempts from webhook_delivery d where id = ?`,
          [id],
        );
      return { status: row!.status, leased: row!.leased, attempts: Number(row!.attempts) };
    };

    it('lets the next event of an aggregate go once the earlier one has failed for good', async () => {
      const seller = await createTestSeller(server.orm);
      const hook = await receiver((request) => (nameOf(request) === 'A1' ? { status: 500 } : { status: 200 }));
      await subscribe(server, seller, { url: hook.url });
      await dispatch({ WEBHOOK_MAX_ATTEMPTS: '2' });
      await emitNamed(seller, ['A1', 'A2', 'A3']);
      const deliveries = await settled(seller, 3);
      expect(['A1', 'A2', 'A3'].map((name) => deliveries.get(name)!.status)).toEqual(['failed', 'succeeded', 'succeeded']);
      expect(hook.requests.map(nameOf)).toEqual(['A1', 'A1', 'A2', 'A3']);
    });

    it('lets the next event of an aggregate go once the earlier one is cancelled', async () => {
      const seller = await createTestSeller(server.orm);
      const hook = await receiver((request) => (nameOf(request) === 'A1' ? { status: 500 } : { status: 200 }));
      await subscribe(server, seller, { url: hook.url });
      // A1 is retried, slowly: A2 waits behind it…
      await dispatch({ WEBHOOK_MAX_ATTEMPTS: '100', WEBHOOK_BACKOFF_BASE_MS: '60000', WEBHOOK_BACKOFF_MAX_MS: '60000' });
      await emitNamed(seller, ['A1', 'A2']);
      await hook.waitFor((requests) => requests.length === 1);
      const a1 = (await deliveriesOf(server, seller)).find((delivery) => (delivery.payload as { data: { name: string } }).data.name === 'A1')!;
      // The receiver answered; the dispatcher records the attempt a moment later.
      await waitUntil(async () => (await stateOf(a1.id)).attempts === 1);
      expect(await stateOf(a1.id)).toMatchObject({ status: 'retrying', attempts: 1 });
      // …until A1 is cancelled (as deleting a subscription does to what it owed).
      await server.orm.em.fork().execute(`update webhook_delivery set status = 'cancelled', completed_at = now() where id = ?`, [a1.id]);
      const deliveries = await settled(seller, 2);
      expect(deliveries.get('A2')!.status).toBe('succeeded');
      expect(hook.requests.map(nameOf)).toEqual(['A1', 'A2']);
    });

    it('keeps a redelivered later event behind a redelivered earlier one that is in flight', async () => {
      const seller = await createTestSeller(server.orm);
      const hook = await receiver(() => ({ status: 200 }));
      await subscribe(server, seller, { url: hook.url });
      await dispatch({});
      await emitNamed(seller, ['A1', 'A2', 'B1']);
      const first = await settled(seller, 3);
      hook.requests.splice(0);

      // A1's new round is held in flight; A2 and B1 are redelivered after it.
      hook.pause((request) => nameOf(request) === 'A1');
      for (const name of ['A1', 'A2', 'B1']) expect((await post(seller, `/webhooks/entregas/${first.get(name)!.id}/reenvio`)).status).toBe(202);
      await hook.waitFor((requests) => requests.some((request) => nameOf(request) === 'B1'));
      // B1 was due after A2 and is sent: A2, had it been claimable, would have been taken first.
      expect(await stateOf(first.get('A2')!.id)).toEqual({ status: 'pending', leased: false, attempts: 1 });
      expect(hook.requests.map(nameOf).sort()).toEqual(['A1', 'B1']);

      hook.resume();
      await settled(seller, 3);
      await hook.waitFor((requests) => requests.length === 3);
      expect(hook.requests.map(nameOf).filter((name) => name.startsWith('A'))).toEqual(['A1', 'A2']);
      expect(await stateOf(first.get('A2')!.id)).toEqual({ status: 'succeeded', leased: false, attempts: 2 });
    });

    it('recovers an aggregate\'s failed events in order: the later waits while the earlier is in flight', async () => {
      const seller = await createTestSeller(server.orm);
      let failing = true;
      const hook = await receiver(() => (failing ? { status: 500 } : { status: 200 }));
      const created = await subscribe(server, seller, { url: hook.url });
      await dispatch({ WEBHOOK_MAX_ATTEMPTS: '1' });
      const since = new Date(Date.now() - 1000).toISOString();
      await emitNamed(seller, ['A1', 'A2', 'B1']);
      const failed = await settled(seller, 3);
      expect([...failed.values()].every((delivery) => delivery.status === 'failed')).toBe(true);
      hook.requests.splice(0);

      failing = false;
      hook.pause((request) => nameOf(request) === 'A1');
      // One statement makes all three due at the same instant, claimed in id order: A1, A2, B1.
      const recovered = await post(seller, `/webhooks/assinaturas/${created.id}/recuperacao`, { since });
      expect(await recovered.json()).toEqual({ redelivered: 3 });
      await hook.waitFor((requests) => requests.some((request) => nameOf(request) === 'B1'));
      expect(await stateOf(failed.get('A2')!.id)).toEqual({ status: 'pending', leased: false, attempts: 1 });

      hook.resume();
      const after = await settled(seller, 3);
      expect([...after.values()].every((delivery) => delivery.status === 'succeeded')).toBe(true);
      expect(hook.requests.map(nameOf).filter((name) => name.startsWith('A'))).toEqual(['A1', 'A2']);
    });
  });
});
