import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../support/app.js';
import * as world from './world.js';
import { fixture, shopifyHeaders } from './world.js';

const PER_CONNECTION = 40;
const PER_ADDRESS = 3;

/**
 * The inbound URL's budget is its connection's: a platform's burst far above the
 * per-address budget is taken whole; past the connection's own budget it is 429 with
 * Retry-After (the platforms send again) and nothing is stored; unknown keys spend the
 * address's budget.
 */
describe('the inbound URL\'s rate limit', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({
      env: { SECRETS_KEY: randomBytes(32).toString('base64'), CHANNEL_INBOUND_RATE_LIMIT_PER_MINUTE: String(PER_CONNECTION), RATE_LIMIT_PER_MINUTE: String(PER_ADDRESS) },
    });
  });
  afterAll(() => server.close());

  const body = fixture('shopify/orders-create.json');
  async function shopifyStore(secret: string): Promise<{ url: string; send: (deliveryId: string) => Promise<Response> }> {
    const seller = await world.sellerWith(server.orm, 'loja-shopify');
    const put = await call(server, seller, 'PUT', '/canais/loja-shopify/conexao', {
      platform: 'shopify',
      shopDomain: 'minha-loja.myshopify.com',
      accessToken: 'shpat_x',
      webhookSecret: secret,
      locationId: 'gid://shopify/Location/1',
    });
    expect(put.status).toBe(200);
    return { url: put.body.inboundUrl, send: (deliveryId) => world.postInbound(put.body.inboundUrl, body, shopifyHeaders(secret, body, deliveryId)) };
  }

  it('takes a burst of its connection\'s whole budget at once, then answers 429 with Retry-After and stores nothing; another connection keeps its own', async () => {
    const store = await shopifyStore('secret-a');
    const burst = await Promise.all(Array.from({ length: PER_CONNECTION }, (_, index) => store.send(`burst-${index}`)));
    expect(burst.map((answer) => answer.status)).toEqual(Array(PER_CONNECTION).fill(200));
    const stored = await world.storedNotifications(server.orm);

    const over = await store.send('one-too-many');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(((await over.json()) as { code: string }).code).toBe('RATE_LIMITED');
    expect(await world.storedNotifications(server.orm)).toBe(stored);

    const other = await shopifyStore('secret-b');
    expect((await other.send('other-1')).status).toBe(200);
  });

  it('spends the address\'s budget on keys no connection has', async () => {
    const unknown = `${server.url}/entrada/${randomBytes(32).toString('base64url')}`;
    const answers = [];
    for (let request = 0; request <= PER_ADDRESS; request++) answers.push((await world.postInbound(unknown, body)).status);
    expect(answers).toEqual([...Array(PER_ADDRESS).fill(404), 429]);
  });
});
