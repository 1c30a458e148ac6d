import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putConnection } from '../../src/channels/connection.service.js';
import { InboundWorker } from '../../src/channels/inbound-worker.js';
import { SyncWorker } from '../../src/channels/sync-worker.js';
import { forkForSeller } from '../../src/db/orm.js';
import { createLogger } from '../../src/logger.js';
import { call, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { createSellableSku, recordedEvents } from '../support/catalog.js';
import { waitUntil } from '../webhooks/receiver.js';
import { StandIn, type SeenRequest, type StandInHandler } from './stand-in.js';
import * as world from './world.js';
import { fixture, shopifyHeaders, wooHeaders } from './world.js';

const SECRETS_KEY = randomBytes(32).toString('base64');
/** Long enough for a 9 MiB answer on a loaded machine; the slow stand-in takes twice as long. */
const CHANNEL_TIMEOUT_MS = 1500;
const MAX_ATTEMPTS = 4;
const ML_SELLER = 468424240;
const notification = fixture('mercadolivre/notification.json');
const NOTIFICATION_ID = JSON.parse(notification)._id as string;
const mlOrder = (path: string) => ({ ...JSON.parse(fixture('mercadolivre/order.json')), id: Number(path.split('/')[2]), seller: { id: ML_SELLER } });
const shipment: StandInHandler = () => ({ status: 200, body: JSON.parse(fixture('mercadolivre/shipment.json')) });

/** Mercado Livre's credentials, the access token given. */
const mlCredentials = (accessToken = 'APP_USR-valid') => ({
  platform: 'mercadolivre',
  userId: String(ML_SELLER),
  clientId: '5503910054141466',
  clientSecret: 'client-secret',
  accessToken,
  refreshToken: 'TG-refresh-1',
});

/**
 * Platforms that misbehave, each a stand-in on 127.0.0.1: Mercado Livre's API answering
 * too much, garbage, redirects, errors, slowly, 429, 401; forged and replayed webhooks;
 * notifications about someone else; bodies no platform sends. Whatever is refused stores
 * nothing: no order, no event, no stock moved.
 */
describe('hostile platforms and requests at the inbound URL', () => {
  let server: TestApp;
  let worker: InboundWorker;
  beforeAll(async () => {
    server = await startTestApp({
      env: { SECRETS_KEY, CHANNEL_TIMEOUT_MS: String(CHANNEL_TIMEOUT_MS), WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS), WEBHOOK_BACKOFF_MAX_MS: '1200' },
    });
    worker = new InboundWorker({ config: server.config, orm: server.orm, logger: createLogger(server.config) });
    await worker.start();
  });
  afterAll(async () => {
    await worker.stop();
    await server.close();
  });

  const ordersOf = (seller: TestSeller, channel: string) => world.ordersOf(server, seller, channel);
  const storedNotifications = () => world.storedNotifications(server.orm);
  const createdEvents = (seller: TestSeller) => recordedEvents(server.orm, seller.id, 'pedido.criado');

  describe('Mercado Livre\'s API misbehaving', () => {
    const standIns: StandIn[] = [];
    afterAll(() => Promise.all(standIns.map((standIn) => standIn.close())));

    /** A seller connected to a stand-in answering the order read with `order`; the notification posted. */
    async function notified(order: StandInHandler, extra: [RegExp, StandInHandler][] = []) {
      const seller = await world.sellerWith(server.orm, 'mercadolivre');
      const platform = await new StandIn([[/^GET \/orders\/\d+$/, order], [/^GET \/shipments\/\d+$/, shipment], ...extra]).start();
      standIns.push(platform);
      const put = await call(server, seller, 'PUT', '/canais/mercadolivre/conexao', { ...mlCredentials(), apiBaseUrl: platform.url });
      expect(put.status).toBe(200);
      expect((await world.postInbound(put.body.inboundUrl, notification)).status).toBe(200);
      const state = () => world.inboundState(server.orm, { sellerId: seller.id, channel: 'mercadolivre' }, NOTIFICATION_ID);
      const reads = () => platform.seen.filter((request) => request.path.startsWith('/orders/'));
      const connection = async () => (await call(server, seller, 'GET', '/canais/mercadolivre/conexao')).body;
      return { seller, platform, put, state, reads, connection };
    }
    const until = async (state: () => Promise<world.InboundState | undefined>, statuses: string[]) => {
      await waitUntil(async () => {
        worker.wake();
        return statuses.includes((await state())?.status ?? '');
      }, 20_000);
      await worker.idle();
      return (await state())!;
    };

    it('fails an answer above 8 MiB without retrying it, and imports nothing', async () => {
      const big = `{"id":1,"padding":"${'x'.repeat(9 * 1024 * 1024)}"}`;
      const { seller, state, reads, connection } = await notified(() => ({ status: 200, raw: big }));
      const done = await until(state, ['failed', 'processed']);
      expect(done).toMatchObject({ status: 'failed', error: expect.stringMatching(/exceeds 8388608 bytes/) });
      // Not retried for its size (a loaded machine may time out reading it once first, which is retried).
      expect(done.attempts).toBeLessThan(MAX_ATTEMPTS);
      expect(reads()).toHaveLength(done.attempts);
      expect(await ordersOf(seller, 'mercadolivre')).toEqual([]);
      expect(await createdEvents(seller)).toEqual([]);
      expect((await connection()).lastError).toMatch(/exceeds/);
    });

    it('retries an answer that is not JSON up to WEBHOOK_MAX_ATTEMPTS, then fails it', async () => {
      const { seller, state, reads } = await notified(() => ({ status: 200, raw: '{"id": 2195160686, "status": "paid", ' }));
      const done = await until(state, ['failed', 'processed']);
      expect(done).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, error: expect.stringMatching(/not JSON/) });
      expect(reads()).toHaveLength(MAX_ATTEMPTS);
      expect(await ordersOf(seller, 'mercadolivre')).toEqual([]);
    });

    it('does not follow a redirect, not even to a public-looking place', async () => {
      const elsewhere = await new StandIn([[/.*/, (request) => ({ status: 200, body: mlOrder(request.path) })]]).start();
      standIns.push(elsewhere);
      const { seller, state, reads } = await notified((request) => ({ status: 302, headers: { location: `${elsewhere.url}${request.path}` } }));
      const done = await until(state, ['failed', 'processed']);
      expect(done).toMatchObject({ status: 'failed', error: expect.stringMatching(/redirects are not followed \(HTTP 302\)/) });
      expect(reads()).toHaveLength(1);
      expect(elsewhere.seen).toEqual([]);
      expect(await ordersOf(seller, 'mercadolivre')).toEqual([]);
    });

    it('retries 5xx on a growing backoff, then imports the order once', async () => {
      let calls = 0;
      const at: number[] = [];
      const { seller, state, reads } = await notified((request) => {
        at.push(Date.now());
        return ++calls <= 2 ? { status: 503, body: { message: 'unavailable' } } : { status: 200, body: mlOrder(request.path) };
      });
      const done = await until(state, ['failed', 'processed']);
      expect(done).toMatchObject({ status: 'processed', attempts: 3 });
      expect(reads()).toHaveLength(3);
      // The second retry waits at least 80 % of base × 16 (WEBHOOK_BACKOFF_BASE_MS is 20 here).
      expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(0.8 * 20 * 16);
      expect(await ordersOf(seller, 'mercadolivre')).toHaveLength(1);
      expect(await createdEvents(seller)).toHaveLength(1);
    });

    it('gives up on a slow answer at CHANNEL_TIMEOUT_MS and asks again', async () => {
      let calls = 0;
      const { seller, state, reads, connection } = await notified(async (request) => {
        if (++calls === 1) await new Promise((resolve) => setTimeout(resolve, CHANNEL_TIMEOUT_MS * 2));
        return { status: 200, body: mlOrder(request.path) };
      });
      const done = await until(state, ['failed', 'processed']);
      expect(done).toMatchObject({ status: 'processed', attempts: 2 });
      expect(reads()).toHaveLength(2);
      expect((await connection()).lastError).toMatch(new RegExp(`no answer within ${CHANNEL_TIMEOUT_MS} ms`));
      expect(await ordersOf(seller, 'mercadolivre')).toHaveLength(1);
    });

    it('waits as long as a 429\'s Retry-After asks before reading again', async () => {
      const at: number[] = [];
      const { seller, state } = await notified((request) => {
        at.push(Date.now());
        return at.length === 1 ? { status: 429, headers: { 'retry-after': '1' }, body: { message: 'too many requests' } } : { status: 200, body: mlOrder(request.path) };
      });
      const done = await until(state, ['failed', 'processed']);
      expect(done).toMatchObject({ status: 'processed', attempts: 2 });
      // The backoff alone would have asked again after about 20 ms.
      expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(1000);
      expect(await ordersOf(seller, 'mercadolivre')).toHaveLength(1);
    });

    it('refreshes the token once on a 401; a token still refused makes the connection unauthorized and the sale waits for new credentials', async () => {
      const { seller, platform, state, put, connection } = await notified(
        (request) => (request.headers.authorization === 'Bearer APP_USR-reauthorized' ? { status: 200, body: mlOrder(request.path) } : { status: 401, body: { message: 'invalid access token', status: 401 } }),
        [[/^POST \/oauth\/token$/, () => ({ status: 200, body: { access_token: 'APP_USR-refreshed', token_type: 'Bearer', expires_in: 21600, user_id: ML_SELLER, refresh_token: 'TG-refresh-2' } })]],
      );
      await waitUntil(async () => (await connection()).status === 'unauthorized', 20_000);
      const calls = platform.seen.map((request) => `${request.method} ${request.path.split('/')[1]}`);
      expect(calls.slice(0, 3)).toEqual(['GET orders', 'POST oauth', 'GET orders']);
      // Never two refreshes in a row: one per refused read.
      expect(calls.some((call, index) => call === 'POST oauth' && calls[index + 1] === 'POST oauth')).toBe(false);
      await waitUntil(async () => (await state())?.error != null);
      expect(await state()).toMatchObject({ status: 'pending', error: expect.stringMatching(/HTTP 401/) });
      expect(await ordersOf(seller, 'mercadolivre')).toEqual([]);

      // New credentials: the waiting sale is imported, and the connection is active again.
      const reconnected = await call(server, seller, 'PUT', '/canais/mercadolivre/conexao', { ...mlCredentials('APP_USR-reauthorized'), apiBaseUrl: put.body.apiBaseUrl });
      expect(reconnected.body).toMatchObject({ status: 'active', inboundUrl: put.body.inboundUrl });
      expect(await until(state, ['processed', 'failed'])).toMatchObject({ status: 'processed' });
      expect(await ordersOf(seller, 'mercadolivre')).toHaveLength(1);
    });

    it('makes the connection unauthorized when the refresh token is refused, keeping the sale however many attempts pass', async () => {
      const { seller, platform, state, connection } = await notified(() => ({ status: 401, body: { message: 'expired_token', status: 401 } }), [
        [/^POST \/oauth\/token$/, () => ({ status: 400, body: { message: 'Error validating grant. Your authorization code or refresh token may be expired or it was already used', error: 'invalid_grant', status: 400 } })],
      ]);
      await waitUntil(async () => (await connection()).status === 'unauthorized', 20_000);
      expect((await connection()).lastError).toMatch(/refused the refresh token \(HTTP 400\)/);
      expect(platform.seen.filter((request) => request.path === '/oauth/token').length).toBeGreaterThanOrEqual(1);
      // However many attempts it takes: past WEBHOOK_MAX_ATTEMPTS it still waits.
      await waitUntil(async () => ((await state())?.attempts ?? 0) > MAX_ATTEMPTS, 20_000);
      await waitUntil(async () => (await state())?.error != null);
      expect(await state()).toMatchObject({ status: 'pending', error: expect.stringMatching(/refused the refresh token/) });
      expect(await ordersOf(seller, 'mercadolivre')).toEqual([]);
    });

    it('imports nothing from an order that is another seller\'s sale', async () => {
      const { seller, state } = await notified((request) => ({ status: 200, body: { ...mlOrder(request.path), seller: { id: 999 } } }));
      expect(await until(state, ['failed', 'processed'])).toMatchObject({ status: 'failed', error: expect.stringMatching(/not a sale of the connected seller/) });
      expect(await ordersOf(seller, 'mercadolivre')).toEqual([]);
      expect(await createdEvents(seller)).toEqual([]);
    });
  });

  it('refuses notifications about another user or a resource that is not an order, storing nothing', async () => {
    const seller = await world.sellerWith(server.orm, 'mercadolivre');
    const put = await call(server, seller, 'PUT', '/canais/mercadolivre/conexao', { ...mlCredentials(), apiBaseUrl: 'http://127.0.0.1:9' });
    const before = await storedNotifications();
    const base = JSON.parse(notification);
    const hostile = [
      { ...base, user_id: 999 },
      { ...base, user_id: `${ML_SELLER} ` },
      { ...base, user_id: undefined },
      { ...base, resource: '/orders/1/../../users/999' },
      { ...base, resource: '/users/468424240' },
      { ...base, resource: 'http://169.254.169.254/orders/1' },
      { ...base, resource: '/orders/1?access_token=x' },
      { ...base, resource: ['/orders/1'] },
    ];
    for (const body of hostile) {
      const answer = await world.postInbound(put.body.inboundUrl, JSON.stringify(body));
      expect(answer.status, JSON.stringify(body)).toBe(401);
    }
    expect((await world.postInbound(put.body.inboundUrl, '{"topic":')).status).toBe(401);
    expect(await storedNotifications()).toBe(before);
  });

  describe.each([
    {
      platform: 'shopify',
      channel: 'loja-shopify',
      body: fixture('shopify/orders-create.json'),
      credentials: (webhookSecret: string) => ({ platform: 'shopify', shopDomain: 'minha-loja.myshopify.com', accessToken: 'shpat_x', webhookSecret, locationId: 'gid://shopify/Location/1' }),
      headers: (secret: string, body: string | Buffer, id: string) => shopifyHeaders(secret, body, id),
      signature: 'x-shopify-hmac-sha256',
    },
    {
      platform: 'woocommerce',
      channel: 'loja-woo',
      body: fixture('woocommerce/order-created.json'),
      credentials: (webhookSecret: string) => ({ platform: 'woocommerce', siteUrl: 'http://127.0.0.1:9', consumerKey: 'ck_x', consumerSecret: 'cs_x', webhookSecret }),
      headers: (secret: string, body: string | Buffer, id: string) => wooHeaders(secret, body, id),
      signature: 'x-wc-webhook-signature',
    },
  ])('$platform webhooks', ({ channel, body, credentials, headers, signature }) => {
    const secret = `secret-${randomBytes(8).toString('hex')}`;
    let seller: TestSeller;
    let inboundUrl: string;
    let otherSecret: string;
    beforeAll(async () => {
      seller = await world.sellerWith(server.orm, channel);
      inboundUrl = (await call(server, seller, 'PUT', `/canais/${channel}/conexao`, credentials(secret))).body.inboundUrl;
      // Another seller's store on the same platform, with its own secret.
      const other = await world.sellerWith(server.orm, channel);
      otherSecret = `other-${randomBytes(8).toString('hex')}`;
      expect((await call(server, other, 'PUT', `/canais/${channel}/conexao`, credentials(otherSecret))).status).toBe(200);
    });

    it('refuses forged signatures with 401 and stores nothing', async () => {
      const before = await storedNotifications();
      const signed: Record<string, string> = headers(secret, body, 'forged');
      const forgeries: [string, Record<string, string>][] = [
        ['wrong secret', headers('not-the-secret', body, 'forged')],
        ['another store\'s secret', headers(otherSecret, body, 'forged')],
        ['no signature', Object.fromEntries(Object.entries(signed).filter(([name]) => name !== signature))],
        ['empty signature', { ...signed, [signature]: '' }],
        ['hex instead of base64', { ...signed, [signature]: Buffer.from(signed[signature]!, 'base64').toString('hex') }],
        ['a prefix of it', { ...signed, [signature]: signed[signature]!.slice(0, 20) }],
      ];
      for (const [name, forged] of forgeries) expect((await world.postInbound(inboundUrl, body, forged)).status, name).toBe(401);
      // The signature of the body, over another body.
      expect((await world.postInbound(inboundUrl, body.replace(/"quantity": ?\d+/, '"quantity": 500'), signed)).status).toBe(401);
      expect(await storedNotifications()).toBe(before);
      expect(await ordersOf(seller, channel)).toEqual([]);
    });

    it('stores a delivery sent again once, and the same order under another delivery id is still one order', async () => {
      const first = await world.postInbound(inboundUrl, body, headers(secret, body, 'delivery-1'));
      expect(await first.json()).toEqual({ received: true, duplicate: false });
      for (let resend = 0; resend < 3; resend++) {
        expect(await (await world.postInbound(inboundUrl, body, headers(secret, body, 'delivery-1'))).json()).toEqual({ received: true, duplicate: true });
      }
      expect(await (await world.postInbound(inboundUrl, body, headers(secret, body, 'delivery-2'))).json()).toEqual({ received: true, duplicate: false });
      await world.settled(server.orm, worker);
      expect(await ordersOf(seller, channel)).toHaveLength(1);
      expect(await createdEvents(seller)).toHaveLength(1);
    });

    it('refuses a body above the size limit (413) and one with a NUL byte (422), signed or not, storing nothing', async () => {
      const before = await storedNotifications();
      const giant = Buffer.from(JSON.stringify({ ...JSON.parse(body), note: 'x'.repeat(server.config.bodyLimitBytes) }));
      const tooLarge = await world.postInbound(inboundUrl, giant, headers(secret, giant, 'giant'));
      expect(tooLarge.status).toBe(413);
      expect(((await tooLarge.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
      const nul = Buffer.concat([Buffer.from(body.slice(0, 20)), Buffer.from([0]), Buffer.from(body.slice(20))]);
      const withNul = await world.postInbound(inboundUrl, nul, headers(secret, nul, 'nul'));
      expect(withNul.status).toBe(422);
      expect(((await withNul.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
      expect(await storedNotifications()).toBe(before);
    });
  });

  it('imports text PostgreSQL cannot store (an escaped NUL in a name) with the character replaced', async () => {
    const seller = await world.sellerWith(server.orm, 'loja-shopify');
    const secret = 'shpss_nul';
    const put = await call(server, seller, 'PUT', '/canais/loja-shopify/conexao', {
      platform: 'shopify',
      shopDomain: 'minha-loja.myshopify.com',
      accessToken: 'shpat_x',
      webhookSecret: secret,
      locationId: 'gid://shopify/Location/1',
    });
    const sample = JSON.parse(fixture('shopify/orders-create.json'));
    const body = JSON.stringify({ ...sample, shipping_address: { ...sample.shipping_address, name: 'Steve\u0000Shipper' }, line_items: sample.line_items.map((line: object) => ({ ...line, sku: 'CANECA\u0000PONTE' })) });
    expect(body).toContain('\\u0000');
    expect((await world.postInbound(put.body.inboundUrl, body, shopifyHeaders(secret, body, 'escaped-nul'))).status).toBe(200);
    await world.settled(server.orm, worker);
    const [order] = await ordersOf(seller, 'loja-shopify');
    expect(order).toMatchObject({ customer: { name: 'Steve\uFFFDShipper' }, needsAttention: true });
    expect(order.items[0].sku).toBe('CANECA\uFFFDPONTE');
  });

  describe.each([
    {
      platform: 'Shopify',
      connection: (url: string) => ({ platform: 'shopify', apiBaseUrl: url, shopDomain: 'minha-loja.myshopify.com', accessToken: 'shpat_hostile_secret', webhookSecret: 'whs_hostile_secret', locationId: 'gid://shopify/Location/1' }),
      secrets: ['shpat_hostile_secret', 'whs_hostile_secret'],
      listingId: (n: number) => `gid://shopify/InventoryItem/${n}`,
      // The quantity goes in a GraphQL mutation: the listing is its inventoryItemId.
      route: /^POST \/admin\/api\/2026-01\/graphql\.json$/,
      listingOf: (request: SeenRequest) => String(JSON.parse(request.body).variables.input.quantities[0].inventoryItemId).split('/').pop()!,
      taken: () => JSON.parse(fixture('shopify/inventory-set-quantities.json')),
    },
    {
      platform: 'WooCommerce',
      connection: (url: string) => ({ platform: 'woocommerce', siteUrl: url, consumerKey: 'ck_hostile_secret', consumerSecret: 'cs_hostile_secret', webhookSecret: 'whs_hostile_secret' }),
      secrets: ['whs_hostile_secret', 'ck_hostile_secret', 'cs_hostile_secret', Buffer.from('ck_hostile_secret:cs_hostile_secret').toString('base64')],
      listingId: (n: number) => String(n),
      route: /^PUT \/wp-json\/wc\/v3\/products\/\d+$/,
      listingOf: (request: SeenRequest) => request.path.split('/').pop()!,
      taken: () => JSON.parse(fixture('woocommerce/product.json')),
    },
  ])('$platform\'s API misbehaving on the sync path', ({ platform, connection, secrets, listingId, route, listingOf, taken }) => {
    // Not JSON (cut short), and longer than the 4 KiB the sync log keeps of an answer.
    const MALFORMED = `{"data": {"inventorySetQuantities": {"userErrors": [{"message": "${'x'.repeat(10_000)}`;
    const RECORDED = MALFORMED.slice(0, 4096);
    let sync: SyncWorker;
    let api: StandIn;
    let elsewhere: StandIn;
    beforeAll(async () => {
      sync = new SyncWorker({ config: server.config, orm: server.orm, logger: createLogger(server.config) });
      await sync.start();
      elsewhere = await new StandIn([[/.*/, () => ({ status: 200, body: taken() })]]).start();
      // Each listing answers its own way: too much, not JSON, a redirect; the fourth as it should.
      const answers: Record<string, () => Awaited<ReturnType<StandInHandler>>> = {
        '1': () => ({ status: 200, raw: `{"data":{"padding":"${'x'.repeat(9 * 1024 * 1024)}"}}` }),
        '2': () => ({ status: 200, raw: MALFORMED }),
        '3': () => ({ status: 302, headers: { location: `${elsewhere.url}/admin` } }),
        '4': () => ({ status: 200, body: taken() }),
      };
      api = await new StandIn([[route, (request) => answers[listingOf(request)]!()]]).start();
    });
    afterAll(async () => {
      await sync.stop();
      await Promise.all([api.close(), elsewhere.close()]);
    });

    it('records each failure in the sync log, follows no redirect, shows no credential, and keeps syncing', async () => {
      const seller = await world.sellerWith(server.orm, 'loja');
      for (const n of [1, 2, 3, 4]) await createSellableSku(server.orm, seller.id, { sku: `HOSTIL-${n}`, onHand: 5 });
      expect((await call(server, seller, 'PUT', '/canais/loja/conexao', connection(api.url))).status).toBe(200);
      await call(server, seller, 'PUT', '/canais/loja/anuncios', { links: [1, 2, 3, 4].map((n) => ({ sku: `HOSTIL-${n}`, listingId: listingId(n) })) });
      type Row = { subject: string; status: string; attempts: { outcome: string; error: string | null; statusCode: number | null; responseBody: string | null }[] };
      let rows: Row[] = [];
      await waitUntil(async () => {
        rows = (await call(server, seller, 'GET', '/canais/loja/sincronizacoes?field=quantity')).body.data;
        return rows.length === 4 && rows.every((row) => row.status === 'synced' || row.status === 'failed');
      }, 25_000, () => JSON.stringify(rows.map((row) => [row.subject, row.status])));
      const [huge, malformed, redirected, fine] = rows;

      expect(huge).toMatchObject({ subject: 'HOSTIL-1', status: 'failed' });
      expect(huge!.attempts.length).toBeLessThan(MAX_ATTEMPTS);
      expect(huge!.attempts.at(-1)).toMatchObject({ outcome: 'failed', error: 'too_large', statusCode: 200, responseBody: null });
      expect(malformed).toMatchObject({ subject: 'HOSTIL-2', status: 'failed' });
      expect(malformed!.attempts.map((attempt) => [attempt.outcome, attempt.error, attempt.responseBody])).toEqual([
        ...Array.from({ length: MAX_ATTEMPTS - 1 }, () => ['retrying', 'malformed', RECORDED]),
        ['failed', 'malformed', RECORDED],
      ]);
      expect(redirected).toMatchObject({ subject: 'HOSTIL-3', status: 'failed', attempts: [{ outcome: 'failed', error: 'redirect', statusCode: 302 }] });
      expect(elsewhere.seen).toEqual([]);
      expect(fine).toMatchObject({ subject: 'HOSTIL-4', status: 'synced', attempts: [{ outcome: 'succeeded', statusCode: 200 }] });

      const log = JSON.stringify(rows);
      for (const secret of secrets) expect(log.includes(secret), `${platform} ${secret}`).toBe(false);
      expect((await call(server, seller, 'GET', '/canais/loja/conexao')).body).toMatchObject({ status: 'active' });
    });
  });
});

describe('a connection whose apiBaseUrl is a private address, without WEBHOOK_ALLOW_PRIVATE_TARGETS', () => {
  let server: TestApp;
  let worker: InboundWorker;
  let platform: StandIn;
  beforeAll(async () => {
    server = await startTestApp({ env: { SECRETS_KEY, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' } });
    worker = new InboundWorker({ config: server.config, orm: server.orm, logger: createLogger(server.config) });
    await worker.start();
    platform = await new StandIn([[/.*/, (request) => ({ status: 200, body: mlOrder(request.path) })]]).start();
  });
  afterAll(async () => {
    await worker.stop();
    await platform.close();
    await server.close();
  });

  it('is refused when connecting (422), and a stored one (made while the setting was on) calls nothing', async () => {
    const seller = await world.sellerWith(server.orm, 'mercadolivre');
    const refused = await call(server, seller, 'PUT', '/canais/mercadolivre/conexao', { ...mlCredentials(), apiBaseUrl: platform.url });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: '/apiBaseUrl' })]);
    expect((await call(server, seller, 'GET', '/canais/mercadolivre/conexao')).status).toBe(404);

    // Connected while private targets were allowed; the setting is off now.
    const { connection } = await putConnection(forkForSeller(server.orm, seller.id), seller.id, 'mercadolivre', { ...mlCredentials(), apiBaseUrl: platform.url }, {
      secretsKey: server.config.secretsKey,
      allowPrivate: true,
      publicUrl: server.url,
    });
    expect((await world.postInbound(connection.inboundUrl, notification)).status).toBe(200);
    await world.settled(server.orm, worker);
    expect(await world.inboundState(server.orm, { sellerId: seller.id, channel: 'mercadolivre' }, NOTIFICATION_ID)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/127\.0\.0\.1 is not allowed/),
    });
    expect(platform.seen).toEqual([]);
    expect(await world.ordersOf(server, seller, 'mercadolivre')).toEqual([]);
  });
});
