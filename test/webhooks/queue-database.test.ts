import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { prepared } from '../../src/db/prepared.js';
import { QueueDatabase } from '../../src/webhooks/queue-database.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { waitUntil } from './receiver.js';

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
});
