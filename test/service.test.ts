import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { processTestTimeout, runProcess, startProcess, startWithFreePort } from './support/process.js';

const MAIN = 'dist/src/main.js';
const CLI = 'dist/src/cli.js';

// Each test starts real processes (about a second each on a quiet machine, much more
// under load): each test's timeout counts them (the CLI tests run about a dozen in a row).
describe('the service process', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('stops at start with one clear line naming a wrong variable', { timeout: processTestTimeout(1) }, async () => {
    const result = await runProcess(MAIN, [], { PORT: 'abc', DATABASE_URL: database.url });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual(['ponte: invalid configuration: PORT must be an integer between 0 and 65535 (got "abc")']);
  });

  it('serves on DATABASE_URL and drains on SIGTERM', { timeout: processTestTimeout(1) }, async () => {
    const service = startProcess(MAIN, [], { DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'info' });
    const [, url] = await service.waitFor(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/);
    expect((await fetch(`${url}/health/ready`)).status).toBe(200);
    // The console of its own build, with no setting (PONTE_CONSOLE_DIR unset).
    const page = await fetch(`${url}/console`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/src="\/console\/assets\/[^"]+\.js"/);
    // No demo seller on a database the operator named.
    expect(service.output()).not.toContain('ponte_sk_');
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(service.output()).toContain('"msg":"stopped"');
  });

  it('administers sellers, tokens and apps from the CLI, printing JSON', { timeout: processTestTimeout(11) }, async () => {
    const env = { DATABASE_URL: database.url };
    const seller = JSON.parse((await runProcess(CLI, ['seller', 'create', '--name', 'Loja CLI'], env)).stdout) as { id: string; name: string };
    expect(seller).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Loja CLI', sandbox: false });

    const token = JSON.parse((await runProcess(CLI, ['token', 'create', '--seller', seller.id, '--scopes', 'orders:read'], env)).stdout) as {
      token: string;
      scopes: string[];
    };
    expect(token.token).toMatch(/^ponte_sk_/);
    expect(token.scopes).toEqual(['orders:read']);

    const app = JSON.parse((await runProcess(CLI, ['app', 'create', '--name', 'Frete Facil'], env)).stdout) as { id: string; credential: string };
    expect(app.credential).toMatch(/^ponte_app_/);
    const installed = JSON.parse((await runProcess(CLI, ['app', 'install', '--app', app.id, '--seller', seller.id], env)).stdout) as {
      app: string;
      seller: string;
    };
    expect(installed).toMatchObject({ app: app.id, seller: seller.id });
    const uninstalled = JSON.parse((await runProcess(CLI, ['app', 'uninstall', '--app', app.id, '--seller', seller.id], env)).stdout) as {
      uninstalledAt: string;
    };
    expect(Date.parse(uninstalled.uninstalledAt)).not.toBeNaN();

    const bad = await runProcess(CLI, ['token', 'create', '--seller', seller.id, '--scopes', 'orders:delete'], env);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stderr)).toMatchObject({ error: 'VALIDATION_FAILED' });
    // An explicitly empty list is a mistake, not a request for every scope.
    for (const scopes of ['', ',', ' , ']) {
      const empty = await runProcess(CLI, ['token', 'create', '--seller', seller.id, '--scopes', scopes], env);
      expect(empty.code).toBe(1);
      expect(JSON.parse(empty.stderr)).toMatchObject({ error: 'VALIDATION_FAILED', errors: [{ path: '/scopes' }] });
    }
    const all = JSON.parse((await runProcess(CLI, ['token', 'create', '--seller', seller.id], env)).stdout) as { scopes: string[] };
    expect(all.scopes).toHaveLength(6);
    const missing = await runProcess(CLI, ['token', 'create', '--seller', '01a20107-0000-7000-8000-000000000000'], env);
    expect(JSON.parse(missing.stderr)).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('lists and revokes tokens and application credentials from the CLI', { timeout: processTestTimeout(13) }, async () => {
    const env = { DATABASE_URL: database.url };
    const cli = async (...args: string[]) => {
      const result = await runProcess(CLI, args, env);
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as any;
    };
    const seller = await cli('seller', 'create', '--name', 'Loja Revoga');
    const first = await cli('token', 'create', '--seller', seller.id, '--scopes', 'orders:read', '--name', 'erp');
    const second = await cli('token', 'create', '--seller', seller.id);
    const tokens = await cli('token', 'list', '--seller', seller.id);
    expect(tokens).toEqual([
      { id: first.id, name: 'erp', prefix: first.token.slice(0, 15), scopes: ['orders:read'], createdAt: expect.any(String), lastUsedAt: null, revokedAt: null, issuedBy: null },
      expect.objectContaining({ id: second.id, revokedAt: null }),
    ]);
    expect(JSON.stringify(tokens)).not.toContain(first.token);

    expect(await cli('token', 'revoke', '--id', first.id)).toMatchObject({ id: first.id, revokedAt: expect.stringMatching(/Z$/) });
    expect((await cli('token', 'list', '--seller', seller.id))[0].revokedAt).toMatch(/Z$/);
    const unknown = await runProcess(CLI, ['token', 'revoke', '--id', '01a20107-0000-7000-8000-000000000000'], env);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ error: 'NOT_FOUND' });

    const app = await cli('app', 'create', '--name', 'Rotativo');
    const rotated = await cli('app', 'credential', 'create', '--app', app.id);
    expect(rotated).toMatchObject({ app: app.id, credential: expect.stringMatching(/^ponte_app_/), revokedAt: null });
    const listed = (await cli('app', 'list')).find((entry: { id: string }) => entry.id === app.id);
    expect(listed).toMatchObject({ name: 'Rotativo', credentials: [{ revokedAt: null }, { id: rotated.id, revokedAt: null }] });
    const old = listed.credentials[0].id;
    expect(await cli('app', 'credential', 'revoke', '--id', old)).toMatchObject({ id: old, revokedAt: expect.stringMatching(/Z$/) });
    expect(((await cli('app', 'list')).find((entry: { id: string }) => entry.id === app.id)).credentials[0].revokedAt).toMatch(/Z$/);
  });

  it('on a fresh machine starts an embedded PostgreSQL and prints a working demo token', { timeout: processTestTimeout(3) }, async () => {
    // Under the project, not a 0700 temp folder: the cluster runs as the postgres user.
    const dataDir = resolve('.data', `embedded-test-${randomBytes(4).toString('hex')}`);
    // A port outside the OS's ephemeral range, another one if something took it meanwhile
    // (the server's debug log then says "Address already in use").
    let token: string | undefined;
    const service = await startWithFreePort(
      async (port) => {
        const started = startProcess(MAIN, [], { PONTE_DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(port), PORT: '0', LOG_LEVEL: 'debug' });
        try {
          [, token] = await started.waitFor(/(ponte_sk_[A-Za-z0-9_-]+)/);
          return started;
        } catch (error) {
          started.child.kill('SIGKILL');
          throw error;
        }
      },
      (error) => /Address already in use/.test((error as Error).message),
    );
    try {
      const [, url] = await service.waitFor(/curl -s (http:\/\/127\.0\.0\.1:\d+)\/graphql/);
      const { body } = await graphql(url!, '{ viewer { seller { name } scopes } }', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(body.data).toEqual({
        viewer: { seller: { name: 'Demo seller' }, scopes: ['orders_read', 'orders_write', 'catalog_read', 'catalog_write', 'webhooks_read', 'webhooks_write'] },
      });
    } finally {
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
