import { createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm } from '../../src/db/orm.js';
import { isDatabaseUnavailable } from '../../src/db/unavailable.js';
import { ENTITIES } from '../../src/modules.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { freePort } from '../support/process.js';

/** What the real driver throws, classified: the outage shapes are UNAVAILABLE, the rest are not. */
describe('telling a database outage from other errors', () => {
  let database: TestDatabase;
  let silent: Server;
  let silentPort: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // Accepts connections and never answers: a database that hangs.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    await database.drop();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
    try {
      await work();
    } catch (error) {
      return error;
    }
    throw new Error('expected the work to fail');
  }

  it('counts a refused connection, a connect timeout and a terminated session', async () => {
    const refused = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/postgres` });
    expect(isDatabaseUnavailable(await failureOf(() => refused.query('select 1')))).toBe(true);
    await refused.end();

    const hanging = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${silentPort}/postgres`, connectionTimeoutMillis: 50 });
    expect(isDatabaseUnavailable(await failureOf(() => hanging.query('select 1')))).toBe(true);
    await hanging.end();

    const victim = new pg.Client({ connectionString: database.url });
    victim.on('error', () => undefined);
    await victim.connect();
    const { pid } = (await victim.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!;
    await database.orm.em.getConnection().execute('select pg_terminate_backend(?)', [pid]);
    expect(isDatabaseUnavailable(await failureOf(() => victim.query('select 1')))).toBe(true);
    await victim.end().catch(() => undefined);
  });

  it('counts an outage seen through the ORM', async () => {
    const error = await failureOf(() =>
      database.orm.em.fork().transactional(async (em) => {
        await em.getConnection().execute('select pg_terminate_backend(pg_backend_pid())', [], 'all', em.getTransactionContext());
      }),
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('gets the pool slot of a session killed inside a transaction back, so the service recovers', async () => {
    const orm = await createOrm(database.url, { entities: ENTITIES, poolMax: 2 });
    try {
      for (let killed = 0; killed < 3; killed++) {
        const error = await failureOf(() =>
          orm.em.fork().transactional(async (em) => {
            await em.getConnection().execute('select pg_terminate_backend(pg_backend_pid())', [], 'all', em.getTransactionContext());
          }),
        );
        expect(isDatabaseUnavailable(error)).toBe(true);
      }
      // With the slots of the killed sessions lost, this would wait for a connection in vain.
      await expect(orm.em.getConnection().execute('select 1 as one')).resolves.toEqual([{ one: 1 }]);
    } finally {
      await orm.close(true);
    }
  });

  it('does not count errors of the request or of our own SQL', async () => {
    const connection = database.orm.em.getConnection();
    expect(isDatabaseUnavailable(await failureOf(() => connection.execute('select * from no_such_table')))).toBe(false);
    expect(isDatabaseUnavailable(await failureOf(() => connection.execute('select 1/0')))).toBe(false);
    expect(isDatabaseUnavailable(await failureOf(() => connection.execute('selec 1')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
