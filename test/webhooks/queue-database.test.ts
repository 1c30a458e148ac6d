import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { prepared } from '../../src/db/prepared.js';
import { claimDueDeliveries, claimGivenDeliveries, claimNextOfAggregates, finishSuccesses } from '../../src/webhooks/delivery-queue.js';
import { QueueDatabase, type RunStatement } from '../../src/webhooks/queue-database.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { NOTHING_HELD } from './fixtures.js';
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
  it('plans with index scans only from a connection\'s first statement, which queues behind none of its own', async () => {
    const warnings: Error[] = [];
    const listen = (warning: Error) => warnings.push(warning);
    process.on('warning', listen);
    const fresh = new QueueDatabase(database.url);
    try {
      // The first statements of new connections, several at once.
      const settings = await Promise.all(
        [1, 2, 3].map(() => fresh.run<{ seq: string; bitmap: string }>(prepared('queue_test_settings', "select current_setting('enable_seqscan') as seq, current_setting('enable_bitmapscan') as bitmap"), [])),
      );
      expect(settings.flat()).toEqual([1, 2, 3].map(() => ({ seq: 'off', bitmap: 'off' })));
      // node-postgres warns (once per process) when a query is queued on a client busy with another.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.message).filter((message) => /already executing a query/.test(message))).toEqual([]);
    } finally {
      process.off('warning', listen);
      await fresh.close();
    }
  });

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

  const NO_DELIVERY = '00000000-0000-7000-8000-000000000000';

  /**
   * The plan a queue connection keeps for `statement` once `prepare` has run it, as EXPLAIN
   * shows it (`run`: as it ran, which parts were never executed), with each partition's tables and indexes named as the partitioned ones they
   * belong to (webhook_delivery_20261130_pkey: webhook_delivery_pkey). The delivery table
   * is partitioned by week: what reads it by key reads each week by key.
   */
  async function genericPlanOf(statement: string, args: string, prepare: (run: RunStatement) => Promise<unknown>, { run: ran = false } = {}): Promise<string> {
    const plan = await queue.transaction(async (run) => {
      await prepare(run);
      await run(prepared('queue_test_generic', 'set local plan_cache_mode = force_generic_plan'), []);
      const explain = `explain (costs off${ran ? ', analyze, timing off, summary off' : ''}) execute ${statement}(${args})`;
      return (await run<{ 'QUERY PLAN': string }>(prepared(`queue_test_explain_${statement}${ran ? '_run' : ''}`, explain), [])).map((row) => row['QUERY PLAN']).join('\n');
    });
    const partitions = await database.orm.em.fork().execute<{ child: string; parent: string }[]>(
      `select c.relname as child, p.relname as parent from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent`,
    );
    return partitions.reduce((named, { child, parent }) => named.replace(new RegExp(`\\b${child}\\b`, 'g'), parent), plan);
  }

  /** How many partitions the delivery table has: each is read in turn where no key picks one. */
  async function deliveryPartitions(): Promise<number> {
    const [row] = await database.orm.em.fork().execute<{ count: number }[]>(`select count(*)::int as count from pg_inherits where inhparent = 'webhook_delivery'::regclass`);
    return row!.count;
  }

  /** An index scan, or one per partition merged in the index's order (`sortKey`). */
  const inOrder = (sortKey: string, scan: string) => `(Merge Append\n\\s+Sort Key: ${sortKey}\n\\s+->  )?${scan}`;

  // A generic plan made while the queue is empty lasts the connection's life: planned for
  // a few rows, it read every open delivery for each row once thousands were owed. And the
  // aggregate's own open deliveries: a join on the finished row read all of them and sorted
  // them, a cost that grew with the aggregate's backlog (a hot SKU's stock events).
  it('plans the next-of-aggregate claim to probe an aggregate’s first open delivery by key, even on an empty queue', async () => {
    const plan = await genericPlanOf('ponte_webhook_claim_next_of_aggregates', `'{${NO_DELIVERY}}', 10, 1000`, (run) =>
      claimNextOfAggregates(run, [NO_DELIVERY], 10, 1_000),
    );
    // Read in the index's order and stopped at the first: not every delivery the aggregate owes, sorted.
    expect(plan).toMatch(new RegExp(`Limit\\n\\s+->  ${inOrder('owed.sequence', 'Index Scan using webhook_delivery_open_aggregate_index on webhook_delivery owed(_\\d+)?\\n')}`));
    expect(plan).not.toMatch(/Sort\n\s+Sort Key: owed.sequence/);
    // The owed delivery itself is taken by its key, never found by reading the due ones.
    expect(plan).toMatch(/Index Scan using webhook_delivery_pkey on webhook_delivery d_\d+\n\s+Index Cond: \(id = /);
    expect(plan).not.toContain('webhook_delivery_due_index');
    expect(plan).not.toMatch(/(Seq|Bitmap Heap) Scan on webhook_delivery/);
  });

  // Planned for the hundred rows jsonb_to_recordset promises, against a small table, it
  // hashed the batch and read every delivery of the seller for each record.
  it('plans the record of successes to move each delivery by its key, even on an empty queue', async () => {
    const plan = await genericPlanOf('ponte_webhook_record_successes', `'[]'`, (run) => finishSuccesses(run, []));
    expect(plan).toMatch(/Index Scan using webhook_delivery_pkey on webhook_delivery d(_\d+)?\n\s+Index Cond: \(id = ANY/);
    expect(plan).not.toMatch(/Scan using webhook_delivery_seller_id\w* on webhook_delivery d(_\d+)?\b/);
    expect(plan).not.toMatch(/(Seq|Bitmap Heap) Scan on webhook_delivery/);
  });

  // Written as "no earlier open delivery exists", its probe's plan depended on the table's
  // size: one kept from the few rows a new queue holds probed by the subscription alone
  // once thousands were owed, so the claim was planned at every run, at more than it took
  // to run. The probe now reads the aggregate's first open delivery, in the index's order.
  // The fair claim then locks the rows it chose: each by its key, never by reading the due
  // deliveries again for each (a plan made on an empty queue did, until the lock's row
  // test was kept off the partial indexes).
  it('plans the claim to read due deliveries in order, probe each one’s aggregate and lock the chosen by key, even on an empty queue', async () => {
    const plan = await genericPlanOf('ponte_webhook_claim', `'{}', '{}', 32, '{}', '{}', 16, 32, 10, 1000`, (run) => claimDueDeliveries(run, 10, 1_000, NOTHING_HELD));
    // The window: due deliveries in the due index's order, stopped at its size.
    const due = inOrder('d_\\d+.next_attempt_at, d_\\d+.id', 'Index Scan using webhook_delivery_due_index on webhook_delivery d_\\d+\\n');
    expect(plan).toMatch(new RegExp(`->  Limit\\n\\s+->  Nested Loop\\n\\s+->  ${due}`));
    // The aggregate's first open delivery: read in the index's order, stopped at the first.
    const owed = inOrder('owed.sequence', 'Index Scan using webhook_delivery_open_aggregate_index on webhook_delivery owed(_\\d+)?\\n');
    expect(plan).toMatch(new RegExp(`SubPlan \\d\\n\\s+->  Limit\\n\\s+->  ${owed}`));
    // The chosen, locked in their order, each by its key.
    expect(plan).toMatch(/Limit\n(.*\n)*?\s+->  LockRows\n\s+->  Sort\n/);
    expect(plan).toMatch(/Index Scan using webhook_delivery_pkey on webhook_delivery d_\d+\n\s+Index Cond: \(id = (f|by_seller)\.id\)/);
    // The due index is read once: one scan of each week's, in the window.
    expect(plan.match(/webhook_delivery_due_index/g)).toHaveLength(await deliveryPartitions());
    expect(plan).not.toMatch(/Sort\n\s+Sort Key: owed.sequence/);
    expect(plan).not.toMatch(/(Seq|Bitmap Heap) Scan on webhook_delivery/);
  });

  // The fan-out's claim of its own new deliveries: whatever is owed ahead of them in due
  // order (a dead destination's backlog) must cost it nothing.
  it('plans the claim of given deliveries to take each by its key, never reading the due index', async () => {
    const plan = await genericPlanOf('ponte_webhook_claim_given', `'{${NO_DELIVERY}}', '{}', '{}', 32, '{}', '{}', 16, 32, 10, 1000`, (run) =>
      claimGivenDeliveries(run, [NO_DELIVERY], 10, 1_000, NOTHING_HELD),
    );
    expect(plan).toMatch(/Function Scan on unnest given\n\s+->  Append\n\s+->  Index Scan using webhook_delivery_pkey on webhook_delivery d_\d+\n\s+Index Cond: \(id = given\.id\)/);
    expect(plan).not.toContain('webhook_delivery_due_index');
    expect(plan).not.toMatch(/(Seq|Bitmap Heap) Scan on webhook_delivery/);
  });

  // Joined to the given keys one by one (`= any` of them would read every week's index for
  // each), each key is looked up in the week its id falls in: this one in the default
  // partition alone (it is no UUID v7 of any week made).
  it('looks each given delivery up in its own week’s partition only', async () => {
    const plan = await genericPlanOf(
      'ponte_webhook_claim_given',
      `'{${NO_DELIVERY}}', '{}', '{}', 32, '{}', '{}', 16, 32, 10, 1000`,
      (run) => claimGivenDeliveries(run, [NO_DELIVERY], 10, 1_000, NOTHING_HELD),
      { run: true },
    );
    const lookups = (executed: string) =>
      plan.match(new RegExp(`Index Scan using webhook_delivery_pkey on webhook_delivery d_\\d+ ${executed}\\n\\s+Index Cond: \\(id = given\\.id\\)`, 'g')) ?? [];
    expect(lookups('\\(actual rows=0 loops=1\\)')).toHaveLength(1);
    expect(lookups('\\(never executed\\)')).toHaveLength((await deliveryPartitions()) - 1);
  });
});
