import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../../src/db/prepared.js';
import { claimDueDeliveries } from '../../src/webhooks/delivery-queue.js';
import { fanOutBatch } from '../../src/webhooks/fanout.js';
import { QueueDatabase } from '../../src/webhooks/queue-database.js';
import { createTestSeller, startTestApp, type TestApp } from '../support/app.js';
import { emit, subscribe } from './fixtures.js';

/**
 * Every delivery is inserted, leased and recorded: three writes of its row, each of which
 * may add an entry to every index of the table (docs/performance.md, 25).
 */
describe('the delivery table’s writes', () => {
  let server: TestApp;
  let queue: QueueDatabase;

  beforeAll(async () => {
    server = await startTestApp();
    queue = new QueueDatabase(server.database.url);
  });
  afterAll(async () => {
    await queue.close();
    await server.close();
  });

  const sql = <T extends object>(query: string, params: unknown[] = []) => server.orm.em.fork().execute<T[]>(query, params);

  // A lease changes no indexed column, so its new row version can stay on the row's page
  // without an entry in any index, if the page has room: the table keeps room on every page.
  it('writes a claim’s lease beside the delivery’s row, adding no index entries', async () => {
    const seller = await createTestSeller(server.orm);
    await subscribe(server, seller, { url: 'http://127.0.0.1:9/hook' });
    // One event per aggregate, so all are due at once: enough rows to fill several pages.
    await emit(server.orm, seller.id, Array.from({ length: 300 }, (_, n) => ({ aggregateId: `o-lease-${n}`, data: { n } })));
    while ((await fanOutBatch(server.orm)) > 0);

    // Claimed as the dispatcher does, a few at a time, each claim its own transaction. The
    // counters also hold the connection's earlier transactions not yet reported.
    const UPDATES = prepared(
      'delivery_table_test_updates',
      `select pg_stat_get_xact_tuples_updated('webhook_delivery'::regclass)::int as updated,
              pg_stat_get_xact_tuples_hot_updated('webhook_delivery'::regclass)::int as hot`,
    );
    let claimed = 0;
    let updated = 0;
    let hot = 0;
    for (;;) {
      const batch = await queue.transaction(async (run) => {
        const [before] = await run<{ updated: number; hot: number }>(UPDATES, []);
        const leased = await claimDueDeliveries(run, 16, 60_000);
        const [after] = await run<{ updated: number; hot: number }>(UPDATES, []);
        return { leased: leased.length, updated: after!.updated - before!.updated, hot: after!.hot - before!.hot };
      });
      if (batch.leased === 0) break;
      claimed += batch.leased;
      updated += batch.updated;
      hot += batch.hot;
    }
    expect(claimed).toBe(300);
    expect(updated).toBe(300);
    expect(hot / updated).toBeGreaterThanOrEqual(0.95);
  });

  // An index whose columns lead another's serves no lookup the longer one does not, and
  // costs an entry at every insert and at every update that leaves the row's page.
  it('has no index whose columns lead another index’s', async () => {
    const all = await sql<{ name: string; columns: string[]; unique: boolean }>(
      `select i.indexrelid::regclass::text as name, i.indisunique as unique,
              array(select a.attname::text from unnest(i.indkey) with ordinality k(attnum, n)
                      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.n) as columns
         from pg_index i
        where i.indrelid = 'webhook_delivery'::regclass and i.indpred is null`,
    );
    // A unique index enforces a rule as well as serving lookups.
    const indexes = all.filter((index) => !index.unique);
    const leading = indexes.flatMap((index) =>
      all
        .filter((other) => other.name !== index.name && index.columns.every((column, n) => other.columns[n] === column))
        .map((other) => `${index.name} leads ${other.name}`),
    );
    expect(indexes.length).toBeGreaterThan(0);
    expect(leading).toEqual([]);
  });
});
