import 'reflect-metadata';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createOrm, migrate, type Orm } from '../../src/db/orm.js';
import { parseLsn } from '../../src/db/replicas.js';
import type { RestApp } from '../../src/http/rest.js';
import { createLogger } from '../../src/logger.js';
import { ENTITIES } from '../../src/modules.js';
import { buildServer } from '../../src/server.js';
import { createTestToken, graphql, TEST_ENV, type TestApp, type TestSeller } from '../support/app.js';
import { startStreamingPair, type StreamingPair } from '../support/replica.js';
import { call, createOrder, orderBody, orderSeller } from '../orders/fixtures.js';

/** How far behind a replica may be and still serve others' reads, here. */
const MAX_LAG_MS = 4000;
const ORDER = 'query ($id: ID!) { order(id: $id) { id } }';
const CREATE = 'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { order { id } } }';

/**
 * Reads that tolerate lag against a real streaming replica (pg_basebackup -R from a primary
 * the test starts), not a second connection to one server: replay is paused and the
 * replica stopped to make it lag and fail.
 */
describe('read replicas', () => {
  let pair: StreamingPair;
  let orm: Orm;
  let app: RestApp;
  let server: TestApp;
  let replica: pg.Client;
  let writer: TestSeller;
  let reader: TestSeller;

  beforeAll(async () => {
    pair = await startStreamingPair();
    orm = await createOrm(pair.primaryUrl, { entities: ENTITIES });
    await migrate(orm);
    const env = { ...TEST_ENV, DATABASE_URL: pair.primaryUrl, DATABASE_READ_URL: pair.replicaUrl, REPLICA_MAX_LAG_MS: String(MAX_LAG_MS), REPLICA_CHECK_MS: '50' };
    const config = loadConfig(env);
    app = await buildServer({ config, orm, logger: createLogger(config) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    server = { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, app, orm, config } as TestApp;
    replica = new pg.Client({ connectionString: pair.replicaUrl });
    await replica.connect();
    writer = await orderSeller(server);
    reader = await createTestToken(orm, writer.id, ['orders:read', 'orders:write']);
    await untilReplicaServes();
  }, 120_000);
  afterAll(async () => {
    await replica?.end().catch(() => undefined);
    await app?.close();
    await orm?.close(true);
    await pair?.remove();
  });

  const ready = async () => (await (await fetch(`${server.url}/health/ready`)).json()) as { checks: { replicas: { state: string; lagSeconds: number | null }[] } };
  const metric = async (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(await (await fetch(`${server.url}/metrics`)).text())?.[1] ?? 0);
  const replicaReads = () => metric('ponte_db_reads_total\\{target="replica"\\}');
  const order = (token: TestSeller, id: string) => call(server, token, 'GET', `/pedidos/${id}`);
  async function untilReplicaServes(): Promise<void> {
    await waitUntil(async () => (await ready()).checks.replicas[0]!.state === 'ok');
  }

  it('serves reads from the replica, which holds what the primary committed', async () => {
    const created = await createOrder(server, writer, orderBody());
    expect(created.status).toBe(201);
    const before = await replicaReads();
    // The reader did not write: its reads go to the replica once it has the order.
    await waitUntil(async () => (await order(reader, created.body.id)).status === 200);
    const listed = await call(server, reader, 'GET', '/pedidos?limit=5');
    expect(listed.body.data.map((entry: { id: string }) => entry.id)).toContain(created.body.id);
    expect(await replicaReads()).toBeGreaterThan(before);
    const [row] = (await replica.query<{ lsn: string }>('select pg_last_wal_replay_lsn()::text as lsn')).rows;
    expect(parseLsn(row!.lsn)).toBeGreaterThan(0n);
  });

  it('lets a client read its own writes while the replica lags, and sends every read to the primary once it lags too far', async () => {
    await replica.query('select pg_wal_replay_pause()');
    try {
      const created = await createOrder(server, writer, orderBody());
      expect(created.status).toBe(201);
      // The writer reads its write at once (from the primary)…
      expect((await order(writer, created.body.id)).status).toBe(200);
      const viaGraphQL = await graphql<{ createOrder: { order: { id: string } } }>(server.url, CREATE, { headers: reader.headers, variables: { input: orderBody() } });
      const mutated = viaGraphQL.body.data!.createOrder.order.id;
      // …and so does a client whose write was a GraphQL mutation, over REST and GraphQL.
      expect((await order(reader, mutated)).status).toBe(200);
      expect((await graphql<{ order: { id: string } | null }>(server.url, ORDER, { headers: reader.headers, variables: { id: mutated } })).body.data!.order).toEqual({ id: mutated });
      // A client that did not write reads the replica while it lags less than the limit: not there yet.
      const other = await createTestToken(orm, writer.id, ['orders:read']);
      expect((await order(other, created.body.id)).status).toBe(404);
      // Past the limit the replica serves nobody: health says so and reads go to the primary.
      await waitUntil(async () => (await ready()).checks.replicas[0]!.state === 'lagging');
      expect((await order(other, created.body.id)).status).toBe(200);
      expect(await metric('ponte_db_replica_lag_seconds\\{replica="[^"]+"\\}')).toBeGreaterThan(MAX_LAG_MS / 1000);
    } finally {
      await replica.query('select pg_wal_replay_resume()');
    }
    await untilReplicaServes();
  });

  it('sends reads to the primary while the replica is down, and back to it once it is up', async () => {
    const created = await createOrder(server, writer, orderBody());
    await waitUntil(async () => (await order(reader, created.body.id)).status === 200);
    await replica.end();
    await pair.stopReplica();
    try {
      // Whether the check or a failed read finds it down first, nobody sees an error.
      expect((await order(reader, created.body.id)).status).toBe(200);
      await waitUntil(async () => (await ready()).checks.replicas[0]!.state === 'down');
      expect(await metric('ponte_db_replica_up\\{replica="[^"]+"\\}')).toBe(0);
      expect((await call(server, reader, 'GET', '/pedidos?limit=5')).status).toBe(200);
    } finally {
      await pair.startReplica();
      replica = new pg.Client({ connectionString: pair.replicaUrl });
      await replica.connect();
    }
    await untilReplicaServes();
    const before = await replicaReads();
    expect((await order(reader, created.body.id)).status).toBe(200);
    expect(await replicaReads()).toBe(before + 1);
  });
});

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
