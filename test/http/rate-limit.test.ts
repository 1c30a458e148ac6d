import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import type { RestApp } from '../../src/http/rest.js';
import { buildServer } from '../../src/server.js';
import { createTestSeller, createTestToken, graphql, startTestApp, TEST_ENV, type TestApp } from '../support/app.js';
import { bearer, connectLive, metric, subscribe } from '../support/live.js';

const VIEWER = '{ viewer { tokenId } }';
const randomToken = () => `ponte_sk_${randomBytes(32).toString('base64url')}`;

async function viewer(url: string, authorization?: string) {
  return fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization === undefined ? {} : { authorization }) },
    body: JSON.stringify({ query: VIEWER }),
  });
}

/** One operation over an open graphql-ws client: its errors (none when it ran), refused ones included. */
async function operation(client: ReturnType<typeof connectLive>['client'], query = VIEWER) {
  const run = subscribe(client, query);
  const ended = await run.ended;
  return Array.isArray(ended) ? (ended as typeof run.errors) : run.errors;
}

describe('rate limits', () => {
  const servers: TestApp[] = [];
  const start = async (perMinute: number, env: Record<string, string> = {}) => {
    const server = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: String(perMinute), ...env } });
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it('counts one token once however its Authorization header is spelled', async () => {
    const server = await start(4);
    const { token } = await createTestSeller(server.orm);
    const remaining: (string | null)[] = [];
    for (const header of [`Bearer ${token}`, `bearer ${token}`, `Bearer  ${token}`, `BEARER ${token}`]) {
      const response = await viewer(server.url, header);
      expect(response.status).toBe(200);
      remaining.push(response.headers.get('ratelimit-remaining'));
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);
    const refused = await viewer(server.url, `bEaReR ${token}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('counts requests without a valid token on the client address, whatever token they make up', async () => {
    const server = await start(4);
    const { token } = await createTestSeller(server.orm);
    expect((await viewer(server.url, `Bearer ${token}`)).status).toBe(200);
    const statuses: number[] = [];
    for (const authorization of [randomToken(), randomToken(), undefined, 'garbage', randomToken()]) {
      statuses.push((await viewer(server.url, authorization && `Bearer ${authorization}`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // A real token has its own budget.
    expect((await viewer(server.url, `Bearer ${token}`)).headers.get('ratelimit-remaining')).toBe('2');
  });

  it('refuses malformed and already refused tokens without a query, and looks each new one up once, whatever its address spent', async () => {
    const server = await start(20);
    const { token } = await createTestSeller(server.orm);
    expect((await viewer(server.url, `Bearer ${token}`)).status).toBe(200);
    const lookups = () => metric(server.url, 'ponte_auth_lookups_total');
    const before = await lookups();

    for (const malformed of ['ponte_sk_short', `${token}x`, `${token.slice(0, -1)}!`, 'ponte_app_', 'x'.repeat(5000)]) {
      expect((await viewer(server.url, `Bearer ${malformed}`)).status).toBe(401);
    }
    expect(await lookups()).toBe(before);

    const unknown = randomToken();
    for (let i = 0; i < 5; i++) expect((await viewer(server.url, `Bearer ${unknown}`)).status).toBe(401);
    expect(await lookups()).toBe(before + 1);

    // The address has 10 of its 20 left: made-up tokens spend it (401), then are refused (429).
    // Each new one is still looked up first, so that a valid token behind the same address
    // is never refused for what others sent.
    for (let i = 0; i < 10; i++) expect((await viewer(server.url, `Bearer ${randomToken()}`)).status).toBe(401);
    expect(await lookups()).toBe(before + 11);
    for (let i = 0; i < 10; i++) expect((await viewer(server.url, `Bearer ${randomToken()}`)).status).toBe(429);
    expect(await lookups()).toBe(before + 21);
    // …and once refused, a made-up token costs no query again.
    expect((await viewer(server.url, `Bearer ${unknown}`)).status).toBe(429);
    expect(await lookups()).toBe(before + 21);

    // A token that worked from here is served from the credential cache, without a lookup
    // (a revocation empties the cache: test/auth/credential-cache.test.ts).
    expect((await viewer(server.url, `Bearer ${token}`)).status).toBe(200);
    expect(await lookups()).toBe(before + 21);
  });

  it('serves a valid token never seen before from an address that made-up tokens spent', async () => {
    const server = await start(4);
    const { token } = await createTestSeller(server.orm);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await viewer(server.url, `Bearer ${randomToken()}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const valid = await viewer(server.url, `Bearer ${token}`);
    expect(valid.status).toBe(200);
    expect(valid.headers.get('ratelimit-remaining')).toBe('3');
    // Over graphql-ws too: the address is spent, the token is not.
    const live = connectLive(server.url, bearer(token));
    try {
      expect(await operation(live.client)).toEqual([]);
    } finally {
      await live.client.dispose();
    }
  });

  /** Made-up tokens from three forwarded addresses, two each but the last. */
  const forwardedStatuses = async (server: TestApp) => {
    const seen: number[] = [];
    for (const address of ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2', '203.0.113.3']) {
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ query: VIEWER }),
      });
      seen.push(response.status);
    }
    return seen;
  };

  it('ignores X-Forwarded-For without TRUST_PROXY: the header is the client\'s to forge', async () => {
    expect(await forwardedStatuses(await start(2))).toEqual([401, 401, 429, 429, 429]);
  });

  it('reads the client address from X-Forwarded-For when the peer is a TRUST_PROXY, over HTTP and graphql-ws', async () => {
    const behindProxy = await start(2, { TRUST_PROXY: '127.0.0.1' });
    expect(await forwardedStatuses(behindProxy)).toEqual([401, 401, 401, 401, 401]);
    // graphql-ws: a failed connection_init spends the forwarded address's budget.
    const codes: number[] = [];
    for (const address of ['203.0.113.3', '203.0.113.1']) {
      const socket = new WebSocket(`${behindProxy.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers: { 'x-forwarded-for': address } });
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: bearer(randomToken()) })));
      codes.push(await closed);
    }
    expect(codes).toEqual([4401, 4429]);
  });

  it('refuses a TRUST_PROXY that is not a list of addresses or networks', () => {
    for (const value of ['true', '2', '10.0.0.0/33', 'proxy.example.com']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8, ::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
  });

  it('holds one budget per seller over all its tokens, HTTP and graphql-ws alike', async () => {
    const server = await start(3, { RATE_LIMIT_PER_SELLER_PER_MINUTE: '5' });
    const seller = await createTestSeller(server.orm);
    const [second, third] = [await createTestToken(server.orm, seller.id, ['catalog:read']), await createTestToken(server.orm, seller.id, ['orders:read'])];
    const statuses = async (token: string, times: number) => {
      const seen: number[] = [];
      for (let i = 0; i < times; i++) seen.push((await viewer(server.url, `Bearer ${token}`)).status);
      return seen;
    };
    expect(await statuses(seller.token, 3)).toEqual([200, 200, 200]);
    expect(await statuses(second.token, 2)).toEqual([200, 200]);
    const overSeller = await viewer(server.url, `Bearer ${third.token}`);
    expect(overSeller.status).toBe(429);
    expect(overSeller.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await overSeller.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const live = connectLive(server.url, bearer(third.token));
    try {
      expect((await operation(live.client))[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    } finally {
      await live.client.dispose();
    }
    // Another seller's budget is its own.
    expect((await viewer(server.url, `Bearer ${(await createTestSeller(server.orm)).token}`)).status).toBe(200);
  });

  it('counts every graphql-ws operation against the token\'s budget', async () => {
    const server = await start(4);
    const seller = await createTestSeller(server.orm);
    const live = connectLive(server.url, bearer(seller.token));
    try {
      expect(await operation(live.client)).toEqual([]);
      expect(await operation(live.client)).toEqual([]);
      expect((await viewer(server.url, `Bearer ${seller.token}`)).headers.get('ratelimit-remaining')).toBe('1');
      expect(await operation(live.client)).toEqual([]);
      const [refused] = await operation(live.client);
      expect(refused?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
      expect((await viewer(server.url, `Bearer ${seller.token}`)).status).toBe(429);
    } finally {
      await live.client.dispose();
    }
  });

  it('counts failed graphql-ws connections on the address and refuses one out of budget with 4429', async () => {
    const server = await start(2);
    const codes: number[] = [];
    for (const params of [bearer(randomToken()), {}, bearer(randomToken())]) {
      const live = connectLive(server.url, params);
      live.client.subscribe({ query: VIEWER }, { next: () => undefined, error: () => undefined, complete: () => undefined });
      codes.push((await live.closed).code);
    }
    expect(codes).toEqual([4401, 4401, 4429]);
    expect((await viewer(server.url)).status).toBe(429);
  });

  describe('with REDIS_URL', () => {
    let second: RestApp | undefined;
    afterAll(async () => {
      await second?.close();
    });

    it('shares a token\'s budget between HTTP on one process and graphql-ws on another', async () => {
      const env = { RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: 'redis://127.0.0.1:6379' };
      const first = await start(3, env);
      const config = loadConfig({ ...TEST_ENV, ...env, DATABASE_URL: first.database.url });
      second = await buildServer({ config, orm: first.orm, logger: createLogger(config) });
      await second.listen({ port: 0, host: '127.0.0.1' });
      const secondUrl = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;

      const seller = await createTestSeller(first.orm);
      const live = connectLive(secondUrl, bearer(seller.token));
      try {
        expect((await graphql(first.url, VIEWER, { headers: seller.headers })).status).toBe(200);
        expect(await operation(live.client)).toEqual([]);
        expect((await graphql(secondUrl, VIEWER, { headers: seller.headers })).status).toBe(200);
        expect((await graphql(first.url, VIEWER, { headers: seller.headers })).status).toBe(429);
        expect((await operation(live.client))[0]?.extensions?.code).toBe('RATE_LIMITED');
      } finally {
        await live.client.dispose();
      }
    });
  });
});
