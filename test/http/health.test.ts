import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createOrm } from '../../src/db/orm.js';
import { createLogger } from '../../src/logger.js';
import { ENTITIES } from '../../src/modules.js';
import { buildServer } from '../../src/server.js';
import { requireRedis, TEST_REDIS_URL } from '../support/redis.js';
import { createTestSeller, graphql, startTestApp, type TestApp } from '../support/app.js';

describe('health, metrics, OpenAPI and rate limits', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(() => server.close());

  it('reports live and ready with the database up', async () => {
    expect(await (await fetch(`${server.url}/health/live`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { database: 'ok' } });
  });

  it('reports not ready (503 UNAVAILABLE) when the database is unreachable', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const orm = await createOrm('postgres://postgres@127.0.0.1:1/none', { entities: ENTITIES });
    const app = await buildServer({ config, orm, logger: createLogger(config) });
    try {
      const response = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'UNAVAILABLE', checks: { database: 'failing' } });
      expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await orm.close(true);
    }
  });

  it('exposes Prometheus metrics labelled by route pattern', async () => {
    await fetch(`${server.url}/health/live`);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toMatch(/ponte_http_requests_total\{method="GET",route="\/health\/live",status="200"\} \d+/);
    expect(text).toMatch(/^process_cpu_seconds_total\{role="all"\} /m);
  });

  it('serves an OpenAPI 3.1 document', async () => {
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as { openapi: string; info: { title: string } };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toContain('Ponte');
  });

  it('limits each token per minute with RateLimit headers and a 429 problem carrying Retry-After', async () => {
    const seller = await createTestSeller(server.orm);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: seller.headers,
        body: JSON.stringify({ query: '{ viewer { tokenId } }' }),
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(last!.headers.get('ratelimit-limit')).toBe('5');
    expect(await last!.json()).toMatchObject({ code: 'RATE_LIMITED', status: 429 });

    // Another token has its own budget.
    const other = await createTestSeller(server.orm);
    const { status } = await graphql(server.url, '{ viewer { tokenId } }', { headers: other.headers });
    expect(status).toBe(200);
  });
});

describe('rate limits across processes', () => {
  it('shares one token\'s budget between servers when REDIS_URL is set', async () => {
    await requireRedis();
    const env = { RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: TEST_REDIS_URL };
    const first = await startTestApp({ env });
    const second = await startTestApp({ env });
    try {
      // One token valid on both servers: the same seller and token rows in each database.
      const seller = await createTestSeller(first.orm);
      const { ApiToken } = await import('../../src/auth/api-token.entity.js');
      const { Seller } = await import('../../src/auth/seller.entity.js');
      const rows = await first.orm.em.fork().find(ApiToken, { seller: seller.id }, { filters: false });
      const sellerRow = await first.orm.em.fork().findOneOrFail(Seller, { id: seller.id });
      const em = second.orm.em.fork();
      em.create(Seller, { id: sellerRow.id, name: sellerRow.name, createdAt: sellerRow.createdAt });
      await em.flush();
      em.create(ApiToken, { ...rows[0]! });
      await em.flush();

      const statuses: number[] = [];
      for (const server of [first, second, first, second]) {
        statuses.push((await graphql(server.url, '{ viewer { tokenId } }', { headers: seller.headers })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
