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
  // without an entry in any index, if the page has room: the table keeps 40% of every
  // page free. Once earlier versions are pruned (a claim's, once no snapshot can still see
  // them) nearly every lease fits; how soon depends on the oldest transaction running in
  // the whole server, so this claims every row in one transaction, before any pruning:
  // the room kept is then what holds the leases.
  it('keeps room beside each delivery’s row for its lease, which then adds no index entries', async () => {
    const seller = await createTestSeller(server.orm);
    await subscribe(server, seller, { url: 'http://127.0.0.1:9/hook' });
    // One event per aggregate, so all are due at once: enough rows to fill several pages.
    await emit(server.orm, seller.id, Array.from({ length: 300 }, (_, n) => ({ aggregateId: `o-lease-${n}`, data: { n } })));
    while ((await fanOutBatch(server.orm)) > 0);

    // The counters also hold the connection's earlier transactions not yet reported.
    const UPDATES = prepared(
      'delivery_table_test_updates',
      `select pg_stat_get_xact_tuples_updated('webhook_delivery'::regclass)::int as updated,
              pg_stat_get_xact_tuples_hot_updated('webhook_delivery'::regclass)::int as hot`,
    );
    const { claimed, updated, hot } = await queue.transaction(async (run) => {
      const [before] = await run<{ updated: number; hot: number }>(UPDATES, []);
      const leased = await claimDueDeliveries(run, 300, 60_000);
      const [after] = await run<{ updated: number; hot: number }>(UPDATES, []);
      return { claimed: leased.length, updated: after!.updated - before!.updated, hot: after!.hot - before!.hot };
    });
    expect(claimed).toBe(300);
    expect(updated).toBe(300);
    // Full pages leave room for none but the last page's few.
    expect(hot / updated).toBeGreaterThanOrEqual(0.5);
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
