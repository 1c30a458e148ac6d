import type { LookupAddress } from 'node:dns';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { Dispatcher } from '../../src/webhooks/dispatcher.js';
import type { LookupAll } from '../../src/webhooks/ssrf-guard.js';
import { createTestSeller, startTestApp, TEST_ENV, type TestApp } from '../support/app.js';
import { deliveriesOf, emit, subscribe, type DeliveryRecord } from './fixtures.js';
import { waitUntil } from './receiver.js';

const INTERNAL_ADDRESS = '10.20.30.40';

/**
 * A subscriber who registers a name that resolves into our network learns that it was
 * blocked, never the address it resolved to (that would map the internal network one
 * name at a time); the server's own log keeps the address for whoever investigates.
 */
describe('a destination the SSRF guard blocks', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' } });
  });
  afterAll(() => server.close());

  it('refuses a private address at registration without echoing it', async () => {
    const seller = await createTestSeller(server.orm);
    const response = await fetch(`${server.url}/webhooks/assinaturas`, {
      method: 'POST',
      headers: seller.headers,
      body: JSON.stringify({ url: `http://${INTERNAL_ADDRESS}:8080/hook`, events: ['*'] }),
    });
    expect(response.status).toBe(422);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '/url', message: 'the host is not a public address' }] });
    expect(text).not.toContain(INTERNAL_ADDRESS);
  });

  it('logs the blocked attempt without the resolved address, which only the server log records', async () => {
    const seller = await createTestSeller(server.orm);
    await subscribe(server, seller, { url: 'http://hooks.partner.example/hook', events: ['pedido.criado'] });
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    // The name resolves into the private network (a rebinding answer, say).
    const lookup: LookupAll = async () => [{ address: INTERNAL_ADDRESS, family: 4 } satisfies LookupAddress];
    const config = loadConfig({ ...TEST_ENV, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_MAX_ATTEMPTS: '1', DATABASE_URL: server.database.url });
    const dispatcher = new Dispatcher({ config, orm: server.orm, logger, pollIntervalMs: 100, lookup });
    await dispatcher.start();
    try {
      await emit(server.orm, seller.id, [{ type: 'pedido.criado', aggregateId: 'o-1' }]);
      let deliveries: DeliveryRecord[] = [];
      await waitUntil(async () => (deliveries = await deliveriesOf(server, seller)).some((delivery) => delivery.status === 'failed'));

      const [attempt] = deliveries[0]!.attempts;
      expect(attempt).toMatchObject({ error: 'blocked', statusCode: null, errorDetail: expect.stringContaining('hooks.partner.example') });
      expect(JSON.stringify(deliveries)).not.toContain(INTERNAL_ADDRESS);
      expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
        expect.objectContaining({ address: INTERNAL_ADDRESS, msg: 'webhook destination resolved to a blocked address' }),
      );
    } finally {
      await dispatcher.stop();
    }
  });
});
