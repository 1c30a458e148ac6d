import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.js';
import { createOrm, migrate, type Orm } from '../../src/db/orm.js';
import type { RestApp } from '../../src/http/rest.js';
import { createLogger } from '../../src/logger.js';
import { ENTITIES } from '../../src/modules.js';
import { buildServer } from '../../src/server.js';
import { createTestSeller, graphql, TEST_ENV, type TestSeller } from '../support/app.js';
import { freePort } from '../support/process.js';
import { waitUntil } from '../webhooks/receiver.js';

/**
 * The database stopped under a running service: every API request answers 503
 * UNAVAILABLE with Retry-After (never 500), and the service recovers by itself once the
 * database is back. A PostgreSQL of this file's own (the machine's shared server is not
 * ours to stop), really stopped and started again.
 */
describe('the database going away and coming back', () => {
  let dataDir: string;
  let port: number;
  let database: EmbeddedDatabase;
  let orm: Orm;
  let app: RestApp;
  let url: string;
  let seller: TestSeller;

  const startDatabase = () => startEmbeddedPostgres({ dataDir, port, database: 'ponte' });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ponte-down-'));
    // Run as root, the server drops to its own user, which must reach its folder.
    chmodSync(dataDir, 0o755);
    port = await freePort();
    database = await startDatabase();
    orm = await createOrm(database.url, { entities: ENTITIES });
    await migrate(orm);
    const config = loadConfig({ ...TEST_ENV, LOG_LEVEL: 'silent', DATABASE_URL: database.url });
    app = await buildServer({ config, orm, logger: createLogger(config) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    seller = await createTestSeller(orm);
  });
  afterAll(async () => {
    await app?.close();
    await orm?.close(true);
    await database?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const listOrders = () => fetch(`${url}/pedidos`, { headers: seller.headers });
  const ORDERS = '{ orders(first: 1) { edges { cursor } } }';

  it('answers 503 UNAVAILABLE with Retry-After while it is down, over REST and GraphQL, and recovers by itself', async () => {
    expect((await listOrders()).status).toBe(200);
    expect((await graphql(url, ORDERS, { headers: seller.headers })).status).toBe(200);

    await database.stop();

    const rest = await listOrders();
    expect(rest.status).toBe(503);
    expect(rest.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(rest.headers.get('content-type')).toContain('application/problem+json');
    expect(await rest.json()).toMatchObject({ status: 503, code: 'UNAVAILABLE' });

    const write = await fetch(`${url}/canais/loja`, { method: 'PUT', headers: seller.headers, body: JSON.stringify({ name: 'Loja' }) });
    expect(write.status).toBe(503);

    const response = await fetch(`${url}/graphql`, { method: 'POST', headers: seller.headers, body: JSON.stringify({ query: ORDERS }) });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await response.json()) as { data?: unknown; errors: { extensions: { code: string } }[] };
    expect(body.data).toBeUndefined();
    expect(body.errors.map((error) => error.extensions.code)).toEqual(['UNAVAILABLE']);

    const ready = await fetch(`${url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toMatch(/^\d+$/);

    database = await startDatabase();

    await waitUntil(async () => (await listOrders()).status === 200, 15_000);
    expect((await graphql(url, ORDERS, { headers: seller.headers })).status).toBe(200);
    const written = await fetch(`${url}/canais/loja`, { method: 'PUT', headers: seller.headers, body: JSON.stringify({ name: 'Loja' }) });
    expect(written.status).toBe(201);
  });
});
