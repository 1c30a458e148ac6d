import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Orm } from '../../src/db/orm.js';
import { defaultPartitionName, ensurePartitions, partitionName, partitionsOf, PARTITIONS_AHEAD_MS, timeOfUuid, uuidAt, WEEK_MS, weekOf } from '../../src/db/partitions.js';
import { OUTBOX_PARTITIONS } from '../../src/events/outbox-event.entity.js';
import { SYNC_LOG_PARTITIONS } from '../../src/channels/sync.entity.js';
import { partitionUpkeep } from '../../src/kernel/partition-upkeep.js';
import { createLogger } from '../../src/logger.js';
import { DELIVERY_PARTITIONS } from '../../src/webhooks/delivery.entity.js';
import { createTestSeller, startTestApp, TEST_ENV, type TestApp } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { BEFORE_PARTITIONS, inWeek, seedDelivery, seedEvent, seedSyncAttempt, seedSyncRow, type SeededDelivery } from '../support/weeks.js';
import { deliveriesOf, startDispatcher, subscribe } from '../webhooks/fixtures.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/receiver.js';

const PARTITIONED = [...OUTBOX_PARTITIONS, ...DELIVERY_PARTITIONS, ...SYNC_LOG_PARTITIONS];
const DAY_MS = 86_400_000;
/** A test that migrates a database from nothing, twice over here, on a loaded machine. */
const MIGRATING_FROM_NOTHING_MS = 180_000;

const sql = <T = unknown>(orm: Orm, query: string, params: unknown[] = []) => orm.em.fork().execute<T[]>(query, params);

/** Every row of the partitioned tables and the fan-out queue, every column, in key order. */
async function everyRow(orm: Orm): Promise<Record<string, unknown>> {
  const rows: Record<string, unknown> = {};
  for (const [table, order] of Object.entries({ ...Object.fromEntries(PARTITIONED.map(({ table, key }) => [table, `${key}, id`])), webhook_fanout_queue: 'position' })) {
    const [row] = await sql<{ rows: unknown[] }>(orm, `select coalesce(jsonb_agg(to_jsonb(t) order by ${order}), '[]') as rows from ${table} t`);
    rows[table] = row!.rows;
  }
  return rows;
}

/** Rows not in the partition of their key's week: a UUID v7's, or the default one for any other. */
async function misplacedRows(orm: Orm): Promise<string[]> {
  const misplaced: string[] = [];
  for (const { table, key } of PARTITIONED) {
    const rows = await sql<{ partition: string; key: string }>(orm, `select tableoid::regclass::text as partition, ${key}::text as key from ${table}`);
    for (const row of rows) {
      const week = row.key[14] === '7' ? partitionName(table, weekOf(timeOfUuid(row.key))) : defaultPartitionName(table);
      if (row.partition !== week) misplaced.push(`${table} ${row.key} in ${row.partition}, not ${week}`);
    }
  }
  return misplaced;
}

describe('the partitioning migration', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('moves a populated database over and back without losing or changing a row, each into its week; the log reads them and the dispatcher delivers across weeks', async () => {
    const server = await startTestApp({ database: await createTestDatabase({ migratedTo: BEFORE_PARTITIONS }) });
    try {
      const seller = await createTestSeller(server.orm);
      const subscription = await subscribe(server, seller, { url: receiver.url });
      const base = { sellerId: seller.id, subscriptionId: subscription.id };
      // Five weeks of history: delivered (some after retries), failed, still owed, and an
      // event the fan-out has not taken yet; rows whose ids are not time-ordered (v4).
      const seeded: SeededDelivery[] = [];
      for (let weeks = 1; weeks <= 5; weeks++) {
        seeded.push(await seedDelivery(server.orm, { ...base, at: inWeek(weeks), aggregateId: `done-${weeks}`, attempts: weeks % 2 ? 1 : 3 }));
      }
      seeded.push(await seedDelivery(server.orm, { ...base, at: inWeek(2), aggregateId: 'failed-2', status: 'failed', attempts: 3 }));
      const owed = [
        await seedDelivery(server.orm, { ...base, at: inWeek(3), aggregateId: 'owed-3', status: 'retrying', attempts: 2 }),
        await seedDelivery(server.orm, { ...base, at: inWeek(1), aggregateId: 'owed-1', status: 'pending' }),
        await seedDelivery(server.orm, { ...base, at: inWeek(0), aggregateId: 'owed-0', status: 'pending' }),
        await seedDelivery(server.orm, { ...base, at: inWeek(0), aggregateId: 'owed-v4', status: 'pending', id: randomUUID() }),
      ];
      seeded.push(...owed);
      await seedEvent(server.orm, seller.id, inWeek(0), 'queued-0', { queued: true });
      await seedEvent(server.orm, seller.id, inWeek(4), 'v4-event', { id: randomUUID() });
      const syncId = await seedSyncRow(server.orm, seller.id);
      for (const [number, weeks] of [4, 2, 0].entries()) await seedSyncAttempt(server.orm, seller.id, syncId, inWeek(weeks), number + 1);
      const before = await everyRow(server.orm);

      await server.orm.migrator.up();

      expect(await everyRow(server.orm)).toEqual(before);
      expect(await misplacedRows(server.orm)).toEqual([]);
      // The weeks from the oldest row's to two weeks ahead, and no more.
      const weeks = [];
      for (let week = weekOf(inWeek(5)).getTime(); week <= Date.now() + PARTITIONS_AHEAD_MS; week += WEEK_MS) weeks.push(new Date(week));
      expect((await partitionsOf(server.orm.em.fork(), 'outbox_event')).map((partition) => partition.name)).toEqual(
        weeks.map((week) => partitionName('outbox_event', week)),
      );
      // The delivery log reads every one, with its attempts in order.
      const logged = new Map((await deliveriesOf(server, seller)).map((delivery) => [delivery.id, delivery]));
      expect(seeded.filter((delivery) => !logged.has(delivery.id))).toEqual([]);
      for (const delivery of seeded) {
        expect(logged.get(delivery.id)!.attempts.map((attempt) => attempt.number)).toEqual(Array.from({ length: delivery.attempts }, (_, n) => n + 1));
        expect(logged.get(delivery.id)!.eventId).toBe(delivery.eventId);
      }

      // And back: the same rows in ordinary tables.
      await server.orm.migrator.down({ to: BEFORE_PARTITIONS });
      expect(await everyRow(server.orm)).toEqual(before);
      const kinds = await sql<{ relkind: string }>(server.orm, `select relkind from pg_class where relname = any(?)`, [`{${PARTITIONED.map(({ table }) => table).join(',')}}`]);
      expect(kinds.map((kind) => kind.relkind)).toEqual(PARTITIONED.map(() => 'r'));
      await server.orm.migrator.up();
      expect(await everyRow(server.orm)).toEqual(before);

      // Owed deliveries in three weeks and in the default partition, and the event still queued: all sent.
      const dispatcher = await startDispatcher(server);
      try {
        await receiver.waitFor((requests) => new Set(requests.map((request) => request.webhookId)).size === owed.length + 1, 20_000);
        const sent = new Set(receiver.requests.map((request) => request.webhookId));
        expect(owed.filter((delivery) => !sent.has(delivery.id))).toEqual([]);
        await waitUntil(async () => (await deliveriesOf(server, seller)).every((delivery) => delivery.status === 'succeeded' || delivery.status === 'failed'));
      } finally {
        await dispatcher.stop();
      }
    } finally {
      await server.close();
    }
  }, MIGRATING_FROM_NOTHING_MS);
});

describe('the partition upkeep', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('makes the weeks ahead of every table, moving into them what the default partition took meanwhile, without the outbox triggers firing again', async () => {
    const seller = await createTestSeller(server.orm);
    const subscription = await subscribe(server, seller, { url: 'http://127.0.0.1:9/hook' });
    // The last week ahead is gone from every table (as if the upkeep had not run for a
    // week), and rows of that week arrived meanwhile: the default partitions took them.
    const last = weekOf(new Date(Date.now() + PARTITIONS_AHEAD_MS));
    for (const { table } of PARTITIONED) await sql(server.orm, `drop table ${partitionName(table, last)}`);
    const at = new Date(last.getTime() + DAY_MS);
    const early = await seedDelivery(server.orm, { sellerId: seller.id, subscriptionId: subscription.id, at, aggregateId: 'early', attempts: 2 });
    const queued = await seedEvent(server.orm, seller.id, at, 'early-queued', { queued: true });
    await seedSyncAttempt(server.orm, seller.id, await seedSyncRow(server.orm, seller.id), at, 1);
    const [{ count: defaulted }] = (await sql<{ count: number }>(server.orm, `select count(*)::int as count from outbox_event_default`)) as [{ count: number }];
    expect(defaulted).toBe(2);
    const before = await everyRow(server.orm);

    const config = loadConfig({ ...TEST_ENV, DATABASE_URL: server.database.url });
    const workers = [partitionUpkeep('outbox', OUTBOX_PARTITIONS), partitionUpkeep('webhooks', DELIVERY_PARTITIONS), partitionUpkeep('channels', SYNC_LOG_PARTITIONS)].map(
      (entry) => entry.create({ config, orm: server.orm, logger: createLogger(config) }),
    );
    for (const worker of workers) await worker.start();
    try {
      await waitUntil(async () => (await misplacedRows(server.orm)).length === 0);
    } finally {
      for (const worker of workers) await worker.stop();
    }

    for (const { table } of PARTITIONED) {
      const partitions = await partitionsOf(server.orm.em.fork(), table);
      expect(partitions.at(-1)).toEqual({ name: partitionName(table, last), from: uuidAt(last), to: uuidAt(new Date(last.getTime() + WEEK_MS)) });
      // One after another, no gap.
      expect(partitions.slice(1).every((partition, n) => partition.from === partitions[n]!.to)).toBe(true);
    }
    // Moved, not written again: no row changed, and the queue holds the events it held.
    expect(await everyRow(server.orm)).toEqual(before);
    expect(await sql(server.orm, `select event_id from webhook_fanout_queue where event_id in (?, ?)`, [early.eventId, queued])).toEqual([{ event_id: queued }]);
    // A week of deliveries keeps room for leases on its pages, as the migration's do.
    const [options] = await sql<{ reloptions: string[] }>(server.orm, `select reloptions from pg_class where relname = ?`, [partitionName('webhook_delivery', last)]);
    expect(options!.reloptions).toEqual(['fillfactor=60']);
  });

  it('makes the weeks up to any time asked, contiguous, and nothing twice', async () => {
    const until = new Date(Date.now() + 5 * WEEK_MS);
    const made = await ensurePartitions(server.orm, OUTBOX_PARTITIONS[0]!, until);
    expect(made.length).toBeGreaterThanOrEqual(2);
    expect(await ensurePartitions(server.orm, OUTBOX_PARTITIONS[0]!, until)).toEqual([]);
    const partitions = await partitionsOf(server.orm.em.fork(), 'outbox_event');
    expect(partitions.at(-1)!.name).toBe(partitionName('outbox_event', weekOf(until)));
    expect(partitions.slice(1).every((partition, n) => partition.from === partitions[n]!.to)).toBe(true);
    // And a row of that week goes there.
    const seller = await createTestSeller(server.orm);
    const id = await seedEvent(server.orm, seller.id, until, 'far');
    expect(await sql(server.orm, `select tableoid::regclass::text as partition from outbox_event where id = ?`, [id])).toEqual([
      { partition: partitionName('outbox_event', weekOf(until)) },
    ]);
  });
});
