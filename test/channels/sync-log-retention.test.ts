import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createSyncLogRetention } from '../../src/channels/sync-log-retention.js';
import { loadConfig } from '../../src/config.js';
import { partitionName, partitionsOf, weekOf } from '../../src/db/partitions.js';
import { createLogger } from '../../src/logger.js';
import { createTestSeller, startTestApp, TEST_ENV } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { BEFORE_PARTITIONS, inWeek, seedSyncAttempt, seedSyncRow } from '../support/weeks.js';
import { waitUntil } from '../webhooks/receiver.js';

describe('the sync log’s retention', () => {
  it('drops the weeks of sync attempts past RETENTION_SYNC_LOG_MS, counting their rows, and keeps the rest', async () => {
    // A database that held weeks of the sync log before it was partitioned.
    const server = await startTestApp({ database: await createTestDatabase({ migratedTo: BEFORE_PARTITIONS }) });
    const seller = await createTestSeller(server.orm);
    const syncId = await seedSyncRow(server.orm, seller.id);
    const weeks = [9, 9, 6, 2, 0];
    for (const [n, weeksAgo] of weeks.entries()) await seedSyncAttempt(server.orm, seller.id, syncId, inWeek(weeksAgo), n + 1);
    await server.orm.migrator.up();

    const registry = new Registry();
    const config = loadConfig({ ...TEST_ENV, DATABASE_URL: server.database.url, RETENTION_SYNC_LOG_MS: String(30 * 86_400_000) });
    const worker = createSyncLogRetention({ config, orm: server.orm, logger: createLogger(config), metrics: registry });
    const counted = async () =>
      (await registry.getSingleMetric('ponte_retention_purged_rows_total')!.get()).values.find((value) => value.labels.table === 'channel_sync_attempt')?.value;
    await worker.start();
    try {
      await waitUntil(async () => (await counted()) === 3);
      const left = await server.orm.em.fork().execute<{ number: number }[]>(`select number from channel_sync_attempt order by number`);
      expect(left.map((row) => row.number)).toEqual([4, 5]);
      const names = new Set((await partitionsOf(server.orm.em.fork(), 'channel_sync_attempt')).map((partition) => partition.name));
      expect([9, 6, 2, 0].filter((weeksAgo) => names.has(partitionName('channel_sync_attempt', weekOf(inWeek(weeksAgo)))))).toEqual([2, 0]);
    } finally {
      await worker.stop();
      await server.close();
    }
    // It migrates a database from nothing: generous on a loaded machine.
  }, 120_000);
});
