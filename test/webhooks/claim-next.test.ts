import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimNextOfAggregates } from '../../src/webhooks/delivery-queue.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { fanOutBatch } from '../../src/webhooks/fanout.js';
import { QueueDatabase, type RunStatement } from '../../src/webhooks/queue-database.js';
import { createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { emit, startDispatcher, subscribe } from './fixtures.js';
import { startReceiver, waitUntil, type Receiver } from './receiver.js';

/** What releases an aggregate's next delivery once the one before it has been recorded. */
describe('claiming an aggregate’s next delivery', () => {
  let server: TestApp;
  let queue: QueueDatabase;
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    server = await startTestApp();
    queue = new QueueDatabase(server.database.url);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await server.orm.em.fork().execute(`update webhook_delivery set status = 'cancelled' where status in ('pending', 'retrying')`);
  });
  afterAll(async () => {
    await queue.close();
    await server.close();
  });

  const sql = <T extends object>(query: string, params: unknown[] = []) => server.orm.em.fork().execute<T[]>(query, params);
  /** Delivery ids of `aggregateId`'s events to the seller, in sequence order. */
  const deliveryIds = async (seller: TestSeller, aggregateId: string) =>
    (await sql<{ id: string }>(`select id from webhook_delivery where seller_id = ? and aggregate_id = ? order by sequence`, [seller.id, aggregateId])).map((row) => row.id);
  const finish = (ids: string[]) => sql(`update webhook_delivery set status = 'succeeded', completed_at = now() where id = any(?::uuid[])`, [`{${ids.join(',')}}`]);
  const claimNext = (finished: string[], limit = 10) => claimNextOfAggregates(queue.run, finished, limit, 5_000);

  /** A seller subscribed to everything, with `aggregates` events of each aggregate fanned out. */
  async function backlog(aggregates: Record<string, number>): Promise<TestSeller> {
    const seller = await createTestSeller(server.orm);
    await subscribe(server, seller, { url: 'http://127.0.0.1:9/hook' });
    for (const [aggregateId, count] of Object.entries(aggregates)) {
      await emit(server.orm, seller.id, Array.from({ length: count }, (_, n) => ({ aggregateId, data: { n } })));
    }
    while ((await fanOutBatch(server.orm)) > 0);
    return seller;
  }

  it('takes the first delivery each finished one’s aggregate still owes, and none after it', async () => {
    const seller = await backlog({ 'o-next-a': 3, 'o-next-b': 2 });
    const [a1, a2, a3] = await deliveryIds(seller, 'o-next-a');
    const [b1, b2] = await deliveryIds(seller, 'o-next-b');
    await finish([a1!, b1!]);

    const claimed = await claimNext([a1!, b1!]);
    expect(claimed.map((delivery) => delivery.id).sort()).toEqual([a2!, b2!].sort());
    expect(claimed.every((delivery) => delivery.leaseToken && delivery.attemptNumber === 1)).toBe(true);
    // a2 is leased now: a3 stays behind it, whoever asks.
    expect(await claimNext([a1!, a2!])).toEqual([]);
    await finish([a2!]);
    expect((await claimNext([a2!])).map((delivery) => delivery.id)).toEqual([a3!]);
  });

  // A finished delivery named twice must not take two of the limit's slots, and other
  // dispatchers ask for the same aggregates while this one's claim is still uncommitted:
  // without SKIP LOCKED the second claim waits for the first's commit (here, forever).
  it('counts a finished delivery named twice once, and skips what another claim holds', async () => {
    const aggregates = Object.fromEntries(Array.from({ length: 6 }, (_, n) => [`o-held-${n}`, 2]));
    const seller = await backlog(aggregates);
    const pairs = await Promise.all(Object.keys(aggregates).map((aggregateId) => deliveryIds(seller, aggregateId)));
    const [firsts, seconds] = [pairs.map(([first]) => first!), pairs.map(([, second]) => second!)];
    await finish(firsts);

    const twice = await claimNext([firsts[0]!, firsts[0]!, firsts[1]!], 2);
    expect(twice.map((delivery) => delivery.id).sort()).toEqual([seconds[0]!, seconds[1]!].sort());

    const rest = firsts.slice(2);
    const { mine, meanwhile } = await queue.transaction(async (run) => {
      const mine = await claimNextOfAggregates(run, rest, rest.length, 5_000);
      // On another connection, while this transaction still holds them.
      return { mine, meanwhile: await claimNext(rest) };
    });
    expect(mine.map((delivery) => delivery.id).sort()).toEqual(seconds.slice(2).sort());
    expect(meanwhile).toEqual([]);
    expect(await claimNext(rest)).toEqual([]);
  });

  it('leaves what is not due, what an inactive subscription owes, and what the limit leaves', async () => {
    const seller = await backlog({ 'o-later': 2, 'o-off': 2, 'o-one': 2, 'o-two': 2 });
    const [later1, later2] = await deliveryIds(seller, 'o-later');
    await finish([later1!]);
    await sql(`update webhook_delivery set next_attempt_at = now() + interval '1 hour' where id = ?`, [later2]);
    expect(await claimNext([later1!])).toEqual([]);

    const [one1, one2] = await deliveryIds(seller, 'o-one');
    const [two1, two2] = await deliveryIds(seller, 'o-two');
    await finish([one1!, two1!]);
    // Nothing finished, or no slot to fill: nothing is claimed (the two stay claimable below).
    expect(await claimNext([])).toEqual([]);
    expect(await claimNext([one1!, two1!], 0)).toEqual([]);
    const first = await claimNext([one1!, two1!], 1);
    expect(first).toHaveLength(1);
    const second = await claimNext([one1!, two1!], 1);
    expect([...first, ...second].map((delivery) => delivery.id).sort()).toEqual([one2!, two2!].sort());

    const [off1] = await deliveryIds(seller, 'o-off');
    await finish([off1!]);
    await sql(`update webhook_subscription set active = false where seller_id = ?`, [seller.id]);
    expect(await claimNext([off1!])).toEqual([]);
  });

  it('sends a delivery its predecessor released while the fan-out that made it was committing', async () => {
    const seller = await createTestSeller(server.orm);
    // The first event's answer takes a while: long enough to hold the fan-out of the second
    // open across it.
    const hook: Receiver = await startReceiver((_request, count) => (count === 1 ? { status: 200, delayMs: 1_500 } : { status: 200 }));
    cleanups.push(() => hook.close());
    await subscribe(server, seller, { url: hook.url });
    const gated = new GatedQueue(server.database.url);
    // No poll within the test: only a wake-up can send the second event.
    const dispatcher: Dispatcher = await startDispatcher(server, { queue: gated, pollIntervalMs: 60_000 });
    cleanups.push(() => dispatcher.stop());

    await emit(server.orm, seller.id, [{ aggregateId: 'o-race', data: { n: 1 } }]);
    await waitUntil(() => hook.requests.length === 1, 5_000);
    const held = gated.holdNextCommit();
    await emit(server.orm, seller.id, [{ aggregateId: 'o-race', data: { n: 2 } }]);
    // The second event's delivery exists, uncommitted, behind the first: its fan-out did not claim it.
    await held.reached;
    const [first] = await deliveryIds(seller, 'o-race');
    // The first answers and is recorded; the wake-up that follows cannot see the second yet.
    await waitUntil(async () => (await sql<{ status: string }>(`select status from webhook_delivery where id = ?`, [first]))[0]?.status === 'succeeded', 5_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hook.requests).toHaveLength(1);

    held.release();
    await waitUntil(() => hook.requests.length === 2, 5_000, () => `${hook.requests.length} received`);
    expect(hook.requests.map((request) => request.envelope.data.n)).toEqual([1, 2]);
  });
});

/** The dispatcher's connections, with the commit of one fan-out that made deliveries held until released. */
class GatedQueue extends QueueDatabase {
  private gate: { reached: () => void; opened: Promise<void> } | undefined;

  holdNextCommit(): { reached: Promise<void>; release: () => void } {
    let reached!: () => void;
    let release!: () => void;
    const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
    this.gate = { reached, opened: new Promise<void>((resolve) => (release = resolve)) };
    return { reached: reachedPromise, release };
  }

  override transaction<T>(work: (run: RunStatement) => Promise<T>): Promise<T> {
    return super.transaction(async (run) => {
      const result = await work(run);
      const gate = this.gate;
      if (gate && ((result as { made?: number }).made ?? 0) > 0) {
        this.gate = undefined;
        gate.reached();
        await gate.opened;
      }
      return result;
    });
  }
}
