import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSeller, createTestToken, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { bearer, connectLive, subscribe, waitForSubscriptions } from '../support/live.js';
import pg from 'pg';
import { hashSecret } from '../../src/auth/secrets.js';
import { CREDENTIALS_CHANNEL } from '../../src/auth/credential-cache.js';
import { recordStatements } from '../support/statements.js';

const VIEWER = '{ viewer { tokenId } }';
const TOKENS = '{ tokens { edges { node { id name prefix scopes createdAt revokedAt } } pageInfo { hasNextPage } } }';
const REVOKE = 'mutation ($id: ID!) { revokeToken(input: { tokenId: $id }) { apiToken { id revokedAt } } }';

async function tokenIdOf(url: string, token: TestSeller): Promise<string> {
  return ((await graphql<{ viewer: { tokenId: string } }>(url, VIEWER, { headers: token.headers })).body.data!).viewer.tokenId;
}

async function revokeOverRest(url: string, caller: TestSeller, id: string): Promise<Response> {
  return fetch(`${url}/tokens/${id}`, { method: 'DELETE', headers: { authorization: caller.headers.authorization! } });
}

describe('listing and revoking API tokens', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ env: { LIVE_TOKEN_CHECK_MS: '60000' } });
  });
  afterAll(() => server.close());

  it('lists the seller\'s tokens without secrets, over GraphQL and REST, and never another seller\'s', async () => {
    const seller = await createTestSeller(server.orm, { scopes: ['catalog:read'] });
    const second = await createTestToken(server.orm, seller.id, ['catalog:read']);
    await createTestSeller(server.orm);
    const ids = [await tokenIdOf(server.url, seller), await tokenIdOf(server.url, second)];

    const { body } = await graphql<{ tokens: { edges: { node: Record<string, unknown> }[] } }>(server.url, TOKENS, { headers: seller.headers });
    const nodes = body.data!.tokens.edges.map((edge) => edge.node);
    expect(nodes.map((node) => node.id)).toEqual(ids);
    expect(nodes[0]).toEqual({
      id: ids[0],
      name: 'default',
      prefix: seller.token.slice(0, 'ponte_sk_'.length + 6),
      scopes: ['catalog_read'],
      createdAt: expect.stringMatching(/Z$/),
      revokedAt: null,
    });
    expect(JSON.stringify(body)).not.toContain(seller.token);

    const rest = await fetch(`${server.url}/tokens?limit=1`, { headers: seller.headers });
    expect(rest.status).toBe(200);
    const page = (await rest.json()) as { data: { id: string }[]; nextCursor: string };
    expect(page.data.map((token) => token.id)).toEqual([ids[0]]);
    const next = (await (await fetch(`${server.url}/tokens?cursor=${page.nextCursor}`, { headers: seller.headers })).json()) as { data: { id: string }[] };
    expect(next.data.map((token) => token.id)).toEqual([ids[1]]);
    expect((await fetch(`${server.url}/tokens`)).status).toBe(401);
  });

  it('records which token created a token, so the tokens a leaked one minted can be found', async () => {
    const seller = await createTestSeller(server.orm, { scopes: ['catalog:read'] });
    const minted = await graphql<{ createToken: { apiToken: { id: string } } }>(server.url, 'mutation { createToken(input: { name: "minted" }) { apiToken { id } } }', { headers: seller.headers });
    const listed = (await (await fetch(`${server.url}/tokens`, { headers: seller.headers })).json()) as { data: { id: string; issuedBy: string | null }[] };
    expect(listed.data).toEqual([
      expect.objectContaining({ id: await tokenIdOf(server.url, seller), issuedBy: null }),
      expect.objectContaining({ id: minted.body.data!.createToken.apiToken.id, issuedBy: await tokenIdOf(server.url, seller) }),
    ]);
  });

  it('revokes a token at once: 204, then 401 for every request it makes, shown with revokedAt', async () => {
    const owner = await createTestSeller(server.orm);
    const victim = await createTestToken(server.orm, owner.id, ['orders:read']);
    const victimId = await tokenIdOf(server.url, victim);
    expect((await revokeOverRest(server.url, owner, victimId)).status).toBe(204);

    expect((await graphql(server.url, VIEWER, { headers: victim.headers })).status).toBe(401);
    expect((await fetch(`${server.url}/pedidos`, { headers: victim.headers })).status).toBe(401);
    // Revoking again changes nothing.
    expect((await revokeOverRest(server.url, owner, victimId)).status).toBe(204);
    const listed = (await (await fetch(`${server.url}/tokens`, { headers: owner.headers })).json()) as { data: { id: string; revokedAt: string | null }[] };
    expect(listed.data.find((token) => token.id === victimId)?.revokedAt).toMatch(/Z$/);
  });

  it('answers 404 for another seller\'s token and 403 for a token with scopes the caller lacks', async () => {
    const mine = await createTestSeller(server.orm, { scopes: ['catalog:read', 'catalog:write'] });
    const theirs = await createTestSeller(server.orm);
    const theirId = await tokenIdOf(server.url, theirs);
    const rest = await revokeOverRest(server.url, mine, theirId);
    expect(rest.status).toBe(404);
    expect(await rest.json()).toMatchObject({ code: 'NOT_FOUND' });
    const gql = await graphql(server.url, REVOKE, { headers: mine.headers, variables: { id: theirId } });
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await graphql(server.url, VIEWER, { headers: theirs.headers })).status).toBe(200);

    const stronger = await createTestToken(server.orm, mine.id, ['catalog:read', 'orders:read']);
    const strongerId = await tokenIdOf(server.url, stronger);
    const refused = await revokeOverRest(server.url, mine, strongerId);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN', scopes: ['orders:read'] });
    expect((await graphql(server.url, VIEWER, { headers: stronger.headers })).status).toBe(200);

    const weaker = await createTestToken(server.orm, mine.id, ['catalog:read']);
    const revoked = await graphql<{ revokeToken: { apiToken: { id: string; revokedAt: string } } }>(server.url, REVOKE, {
      headers: mine.headers,
      variables: { id: await tokenIdOf(server.url, weaker) },
    });
    expect(revoked.body.data?.revokeToken.apiToken.revokedAt).toMatch(/Z$/);
    expect((await graphql(server.url, VIEWER, { headers: weaker.headers })).status).toBe(401);
  });

  it('refuses an operation over an open graphql-ws connection once its token is revoked, closing it with 4403', async () => {
    const owner = await createTestSeller(server.orm);
    const holder = await createTestToken(server.orm, owner.id, ['catalog:read', 'catalog:write']);
    const live = connectLive(server.url, bearer(holder.token));
    try {
      // An open subscription keeps the (lazy) client on this one socket.
      subscribe(live.client, 'subscription { stockEvents { id } }');
      const before = subscribe(live.client, VIEWER);
      await before.ended;
      const holderId = (before.events[0] as unknown as { tokenId: string }).tokenId;
      expect(holderId).toBe(await tokenIdOf(server.url, holder));

      // LIVE_TOKEN_CHECK_MS is a minute here: the operation's own check must catch it.
      expect((await revokeOverRest(server.url, owner, holderId)).status).toBe(204);
      const mutation = subscribe(live.client, 'mutation { createToken(input: { name: "after revoke" }) { token } }');
      await mutation.ended;
      expect(mutation.events).toEqual([]);
      expect(await live.closed).toEqual({ code: 4403, reason: expect.stringContaining('revoked') });
      const names = await server.orm.em.fork().execute<{ name: string }[]>('select name from api_token where seller_id = ?', [owner.id]);
      expect(names.map((row) => row.name)).not.toContain('after revoke');
    } finally {
      await live.client.dispose();
    }
  });
});

describe('revoking a token with open live subscriptions', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ env: { LIVE_TOKEN_CHECK_MS: '100' } });
  });
  afterAll(() => server.close());

  it('closes every connection of the token with 4403, and only those', async () => {
    const owner = await createTestSeller(server.orm);
    const holder = await createTestToken(server.orm, owner.id, ['catalog:read']);
    const connections = [connectLive(server.url, bearer(holder.token)), connectLive(server.url, bearer(holder.token))];
    const bystander = connectLive(server.url, bearer(owner.token));
    try {
      const all = [...connections, bystander];
      const subscriptions = all.map((connection) => subscribe(connection.client, 'subscription { stockEvents { id } }'));
      await waitForSubscriptions(server.url, 3).catch((error: Error) => {
        const states = all.map((connection, index) => ({ closed: connection.closedWith, ended: subscriptions[index]!.endedWith, errors: subscriptions[index]!.errors }));
        throw new Error(`${error.message}: ${JSON.stringify(states)}`);
      });

      const revoked = await graphql(server.url, REVOKE, { headers: owner.headers, variables: { id: await tokenIdOf(server.url, holder) } });
      expect(revoked.body.errors).toBeUndefined();
      for (const connection of connections) expect(await connection.closed).toEqual({ code: 4403, reason: expect.stringContaining('revoked') });
      await waitForSubscriptions(server.url, 1);
      const still = subscribe(bystander.client, VIEWER);
      await still.ended;
      expect(still.events).toHaveLength(1);
    } finally {
      for (const connection of [...connections, bystander]) await connection.client.dispose();
    }
  });

  it('lets a seller\'s tokens mint only up to TOKENS_PER_SELLER_MAX active tokens; the operator is not bound', async () => {
    const quota = await startTestApp({ env: { TOKENS_PER_SELLER_MAX: '3' } });
    try {
      const seller = await createTestSeller(quota.orm, { scopes: ['catalog:read'] });
      const CREATE = 'mutation ($name: String!) { createToken(input: { name: $name }) { apiToken { id } token } }';
      const mint = (name: string) => graphql<{ createToken: { apiToken: { id: string } } }>(quota.url, CREATE, { headers: seller.headers, variables: { name } });
      const minted = [await mint('one'), await mint('two')];
      expect(minted.map((reply) => reply.body.errors)).toEqual([undefined, undefined]);
      const refused = await mint('three');
      expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 3 });
      expect((await graphql<{ tokens: { edges: unknown[] } }>(quota.url, TOKENS, { headers: seller.headers })).body.data!.tokens.edges).toHaveLength(3);
      // A revoked token no longer counts.
      await graphql(quota.url, REVOKE, { headers: seller.headers, variables: { id: minted[0]!.body.data!.createToken.apiToken.id } });
      expect((await mint('three')).body.errors).toBeUndefined();
      // The operator (CLI) may always issue one, e.g. to a seller whose tokens are all in use.
      await expect(createTestToken(quota.orm, seller.id, ['catalog:read'])).resolves.toBeDefined();
    } finally {
      await quota.close();
    }
  });
});

// Without the credential cache (AUTH_CACHE_MS=0) every request looks its token up, which
// is where the use is stamped: the throttle alone keeps the writes to one a minute.
describe('a token\'s last use', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ env: { AUTH_CACHE_MS: '0' } });
  });
  afterAll(() => server.close());

  it('shows when a token was last used, writing it at most once a minute however often the token is used', async () => {
    const owner = await createTestSeller(server.orm);
    const worker = await createTestToken(server.orm, owner.id, ['orders:read']);
    const workerId = await tokenIdOf(server.url, worker);
    const lastUsed = async () => {
      const listed = (await (await fetch(`${server.url}/tokens`, { headers: owner.headers })).json()) as { data: { id: string; lastUsedAt: string | null }[] };
      return listed.data.find((token) => token.id === workerId)!.lastUsedAt;
    };
    const first = await lastUsed();
    expect(Date.now() - Date.parse(first!)).toBeLessThan(60_000);

    const { statements } = await recordStatements(server.orm, async () => {
      for (let i = 0; i < 20; i++) expect((await fetch(`${server.url}/pedidos`, { headers: worker.headers })).status).toBe(200);
    });
    expect(statements.filter((sql) => /^update api_token/.test(sql))).toEqual([]);
    expect(await lastUsed()).toBe(first);

    // A minute later the next request writes it again, once for many at the same time.
    await server.orm.em.getConnection().execute(`update api_token set last_used_at = now() - interval '61 seconds' where id = ?`, [workerId]);
    const again = await recordStatements(server.orm, () => Promise.all(Array.from({ length: 5 }, () => fetch(`${server.url}/pedidos`, { headers: worker.headers }))));
    expect(again.statements.filter((sql) => /^update api_token/.test(sql)).length).toBeGreaterThanOrEqual(1);
    const moved = await lastUsed();
    expect(Date.parse(moved!)).toBeGreaterThan(Date.parse(first!));
    const graph = await graphql<{ tokens: { edges: { node: { id: string; lastUsedAt: string | null } }[] } }>(server.url, '{ tokens { edges { node { id lastUsedAt } } } }', { headers: owner.headers });
    expect(graph.body.data!.tokens.edges.find((edge) => edge.node.id === workerId)!.node.lastUsedAt).toBe(moved);

    const unused = await createTestToken(server.orm, owner.id, ['orders:read']);
    const listed = (await (await fetch(`${server.url}/tokens`, { headers: owner.headers })).json()) as { data: { prefix: string; lastUsedAt: string | null }[] };
    expect(listed.data.find((token) => unused.token.startsWith(token.prefix))!.lastUsedAt).toBeNull();
  });

  it('is stamped without telling the credential caches, which a revocation does', async () => {
    const owner = await createTestSeller(server.orm);
    const worker = await createTestToken(server.orm, owner.id, ['orders:read']);
    const workerId = await tokenIdOf(server.url, worker);
    const listener = new pg.Client({ connectionString: server.database.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(`listen ${CREDENTIALS_CHANNEL}`);
    try {
      await server.orm.em.getConnection().execute(`update api_token set last_used_at = now() - interval '61 seconds' where id = ?`, [workerId]);
      const { statements } = await recordStatements(server.orm, () => fetch(`${server.url}/pedidos`, { headers: worker.headers }));
      expect(statements.filter((sql) => /^update api_token/.test(sql))).toHaveLength(1);
      expect((await revokeOverRest(server.url, owner, workerId)).status).toBe(204);
      await expect.poll(() => heard.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(heard).toEqual([hashSecret(worker.token)]);
    } finally {
      await listener.end();
    }
  });
});
