import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialCache, startCredentialCache } from '../../src/auth/credential-cache.js';
import { hashSecret } from '../../src/auth/secrets.js';
import { createLogger } from '../../src/logger.js';
import { loadConfig } from '../../src/config.js';
import { createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { startService, type Service } from '../support/process.js';
import { recordStatements } from '../support/statements.js';

const VIEWER = '{ viewer { tokenId } }';

async function viewer(url: string, token: TestSeller): Promise<{ status: number; tokenId?: string }> {
  const { status, body } = await graphql<{ viewer: { tokenId: string } }>(url, VIEWER, { headers: token.headers });
  return { status, tokenId: body.data?.viewer?.tokenId };
}

/** Asks until the answer is `status`, for up to `limitMs`; the status seen last. */
async function statusWithin(url: string, token: TestSeller, status: number, limitMs: number): Promise<number> {
  const deadline = Date.now() + limitMs;
  let seen = (await viewer(url, token)).status;
  while (seen !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = (await viewer(url, token)).status;
  }
  return seen;
}

async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, 'm').exec(text)?.[1] ?? 0);
}

describe('the credential cache', () => {
  let server: TestApp;
  let other: Service;
  beforeAll(async () => {
    server = await startTestApp();
    // A second service process on the same database: its cache is its own, fed by its own listener.
    other = await startService({ DATABASE_URL: server.database.url, ROLE: 'api' }, ['--no-migrate']);
  }, 90_000);
  afterAll(async () => {
    other?.process.child.kill('SIGTERM');
    await other?.process.exited;
    await server?.close();
  });

  it('answers a token that passed from memory: its next request sends no statement', async () => {
    const seller = await createTestSeller(server.orm);
    expect((await viewer(server.url, seller)).status).toBe(200);
    const { statements } = await recordStatements(server.orm, () => viewer(server.url, seller));
    expect(statements).toEqual([]);
  });

  it('refuses a token on every process once it is revoked on one, within a second', async () => {
    const seller = await createTestSeller(server.orm);
    const { tokenId } = await viewer(server.url, seller);
    // The other process has it cached: its second request is a cache hit.
    expect((await viewer(other.url, seller)).status).toBe(200);
    const hits = await metric(other.url, 'ponte_auth_cache_hits_total');
    expect((await viewer(other.url, seller)).status).toBe(200);
    expect(await metric(other.url, 'ponte_auth_cache_hits_total')).toBe(hits + 1);

    const revoked = await fetch(`${server.url}/tokens/${tokenId}`, { method: 'DELETE', headers: { authorization: seller.headers.authorization! } });
    expect(revoked.status).toBe(204);
    // Refused at once where it was revoked, and on the other process when the commit's
    // notification arrives (milliseconds; a second is the promise).
    expect((await viewer(server.url, seller)).status).toBe(401);
    expect(await statusWithin(other.url, seller, 401, 1000)).toBe(401);
  });

  it('refuses a token revoked by hand in the database (no service involved), and one whose seller is gone', async () => {
    const revokedByHand = await createTestSeller(server.orm);
    const sellerGone = await createTestSeller(server.orm);
    for (const token of [revokedByHand, sellerGone]) {
      expect((await viewer(server.url, token)).status).toBe(200);
      expect((await viewer(other.url, token)).status).toBe(200);
    }
    const sql = server.orm.em.fork();
    await sql.execute('update api_token set revoked_at = now() where secret_hash = ?', [hashSecret(revokedByHand.token)]);
    await sql.execute('delete from api_token where seller_id = ?', [sellerGone.id]);
    await sql.execute('delete from seller where id = ?', [sellerGone.id]);
    for (const url of [server.url, other.url]) {
      expect(await statusWithin(url, revokedByHand, 401, 1000)).toBe(401);
      expect(await statusWithin(url, sellerGone, 401, 1000)).toBe(401);
    }
  });
});

describe('the credential cache without its listener', () => {
  it('holds nothing while its connection is lost, and again once it is back', async () => {
    const database = await createTestDatabase();
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'silent' }));
    const started = (await startCredentialCache<{ id: string }>(60_000, { orm: database.orm, logger, retryDelayMs: 300 }))!;
    const { cache } = started;
    try {
      cache.store('hash', { id: 'a' }, cache.ticket());
      expect(cache.get('hash')).toEqual({ id: 'a' });
      await database.orm.em.fork().execute(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN ponte_credentials'`,
      );
      await waitUntil(() => cache.get('hash') === undefined);
      // Lost: nothing is stored, since a change made now would not be heard.
      cache.store('hash', { id: 'a' }, cache.ticket());
      expect(cache.get('hash')).toBeUndefined();
      // Back (after retryDelayMs): stored again.
      await waitUntil(() => {
        cache.store('hash', { id: 'a' }, cache.ticket());
        return cache.get('hash') !== undefined;
      });
    } finally {
      await started.close();
      await database.drop();
    }
  });

  it('does not store a lookup that was under way when a change arrived', () => {
    const cache = new CredentialCache<{ id: string }>(60_000);
    cache.setListening(true);
    const ticket = cache.ticket();
    cache.changed('other-hash');
    cache.store('hash', { id: 'stale' }, ticket);
    expect(cache.get('hash')).toBeUndefined();
    cache.store('hash', { id: 'fresh' }, cache.ticket());
    expect(cache.get('hash')).toEqual({ id: 'fresh' });
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
