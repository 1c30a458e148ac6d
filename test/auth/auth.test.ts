import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf } from '../../src/http/rest.js';
import { createTestSeller, graphql, startTestApp, type TestApp } from '../support/app.js';

const VIEWER = '{ viewer { seller { id name } scopes tokenId } }';

describe('authentication and scopes', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp({
      // A scoped route exercises the same hook every domain route relies on.
      beforeListen: (app) => {
        app.get(
          '/test/scoped',
          { config: { scope: 'orders:read' }, schema: { hide: true, querystring: Type.Object({}) } },
          async (request) => ({ sellerId: callerOf(request).sellerId }),
        );
      },
    });
  });
  afterAll(() => server.close());

  it('answers viewer with the token\'s seller and scopes', async () => {
    const seller = await createTestSeller(server.orm, { name: 'Loja Azul', scopes: ['orders:read', 'catalog:read'] });
    const { status, body } = await graphql(server.url, VIEWER, { headers: seller.headers });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      viewer: { seller: { id: seller.id, name: 'Loja Azul' }, scopes: ['orders_read', 'catalog_read'] },
    });
  });

  it('answers 401 UNAUTHENTICATED without a token, with an unknown token and with a malformed header', async () => {
    const seller = await createTestSeller(server.orm);
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer ponte_sk_notarealtoken' },
      { authorization: `Bearer ${seller.token}x` },
      { authorization: `Basic ${seller.token}` },
    ];
    for (const headers of cases) {
      const { status, body } = await graphql(server.url, VIEWER, { headers });
      expect(status).toBe(401);
      expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

      const rest = await fetch(`${server.url}/test/scoped`, { headers });
      expect(rest.status).toBe(401);
      expect(rest.headers.get('content-type')).toContain('application/problem+json');
      expect(await rest.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    }
  });

  it('answers 403 FORBIDDEN when the token lacks the route\'s scope', async () => {
    const reader = await createTestSeller(server.orm, { scopes: ['orders:read'] });
    const catalogOnly = await createTestSeller(server.orm, { scopes: ['catalog:read'] });

    const allowed = await fetch(`${server.url}/test/scoped`, { headers: reader.headers });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ sellerId: reader.id });

    const denied = await fetch(`${server.url}/test/scoped`, { headers: catalogOnly.headers });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'orders:read' });
  });

  it('lets a token create tokens only within its own scopes', async () => {
    const seller = await createTestSeller(server.orm, { scopes: ['orders:read', 'orders:write'] });
    const create = `mutation ($input: CreateTokenInput!) { createToken(input: $input) { token apiToken { scopes } } }`;

    const beyond = await graphql(server.url, create, {
      headers: seller.headers,
      variables: { input: { scopes: ['webhooks_write'] } },
    });
    expect(beyond.status).toBe(403);
    expect(beyond.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const within = await graphql<{ createToken: { token: string; apiToken: { scopes: string[] } } }>(server.url, create, {
      headers: seller.headers,
      variables: { input: { scopes: ['orders_read'] } },
    });
    expect(within.body.data?.createToken.apiToken.scopes).toEqual(['orders_read']);
    const newToken = within.body.data!.createToken.token;
    expect(newToken).toMatch(/^ponte_sk_[A-Za-z0-9_-]{43}$/);

    const viewer = await graphql(server.url, VIEWER, { headers: { authorization: `Bearer ${newToken}` } });
    expect(viewer.body.data).toMatchObject({ viewer: { seller: { id: seller.id }, scopes: ['orders_read'] } });
  });

  it('reads an empty or missing scope list as the caller\'s own scopes, never as every scope', async () => {
    const reader = await createTestSeller(server.orm, { scopes: ['catalog:read'] });
    const create = `mutation ($input: CreateTokenInput!) { createToken(input: $input) { token apiToken { scopes } } }`;
    for (const input of [{ scopes: [] }, { scopes: null }, {}]) {
      const { body } = await graphql<{ createToken: { token: string; apiToken: { scopes: string[] } } }>(server.url, create, {
        headers: reader.headers,
        variables: { input },
      });
      expect(body.errors).toBeUndefined();
      expect(body.data?.createToken.apiToken.scopes).toEqual(['catalog_read']);
      const viewer = await graphql(server.url, VIEWER, { headers: { authorization: `Bearer ${body.data!.createToken.token}` } });
      expect(viewer.body.data).toMatchObject({ viewer: { scopes: ['catalog_read'] } });
    }
  });

  it('refuses unknown scopes in createToken: they are no Scope value', async () => {
    const seller = await createTestSeller(server.orm);
    const { body } = await graphql(server.url, 'mutation { createToken(input: { scopes: [orders_delete] }) { token } }', {
      headers: seller.headers,
    });
    expect(body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('stores only a hash of each token', async () => {
    const seller = await createTestSeller(server.orm);
    const rows = await server.orm.em.fork().execute<{ secret_hash: string }[]>(
      'select secret_hash from api_token where seller_id = ?',
      [seller.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(seller.token.slice('ponte_sk_'.length));
  });
});
