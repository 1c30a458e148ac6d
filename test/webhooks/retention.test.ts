import { Registry } from 'prom-client';
import { v7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { createRetentionPurge, purgeExpired } from '../../src/webhooks/retention.js';
import { createTestSeller, startTestApp, TEST_ENV, type TestApp } from '../support/app.js';
import { ATTEMPTS_OF_D, emit, fanOutDrained, logLaterAttempt, settledDeliveries, startDispatcher, subscribe } from './fixtures.js';
import { startReceiver, waitUntil, type Receiver } from './receiver.js';

const DAY_MS = 86_400_000;
const WINDOWS = { retentionDeliveriesMs: 30 * DAY_MS, retentionEventsMs: 30 * DAY_MS, retentionBatchSize: 1 };

describe('retention', () => {
  let server: TestApp;
  let receiver: Receiver;
  let dispatcher: Dispatcher | undefined;
  beforeAll(async () => {
    server = await startTestApp();
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = undefined;
  });
  afterAll(async () => {
    await receiver.close();
    await server.close();
  });

  const sql = <T = unknown>(query: string, params: unknown[] = []) => server.orm.em.fork().execute<T[]>(query, params);

  /** Finishes a delivery `days` ago. */
  const finishedDaysAgo = (deliveryId: string, days: number) =>
    sql(`update webhook_delivery set completed_at = now() - make_interval(days => ?) where id = ?`, [days, deliveryId]);

  /**
   * Makes an event `days` old. Event ids are UUID v7 (their time is in the id), so the id
   * is replaced by one of that time wherever it is referenced; foreign-key checks are off
   * for this one transaction only (the test database's superuser may do that).
   */
  async function eventDaysOld(eventId: string, days: number): Promise<string> {
    const aged = v7({ msecs: Date.now() - days * DAY_MS });
    await server.orm.em.fork().transactional(async (tx) => {
      await tx.execute(`set local session_replication_role = replica`);
      await tx.execute(`update outbox_event set id = ?, created_at = now() - make_interval(days => ?) where id = ?`, [aged, days, eventId]);
      await tx.execute(`update webhook_delivery set event_id = ? where event_id = ?`, [aged, eventId]);
      await tx.execute(`update webhook_fanout_queue set event_id = ? where event_id = ?`, [aged, eventId]);
    });
    return aged;
  }

  const eventsOf = async (sellerId: string) =>
    (await sql<{ id: string; aggregate_id: string }>(`select id, aggregate_id from outbox_event where seller_id = ? order by aggregate_id`, [sellerId])).map(
      (row) => row.aggregate_id,
    );

  it('purges finished deliveries, their attempts and unneeded events past their windows, in batches, and nothing still owed or needed', async () => {
    const seller = await createTestSeller(server.orm);
    const quiet = await createTestSeller(server.orm, { name: 'No subscriptions' });
    await subscribe(server, seller, { url: receiver.url });
    dispatcher = await startDispatcher(server);
    await emit(server.orm, seller.id, ['a-old', 'b-recent', 'c-open', 'd-old-delivery'].map((aggregateId) => ({ aggregateId })));
    await emit(server.orm, quiet.id, [{ aggregateId: 'e-unreferenced' }]);
    const deliveries = await settledDeliveries(server, seller, 4);
    await fanOutDrained(server);
    await dispatcher.stop();
    dispatcher = undefined;
    // Fanned out by no dispatcher: still queued, so still needed however old.
    await emit(server.orm, quiet.id, [{ aggregateId: 'f-queued' }]);

    const byAggregate = Object.fromEntries(deliveries.map((delivery) => [delivery.aggregateId, delivery]));
    const eventIds = Object.fromEntries(
      (await sql<{ id: string; aggregate_id: string }>(`select id, aggregate_id from outbox_event where seller_id in (?, ?)`, [seller.id, quiet.id])).map(
        (row) => [row.aggregate_id, row.id],
      ),
    );
    // A retry each, logged in a row of its own (the first attempt is on the delivery's row).
    for (const delivery of deliveries) await logLaterAttempt(server.orm, delivery.id);
    await finishedDaysAgo(byAggregate['a-old']!.id, 31);
    await finishedDaysAgo(byAggregate['b-recent']!.id, 29);
    await finishedDaysAgo(byAggregate['d-old-delivery']!.id, 31);
    // Owed for a long time (a receiver down for weeks): never purged while open.
    await sql(`update webhook_delivery set status = 'retrying', completed_at = null, created_at = now() - interval '60 days' where id = ?`, [byAggregate['c-open']!.id]);
    for (const aggregate of ['a-old', 'b-recent', 'c-open', 'e-unreferenced', 'f-queued']) await eventDaysOld(eventIds[aggregate]!, 31);

    const purged = await purgeExpired(server.orm, WINDOWS);

    expect(purged).toEqual({ webhook_attempt: 2, webhook_delivery: 2, outbox_event: 2 });
    const left = await sql<{ aggregate_id: string; status: string; attempts: string }>(
      `select d.aggregate_id, d.status, ${ATTEMPTS_OF_D} as attempts
         from webhook_delivery d where d.seller_id = ? order by d.aggregate_id`,
      [seller.id],
    );
    expect(left.map((row) => [row.aggregate_id, row.status, Number(row.attempts)])).toEqual([
      ['b-recent', 'succeeded', 2],
      ['c-open', 'retrying', 2],
    ]);
    // a-old's delivery went first, then its event; d's event is recent; b's and c's are still referenced.
    expect(await eventsOf(seller.id)).toEqual(['b-recent', 'c-open', 'd-old-delivery']);
    expect(await eventsOf(quiet.id)).toEqual(['f-queued']);
    // A second pass finds nothing more.
    expect(await purgeExpired(server.orm, WINDOWS)).toEqual({ webhook_attempt: 0, webhook_delivery: 0, outbox_event: 0 });
  });
});

describe('the retention worker', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('runs as a worker that counts what it removed, by table', async () => {
    // A database of its own: the counts below are everything the worker can find.
    const server = await startTestApp();
    const sql = <T = unknown>(query: string, params: unknown[] = []) => server.orm.em.fork().execute<T[]>(query, params);
    const seller = await createTestSeller(server.orm);
    await subscribe(server, seller, { url: receiver.url });
    const dispatcher = await startDispatcher(server);
    await emit(server.orm, seller.id, [{ aggregateId: 'w-1' }, { aggregateId: 'w-2' }]);
    const deliveries = await settledDeliveries(server, seller, 2);
    await dispatcher.stop();
    for (const delivery of deliveries) {
      await logLaterAttempt(server.orm, delivery.id);
      await sql(`update webhook_delivery set completed_at = now() - interval '8 days' where id = ?`, [delivery.id]);
    }

    const registry = new Registry();
    const config = loadConfig({ ...TEST_ENV, DATABASE_URL: server.database.url, RETENTION_DELIVERIES_MS: String(7 * DAY_MS), RETENTION_BATCH_SIZE: '1' });
    const worker = createRetentionPurge({ config, orm: server.orm, logger: createLogger(config), metrics: registry });
    const counted = async (table: string) => (await registry.getSingleMetric('ponte_retention_purged_rows_total')!.get()).values.find((value) => value.labels.table === table)?.value;
    await worker.start();
    try {
      await waitUntil(async () => (await counted('webhook_delivery')) === 2);
      expect(await counted('webhook_attempt')).toBe(2);
      // The events were recorded just now: within their window.
      expect(await counted('outbox_event')).toBe(0);
      expect(await registry.metrics()).toMatch(/^ponte_retention_purged_rows_total\{table="webhook_delivery"\} 2$/m);
      const [row] = await sql<{ count: string }>(`select count(*) from webhook_delivery where seller_id = ?`, [seller.id]);
      expect(Number(row!.count)).toBe(0);
    } finally {
      await worker.stop();
      await server.close();
    }
  });
});
