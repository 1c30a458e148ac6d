import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { bearer, connectLive, metric, subscribe } from '../support/live.js';

/**
 * A sandbox seller's token (`ponte_sk_test_…`) is accepted wherever a live one is: REST,
 * GraphQL, graphql-ws; the authenticator's malformed check (which spares the database and
 * the rate limiter a lookup) knows its form, so only a well-formed unknown one costs a query.
 */
describe('sandbox tokens', () => {
  let server: TestApp;
  let sandbox: TestSeller;

  beforeAll(async () => {
    server = await startTestApp();
    sandbox = await createTestSeller(server.orm, { sandbox: true });
  });
  afterAll(async () => server?.close());

  it('work over REST, GraphQL and graphql-ws', async () => {
    expect(sandbox.token).toMatch(/^ponte_sk_test_[A-Za-z0-9_-]{43}$/);
    expect((await call(server, sandbox, 'GET', '/pedidos')).status).toBe(200);
    expect((await graphql(server.url, '{ viewer { sandbox } }', { headers: sandbox.headers })).body.data).toEqual({ viewer: { sandbox: true } });
    const live = connectLive(server.url, bearer(sandbox.token));
    try {
      const viewer = subscribe(live.client, '{ viewer { sandbox } }');
      await viewer.ended;
      expect(viewer.errors).toEqual([]);
    } finally {
      await live.client.dispose();
    }
  });

  it('are refused without a lookup when malformed, with one when unknown', async () => {
    const lookups = () => metric(server.url, 'ponte_auth_lookups_total');
    const before = await lookups();
    for (const malformed of ['ponte_sk_test_short', `${sandbox.token}x`, `ponte_sk_test_${'!'.repeat(43)}`, 'ponte_sk_test_']) {
      expect((await graphql(server.url, '{ viewer { sandbox } }', { headers: { authorization: `Bearer ${malformed}` } })).status).toBe(401);
    }
    expect(await lookups()).toBe(before);
    const unknown = `ponte_sk_test_${randomBytes(32).toString('base64url')}`;
    expect((await graphql(server.url, '{ viewer { sandbox } }', { headers: { authorization: `Bearer ${unknown}` } })).status).toBe(401);
    expect(await lookups()).toBe(before + 1);
  });
});
