import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { Authenticator } from '../../src/auth/authenticator.js';
import { authenticateToken, revokeToken, OPERATOR, type Principal } from '../../src/auth/auth.service.js';
import { createLogger } from '../../src/logger.js';
import type { RateLimits } from '../../src/http/rate-limit.js';
import { ConnectionGuard } from '../../src/live/connection-guard.js';
import { createTestSeller, createTestToken } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { waitUntil } from '../webhooks/receiver.js';

/**
 * The periodic check of live connections' tokens decides only for the tokens it asked
 * about: a connection that starts watching while the check's query runs is not taken for
 * revoked (it was closed with 4403 on a valid token, under load).
 */
describe('the live connection guard', () => {
  let database: TestDatabase;
  let wss: WebSocketServer;
  const clients: WebSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => wss.once('listening', resolve));
  });
  afterAll(async () => {
    for (const client of clients) client.terminate();
    await new Promise((resolve) => wss.close(resolve));
    await database.drop();
  });

  /** A real server-side socket, with its client kept open. */
  async function serverSocket(): Promise<WebSocket> {
    const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
    const { port } = wss.address() as { port: number };
    clients.push(new WebSocket(`ws://127.0.0.1:${port}`));
    return accepted;
  }

  async function principalOf(token: string): Promise<Principal> {
    return (await authenticateToken(database.orm.em.fork(), token))!;
  }

  it('does not close a connection watched while a check was under way', { timeout: 60_000 }, async () => {
    const seller = await createTestSeller(database.orm);
    const revoked = await createTestToken(database.orm, seller.id, ['catalog:read']);
    const revokedPrincipal = await principalOf(revoked.token);
    const validPrincipal = await principalOf(seller.token);
    await revokeToken(database.orm.em.fork(), OPERATOR, revokedPrincipal.tokenId);

    const guard = new ConnectionGuard({
      orm: database.orm,
      config: { liveTokenCheckMs: 50 },
      logger: createLogger({ logLevel: 'warn', logFormat: 'json' }),
      authenticator: new Authenticator(),
      // Only authentication and operations spend budgets; watching spends none.
      rateLimits: {} as RateLimits,
      clientAddress: () => '127.0.0.1',
    });
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      const revokedSocket = await serverSocket();
      const validSocket = await serverSocket();
      const closes: number[] = [];
      validSocket.on('close', (code) => closes.push(code));

      // The check's query waits behind this lock until the second connection is watched.
      await blocker.query('begin; lock table api_token in access exclusive mode');
      guard.watch(revokedSocket, revokedPrincipal);
      // (A backend still parsing its statement shows the previous one's text: match on the wait alone.)
      await waitUntil(async () => {
        const { rows } = await blocker.query(
          "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'",
        );
        return rows[0].waiting > 0;
      });
      guard.watch(validSocket, validPrincipal);
      await blocker.query('rollback');

      await waitUntil(() => revokedSocket.readyState === WebSocket.CLOSED);
      // A few more rounds, which now ask about the valid token too.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(closes).toEqual([]);
      expect(validSocket.readyState).toBe(WebSocket.OPEN);
    } finally {
      guard.stop();
      await blocker.end();
    }
  });
});
