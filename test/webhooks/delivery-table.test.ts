import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../../src/db/prepared.js';
import { claimDueDeliveries, finishFailure, finishSuccesses } from '../../src/webhooks/delivery-queue.js';
import { fanOutBatch } from '../../src/webhooks/fanout.js';
import { QueueDatabase } from '../../src/webhooks/queue-database.js';
import { createTestSeller, startTestApp, type TestApp } from '../support/app.js';
import { recordStatements } from '../support/statements.js';
import { deliveriesOf, emit, subscribe, NOTHING_HELD } from './fixtures.js';

/**
 * Every delivery is inserted, leased and recorded: three writes of its row, each of which
 * may add an entry to every index of the table.
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

    // The counters also hold the connection's earlier transactions not yet reported. They
    // are kept per partition (the table is partitioned by week).
    const UPDATES = prepared(
      'delivery_table_test_updates',
      `select sum(pg_stat_get_xact_tuples_updated(relid))::int as updated, sum(pg_stat_get_xact_tuples_hot_updated(relid))::int as hot
         from pg_partition_tree('webhook_delivery') where isleaf`,
    );
    const { claimed, updated, hot } = await queue.transaction(async (run) => {
      const [before] = await run<{ updated: number; hot: number }>(UPDATES, []);
      const leased = await claimDueDeliveries(run, 300, 60_000, NOTHING_HELD);
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

  // Most deliveries succeed at their first attempt: logging it on the delivery's row, which
  // the record writes anyway, saves an insert into a table of its own and its indexes.
  it('logs the first attempt on the delivery’s row and later ones as attempt rows, and shows them all in order', async () => {
    const seller = await createTestSeller(server.orm);
    await subscribe(server, seller, { url: 'http://127.0.0.1:9/hook' });
    await emit(server.orm, seller.id, [{ aggregateId: 'o-first-attempt' }]);
    while ((await fanOutBatch(server.orm)) > 0);
    // Recent, so the one-day disable window given to finishFailure has not passed: a fixed
    // date here disabled the subscription once the calendar moved past it.
    const at = new Date(Date.now() - 60_000);

    const [first] = await claimDueDeliveries(queue.run, 1, 60_000, NOTHING_HELD);
    expect(first!.attemptNumber).toBe(1);
    const failed = { at, durationMs: 7, statusCode: 503, responseBody: 'busy', error: 'status' as const, errorDetail: 'HTTP 503' };
    await finishFailure(server.orm, { claimed: first!, record: failed, step: { status: 'retrying', delayMs: 0 } }, 86_400_000);
    const [second] = await claimDueDeliveries(queue.run, 1, 60_000, NOTHING_HELD);
    expect(second!.attemptNumber).toBe(2);
    const succeeded = { at: new Date(at.getTime() + 1_000), durationMs: 3, statusCode: 200, responseBody: 'ok', error: null, errorDetail: null };
    expect(await finishSuccesses(queue.run, [{ claimed: second!, record: succeeded, step: { status: 'succeeded' } }])).toEqual([{ recorded: true }]);

    const [row] = await sql<{ first_attempt_status_code: number; first_attempt_response_body: string; rows: string[] }>(
      `select d.first_attempt_status_code, d.first_attempt_response_body,
              array(select a.number || ':' || a.status_code from webhook_attempt a where a.delivery_id = d.id order by a.number) as rows
         from webhook_delivery d where d.id = ?`,
      [first!.id],
    );
    expect(row).toEqual({ first_attempt_status_code: 503, first_attempt_response_body: 'busy', rows: ['2:200'] });
    const [delivery] = await deliveriesOf(server, seller);
    expect(delivery!.status).toBe('succeeded');
    expect(delivery!.attempts).toEqual([
      { number: 1, at: at.toISOString(), durationMs: 7, statusCode: 503, responseBody: 'busy', error: 'status', errorDetail: 'HTTP 503' },
      { number: 2, at: succeeded.at.toISOString(), durationMs: 3, statusCode: 200, responseBody: 'ok', error: null, errorDetail: null },
    ]);
  });

  it('reads attempt rows for a log page only when a delivery on it has attempts beyond its first', async () => {
    const seller = await createTestSeller(server.orm);
    await subscribe(server, seller, { url: 'http://127.0.0.1:9/hook' });
    await emit(server.orm, seller.id, [{ aggregateId: 'o-at-once' }]);
    while ((await fanOutBatch(server.orm)) > 0);
    const [claimed] = await claimDueDeliveries(queue.run, 1, 60_000, NOTHING_HELD);
    const record = { at: new Date(), durationMs: 2, statusCode: 204, responseBody: '', error: null, errorDetail: null };
    await finishSuccesses(queue.run, [{ claimed: claimed!, record, step: { status: 'succeeded' } }]);
    const attemptReads = (statements: string[]) => statements.filter((statement) => statement.includes('webhook_attempt')).length;

    const atOnce = await recordStatements(server.orm, () => deliveriesOf(server, seller));
    expect(atOnce.result.map((delivery) => delivery.attempts.map((attempt) => attempt.number))).toEqual([[1]]);
    expect(attemptReads(atOnce.statements)).toBe(0);

    // A retry logged as a row of its own (as a second attempt's record writes it): now read, once.
    await sql(`update webhook_delivery set attempt_count = 2 where id = ?`, [claimed!.id]);
    await sql(
      `insert into webhook_attempt (id, seller_id, delivery_id, number, at, duration_ms, status_code) values (gen_random_uuid(), ?, ?, 2, now(), 1, 200)`,
      [seller.id, claimed!.id],
    );
    const retried = await recordStatements(server.orm, () => deliveriesOf(server, seller));
    expect(retried.result.map((delivery) => delivery.attempts.map((attempt) => attempt.number))).toEqual([[1, 2]]);
    expect(attemptReads(retried.statements)).toBe(1);
  });
});
