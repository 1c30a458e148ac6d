import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { prepared } from '../../src/db/prepared.js';
import { claimDueDeliveries, claimNextOfAggregates } from '../../src/webhooks/delivery-queue.js';
import { QueueDatabase } from '../../src/webhooks/queue-database.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { waitUntil } from './receiver.js';

/** The dispatcher's own connections: a connection lost mid-transaction, and the plans they keep. */
describe('QueueDatabase', () => {
  let database: TestDatabase;
  let queue: QueueDatabase;
  /** What the queue logged, one JSON line each. */
  const logged: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = new QueueDatabase(database.url, pino({ level: 'warn' }, { write: (line: string) => logged.push(line) }));
  });
  afterAll(async () => {
    await queue?.close();
    await database.drop();
  });

  /** Ends the backend `pid` from another connection and waits until the held connection has heard of it. */
  async function terminate(pid: number): Promise<void> {
    await database.orm.em.fork().execute('select pg_terminate_backend(?)', [pid]);
    await waitUntil(() => logged.some((line) => line.includes('webhook queue connection lost')), 5_000);
  }

  // The fan-out's transaction holds one connection across several statements. When the
  // server ends it between two of them (a database restart), the transaction must fail and
  // the process go on: pg's pool listens for a connection's errors only while it is idle,
  // and an 'error' nobody listens to ends the process (vitest reports it as uncaught).
  it('fails a transaction whose connection the server ends between two statements, and serves the next one', async () => {
    const attempt = queue.transaction(async (run) => {
      const [row] = await run<{ pid: number }>(prepared('queue_test_pid', 'select pg_backend_pid() as pid'), []);
      await terminate(row!.pid);
      return run(prepared('queue_test_after', 'select 1'), []);
    });
    await expect(attempt).rejects.toThrow();
    expect(await queue.transaction((run) => run<{ one: number }>(prepared('queue_test_next', 'select 1 as one'), []))).toEqual([{ one: 1 }]);
    expect(await queue.run<{ one: number }>(prepared('queue_test_next', 'select 1 as one'), [])).toEqual([{ one: 1 }]);
  });

  // A generic plan made while the queue is empty lasts the connection's life: planned for
  // a few rows, it read every open delivery for each row once thousands were owed.
  it('plans the next-of-aggregate claim to probe an aggregate’s open deliveries by key, even on an empty queue', async () => {
    const plan = await queue.transaction(async (run) => {
      await claimNextOfAggregates(run, ['00000000-0000-7000-8000-000000000000'], 10, 1_000);
      await run(prepared('queue_test_generic', 'set local plan_cache_mode = force_generic_plan'), []);
      const explain = `explain (costs off) execute ponte_webhook_claim_next_of_aggregates('{00000000-0000-7000-8000-000000000000}', 10, 1000)`;
      return (await run<{ 'QUERY PLAN': string }>(prepared('queue_test_explain', explain), [])).map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Index Scan using webhook_delivery_open_aggregate_index on webhook_delivery owed');
    expect(plan).not.toMatch(/(Seq|Bitmap Heap) Scan on webhook_delivery/);
  });

  // Its not-exists probe's plan depends on the table's size: one kept from the few rows a
  // new queue holds probed by the subscription alone once thousands were owed.
  it('keeps no plan of the claim: it is planned at every run, for the table it meets then', async () => {
    const kept = await queue.transaction(async (run) => {
      for (let i = 0; i < 8; i++) await claimDueDeliveries(run, 10, 1_000);
      await claimNextOfAggregates(run, ['00000000-0000-7000-8000-000000000000'], 10, 1_000);
      const rows = await run<{ name: string }>(prepared('queue_test_kept', `select name from pg_prepared_statements where name like 'ponte_webhook_claim%' order by name`), []);
      return rows.map((row) => row.name);
    });
    expect(kept).toEqual(['ponte_webhook_claim_next_of_aggregates']);
  });
});
