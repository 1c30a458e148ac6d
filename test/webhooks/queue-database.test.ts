import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedStatement } from '../../src/db/prepared.js';
import { QueueDatabase } from '../../src/webhooks/queue-database.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { waitUntil } from './receiver.js';

const statement = (name: string, text: string): PreparedStatement => ({ name, text, sql: text });

/**
 * The dispatcher's fan-out transaction holds one of the queue's connections across
 * several statements. When the server ends that connection between two of them (as a
 * database restart does), the transaction must fail and the process go on: pg's pool
 * listens for a connection's errors only while it is idle, and an 'error' nobody listens
 * to ends the process (here vitest reports it as an uncaught error).
 */
describe('QueueDatabase', () => {
  let database: TestDatabase;
  let queue: QueueDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = new QueueDatabase(database.url);
  });
  afterAll(async () => {
    await queue?.close();
    await database.drop();
  });

  /** Ends the backend `pid` from another connection and waits until it is gone. */
  async function terminate(pid: number): Promise<void> {
    const em = database.orm.em.fork();
    await em.execute('select pg_terminate_backend(?)', [pid]);
    await waitUntil(async () => (await em.execute('select 1 from pg_stat_activity where pid = ?', [pid])).length === 0, 5_000);
    // The termination's message reaches the held connection's socket once the backend is gone.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  it('fails a transaction whose connection the server ends between two statements, and serves the next one', async () => {
    const attempt = queue.transaction(async (run) => {
      const [row] = await run<{ pid: number }>(statement('queue_test_pid', 'select pg_backend_pid() as pid'), []);
      await terminate(row!.pid);
      return run(statement('queue_test_after', 'select 1'), []);
    });
    await expect(attempt).rejects.toThrow();
    expect(await queue.transaction((run) => run<{ one: number }>(statement('queue_test_next', 'select 1 as one'), []))).toEqual([{ one: 1 }]);
    expect(await queue.run<{ one: number }>(statement('queue_test_next', 'select 1 as one'), [])).toEqual([{ one: 1 }]);
  });
});
