import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { partitionName, partitionsOf, weekOf } from '../../src/db/partitions.js';
import { createLogger } from '../../src/logger.js';
import { createRetentionPurge, purgeExpired } from '../../src/webhooks/retention.js';
import { createTestSeller, startTestApp, TEST_ENV, type TestApp } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { BEFORE_PARTITIONS, daysAgo, inWeek, seedDelivery, seedEvent } from '../support/weeks.js';
import { subscribe } from './fixtures.js';
import { waitUntil } from './receiver.js';

const DAY_MS = 86_400_000;
const WINDOWS = { retentionDeliveriesMs: 30 * DAY_MS, retentionEventsMs: 30 * DAY_MS };
/** What a test or hook that migrates a database from nothing may take on a loaded machine. */
const MIGRATING_FROM_NOTHING_MS = 120_000;

/** A server over a database that held weeks of history before it was partitioned: `seed` writes it, then the migration moves it over. */
async function populatedServer(seed: (server: TestApp, sellerId: string, subscriptionId: string) => Promise<void>): Promise<TestApp> {
  const server = await startTestApp({ database: await createTestDatabase({ migratedTo: BEFORE_PARTITIONS }) });
  const seller = await createTestSeller(server.orm);
  const subscription = await subscribe(server, seller, { url: 'http://127.0.0.1:9/hook' });
  await seed(server, seller.id, subscription.id);
  await server.orm.migrator.up();
  return server;
}

/** The weeks a table still has, as weeks before this one (0: this week). */
async function weeksLeft(server: TestApp, table: string, weeksAgo: readonly number[]): Promise<number[]> {
  const names = new Set((await partitionsOf(server.orm.em.fork(), table)).map((partition) => partition.name));
  return weeksAgo.filter((weeks) => names.has(partitionName(table, weekOf(inWeek(weeks)))));
}

describe('retention', () => {
  let server: TestApp;
  /** Weeks before this one that are always wholly past a 30-day window (six and more), and two within it. */
  const WEEKS = [10, 9, 8, 7, 6, 4, 2];
  const sql = <T = unknown>(query: string, params: unknown[] = []) => server.orm.em.fork().execute<T[]>(query, params);

  beforeAll(async () => {
    server = await populatedServer(async ({ orm }, sellerId, subscriptionId) => {
      const base = { sellerId, subscriptionId };
      // Ten weeks ago: delivered (once after retries), nothing owed: the whole week goes.
      await seedDelivery(orm, { ...base, at: inWeek(10), aggregateId: 'w10-a', attempts: 3 });
      await seedDelivery(orm, { ...base, at: inWeek(10), aggregateId: 'w10-b', status: 'failed' });
      // Nine: one still owed (a receiver down for weeks) holds its week, and the events its week refers to.
      await seedDelivery(orm, { ...base, at: inWeek(9), aggregateId: 'w9-owed', status: 'retrying', attempts: 2 });
      await seedDelivery(orm, { ...base, at: inWeek(9), aggregateId: 'w9-done' });
      // Eight: redelivered by hand and finished two days ago: its window starts again.
      await seedDelivery(orm, { ...base, at: inWeek(8), aggregateId: 'w8-redelivered', completedAt: daysAgo(2) });
      // Seven: the deliveries go, but an event the fan-out has not taken yet holds the events' week.
      await seedDelivery(orm, { ...base, at: inWeek(7), aggregateId: 'w7-done', attempts: 2 });
      await seedEvent(orm, sellerId, inWeek(7), 'w7-queued', { queued: true });
      // Six: an event nobody subscribed to.
      await seedEvent(orm, sellerId, inWeek(6), 'w6-unsubscribed');
      // Four and two: within the window.
      await seedDelivery(orm, { ...base, at: inWeek(4), aggregateId: 'w4-done', completedAt: inWeek(4) });
      await seedDelivery(orm, { ...base, at: inWeek(2), aggregateId: 'w2-done' });
    });
  }, MIGRATING_FROM_NOTHING_MS);
  afterAll(() => server.close());

  it('drops whole weeks past their window, deliveries with their attempts and then the events they freed, and none holding work owed or rows needed', async () => {
    const purged = await purgeExpired(server.orm, WINDOWS);

    // Deliveries: weeks 10 (2) and 7 (1), with their attempt rows (2 + 1). Events: weeks 10 (2) and 6 (1).
    expect(purged).toEqual({ webhook_attempt: 3, webhook_delivery: 3, outbox_event: 3 });
    expect(await weeksLeft(server, 'webhook_delivery', WEEKS)).toEqual([9, 8, 4, 2]);
    expect(await weeksLeft(server, 'webhook_attempt', WEEKS)).toEqual([9, 8, 4, 2]);
    expect(await weeksLeft(server, 'outbox_event', WEEKS)).toEqual([9, 8, 7, 4, 2]);
    const deliveries = await sql<{ aggregate_id: string; attempts: number }>(
      `select d.aggregate_id, (select count(*)::int from webhook_attempt a where a.delivery_id = d.id) as attempts from webhook_delivery d order by d.aggregate_id`,
    );
    expect(deliveries).toEqual([
      { aggregate_id: 'w2-done', attempts: 0 },
      { aggregate_id: 'w4-done', attempts: 0 },
      { aggregate_id: 'w8-redelivered', attempts: 0 },
      { aggregate_id: 'w9-done', attempts: 0 },
      { aggregate_id: 'w9-owed', attempts: 1 },
    ]);
    const events = await sql<{ aggregate_id: string }>(`select aggregate_id from outbox_event order by aggregate_id`);
    expect(events.map((event) => event.aggregate_id)).toEqual(['w2-done', 'w4-done', 'w7-done', 'w7-queued', 'w8-redelivered', 'w9-done', 'w9-owed']);
    // The default partitions are never dropped; a second pass finds nothing more.
    expect(await sql(`select to_regclass('webhook_delivery_default') is not null as kept`)).toEqual([{ kept: true }]);
    expect(await purgeExpired(server.orm, WINDOWS)).toEqual({ webhook_attempt: 0, webhook_delivery: 0, outbox_event: 0 });

    // Once the week-9 delivery is delivered and the week-7 event fanned out, their weeks go too.
    await sql(`update webhook_delivery set status = 'succeeded', completed_at = now() - interval '31 days' where aggregate_id = 'w9-owed'`);
    await sql(`delete from webhook_fanout_queue`);
    expect(await purgeExpired(server.orm, WINDOWS)).toEqual({ webhook_attempt: 1, webhook_delivery: 2, outbox_event: 4 });
    expect(await weeksLeft(server, 'outbox_event', WEEKS)).toEqual([8, 4, 2]);
  });
});

describe('the retention worker', () => {
  it('runs as a worker that counts what it dropped, by table', async () => {
    const server = await populatedServer(async ({ orm }, sellerId, subscriptionId) => {
      await seedDelivery(orm, { sellerId, subscriptionId, at: inWeek(7), aggregateId: 'w7-a', attempts: 2 });
      await seedDelivery(orm, { sellerId, subscriptionId, at: inWeek(7), aggregateId: 'w7-b' });
    });
    const registry = new Registry();
    const config = loadConfig({ ...TEST_ENV, DATABASE_URL: server.database.url });
    const worker = createRetentionPurge({ config, orm: server.orm, logger: createLogger(config), metrics: registry });
    const counted = async (table: string) => (await registry.getSingleMetric('ponte_retention_purged_rows_total')!.get()).values.find((value) => value.labels.table === table)?.value;
    await worker.start();
    try {
      await waitUntil(async () => (await counted('outbox_event')) === 2);
      expect(await counted('webhook_delivery')).toBe(2);
      expect(await counted('webhook_attempt')).toBe(1);
      expect(await registry.metrics()).toMatch(/^ponte_retention_purged_rows_total\{table="webhook_delivery"\} 2$/m);
      expect(await server.orm.em.fork().execute(`select count(*)::int as count from webhook_delivery`)).toEqual([{ count: 0 }]);
    } finally {
      await worker.stop();
      await server.close();
    }
  }, MIGRATING_FROM_NOTHING_MS);
});
