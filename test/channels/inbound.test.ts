import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStock } from '../../src/catalog/stock.service.js';
import { putConnection } from '../../src/channels/connection.service.js';
import { InboundWorker } from '../../src/channels/inbound-worker.js';
import { forkForSeller } from '../../src/db/orm.js';
import { createLogger } from '../../src/logger.js';
import { call, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { recordedEvents } from '../support/catalog.js';
import { StandIn } from './stand-in.js';
import * as world from './world.js';
import { fixture, shopifyHeaders, sign, wooHeaders } from './world.js';

const SECRETS_KEY = randomBytes(32).toString('base64');

describe('orders in from the platforms (POST /entrada/{key})', () => {
  let server: TestApp;
  let worker: InboundWorker;
  beforeAll(async () => {
    server = await startTestApp({ env: { SECRETS_KEY } });
    worker = new InboundWorker({ config: server.config, orm: server.orm, logger: createLogger(server.config) });
    await worker.start();
  });
  afterAll(async () => {
    await worker.stop();
    await server.close();
  });

  /** fetch sets Host itself: node:http sends the one given. */
  const requestWithHost = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<string>((resolve, reject) => {
      const request = httpRequest(`${server.url}${path}`, { method, headers }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(text));
      });
      request.on('error', reject);
      request.end(body);
    });
  const sellerWith = (code: string) => world.sellerWith(server.orm, code);
  const settled = () => world.settled(server.orm, worker);
  const post = world.postInbound;
  const ordersOf = (seller: TestSeller, channel: string) => world.ordersOf(server, seller, channel);
  const storedNotifications = () => world.storedNotifications(server.orm);

  describe('Shopify', () => {
    let seller: TestSeller;
    let inboundUrl: string;
    const secret = 'shpss_test_secret';
    const body = fixture('shopify/orders-create.json');
    const headers = (webhookId: string, payload = body, topic = 'orders/create') => shopifyHeaders(secret, payload, webhookId, topic);

    beforeAll(async () => {
      seller = await sellerWith('loja-shopify');
      const put = await call(server, seller, 'PUT', '/canais/loja-shopify/conexao', {
        platform: 'shopify',
        apiBaseUrl: 'http://127.0.0.1:9',
        shopDomain: 'minha-loja.myshopify.com',
        accessToken: 'shpat_secret_token',
        webhookSecret: secret,
        locationId: 'gid://shopify/Location/1',
      });
      expect(put.status).toBe(200);
      inboundUrl = put.body.inboundUrl;
      expect(inboundUrl).toMatch(new RegExp(`^${server.url}/entrada/[A-Za-z0-9_-]{43}$`));
    });

    it('shows the connection without its credentials, and keeps the inbound URL when the credentials are replaced', async () => {
      const shown = await call(server, seller, 'GET', '/canais/loja-shopify/conexao');
      expect(shown.body).toMatchObject({ channel: 'loja-shopify', platform: 'shopify', status: 'active', inboundUrl, apiBaseUrl: 'http://127.0.0.1:9', lastError: null });
      expect(JSON.stringify(shown.body)).not.toMatch(/shpat_secret_token|shpss_test_secret/);
      const [row] = await server.orm.em.fork().execute<{ sealed: string }[]>(`select sealed from channel_connection where channel = 'loja-shopify'`);
      expect(row!.sealed).not.toMatch(/shpat_secret_token|shpss_test_secret/);
      const replaced = await call(server, seller, 'PUT', '/canais/loja-shopify/conexao', {
        platform: 'shopify',
        apiBaseUrl: 'http://127.0.0.1:9',
        shopDomain: 'minha-loja.myshopify.com',
        accessToken: 'shpat_secret_token',
        webhookSecret: secret,
        locationId: 'gid://shopify/Location/1',
      });
      expect(replaced.body.inboundUrl).toBe(inboundUrl);
    });

    it('gives the same inbound URL over GraphQL as over REST: PUBLIC_URL unset, the scheme and host the request came to', async () => {
      const query = '{ channel(code: "loja-shopify") { connection { inboundUrl platform } } }';
      const direct = await graphql<{ channel: { connection: { inboundUrl: string } } }>(server.url, query, { headers: seller.headers });
      expect(direct.body.data?.channel.connection).toEqual({ inboundUrl, platform: 'shopify' });
      // Reached under another name (a proxy passing the Host on): both answer with that name.
      const headers = { ...seller.headers, host: 'ponte.example:8443' };
      const viaGraphql = JSON.parse(await requestWithHost('POST', '/graphql', headers, JSON.stringify({ query })));
      const viaRest = JSON.parse(await requestWithHost('GET', '/canais/loja-shopify/conexao', headers));
      expect(viaRest.inboundUrl).toBe(inboundUrl.replace(server.url, 'http://ponte.example:8443'));
      expect(viaGraphql.data.channel.connection.inboundUrl).toBe(viaRest.inboundUrl);
    });

    it('turns a signed orders/create into an order that reserves stock and fires pedido.criado; a resent delivery creates nothing', async () => {
      const first = await post(inboundUrl, body, headers('b54557e4-bdd9-4b37-8a5f-bf7d70bcd043'));
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true, duplicate: false });
      await settled();
      const orders = await ordersOf(seller, 'loja-shopify');
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        externalId: '820982911946154600',
        status: 'pendente',
        needsAttention: false,
        customer: { name: 'Steve Shipper', email: 'jon@doe.ca', document: null },
        amounts: { items: '249.80', shipping: '10.00', discount: '0.00', total: '259.80' },
      });
      const em = forkForSeller(server.orm, seller.id);
      expect((await getStock(em, seller.id, 'CAMISETA-AZUL-M')).reserved).toBe(2);

      // The same delivery again (Shopify retries), and the same order under another delivery id.
      expect(await (await post(inboundUrl, body, headers('b54557e4-bdd9-4b37-8a5f-bf7d70bcd043'))).json()).toEqual({ received: true, duplicate: true });
      expect((await post(inboundUrl, body, headers('another-delivery'))).status).toBe(200);
      await settled();
      expect(await ordersOf(seller, 'loja-shopify')).toHaveLength(1);
      expect(await recordedEvents(server.orm, seller.id, 'pedido.criado')).toHaveLength(1);
      expect((await getStock(em, seller.id, 'CAMISETA-AZUL-M')).reserved).toBe(2);
      expect((await call(server, seller, 'GET', '/canais/loja-shopify/conexao')).body.lastOrderAt).not.toBeNull();
    });

    it('moves the order when Shopify says it was paid, then cancelled', async () => {
      const paid = JSON.stringify({ ...JSON.parse(body), financial_status: 'paid' });
      await post(inboundUrl, paid, headers('paid-1', paid, 'orders/paid'));
      await settled();
      expect((await ordersOf(seller, 'loja-shopify'))[0].status).toBe('aprovado');
      const cancelled = JSON.stringify({ ...JSON.parse(body), financial_status: 'voided', cancelled_at: '2025-06-05T10:00:00-03:00', cancel_reason: 'customer' });
      await post(inboundUrl, cancelled, headers('cancel-1', cancelled, 'orders/cancelled'));
      await settled();
      expect((await ordersOf(seller, 'loja-shopify'))[0]).toMatchObject({ status: 'cancelado', cancellationReason: 'cancelled on Shopify: customer' });
      expect((await getStock(forkForSeller(server.orm, seller.id), seller.id, 'CAMISETA-AZUL-M')).reserved).toBe(0);
    });

    it('cancels an order Shopify says was refunded', async () => {
      const paid = { ...JSON.parse(body), id: 5550001, name: '#5550001', financial_status: 'paid' };
      await post(inboundUrl, JSON.stringify(paid), headers('refund-paid', JSON.stringify(paid), 'orders/paid'));
      await settled();
      const order = async () => (await ordersOf(seller, 'loja-shopify')).find((candidate: { externalId: string }) => candidate.externalId === '5550001');
      expect(await order()).toMatchObject({ status: 'aprovado' });
      const refunded = JSON.stringify({ ...paid, financial_status: 'refunded' });
      await post(inboundUrl, refunded, headers('refund-1', refunded, 'orders/updated'));
      await settled();
      expect(await order()).toMatchObject({ status: 'cancelado', cancellationReason: 'Shopify: refunded' });
    });

    it('refuses a forged signature with 401 and stores nothing', async () => {
      const before = await storedNotifications();
      const forged = await post(inboundUrl, body, { ...headers('forged-1'), 'x-shopify-hmac-sha256': sign('not-the-secret', body) });
      expect(forged.status).toBe(401);
      expect(((await forged.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
      const tampered = await post(inboundUrl, body.replace('"49.90"', '"0.01"'), headers('forged-2'));
      expect(tampered.status).toBe(401);
      const unsigned = await post(inboundUrl, body, { 'x-shopify-topic': 'orders/create', 'x-shopify-webhook-id': 'forged-3' });
      expect(unsigned.status).toBe(401);
      expect(await storedNotifications()).toBe(before);
    });

    it('answers 404 for an unknown key, and acknowledges topics it does not take without storing them', async () => {
      const before = await storedNotifications();
      expect((await post(`${server.url}/entrada/${'A'.repeat(43)}`, body, headers('x'))).status).toBe(404);
      expect((await post(`${server.url}/entrada/short`, body, headers('x'))).status).toBe(404);
      const other = '{"id":1}';
      expect(await (await post(inboundUrl, other, headers('topic-1', other, 'products/update'))).json()).toMatchObject({ received: true, ignored: expect.any(String) });
      expect(await storedNotifications()).toBe(before);
    });
  });

  describe('WooCommerce', () => {
    it('answers the webhook ping, then turns a signed order.created into a paid order', async () => {
      const seller = await sellerWith('loja-woo');
      const secret = 'wc-webhook-secret';
      const put = await call(server, seller, 'PUT', '/canais/loja-woo/conexao', {
        platform: 'woocommerce',
        siteUrl: 'http://127.0.0.1:9',
        consumerKey: 'ck_test',
        consumerSecret: 'cs_test',
        webhookSecret: secret,
      });
      expect(put.status).toBe(200);
      const ping = await fetch(put.body.inboundUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'webhook_id=42' });
      expect(ping.status).toBe(200);
      const body = fixture('woocommerce/order-created.json');
      const created = await post(put.body.inboundUrl, body, wooHeaders(secret, body, '36e520ebabc2fa725092ff4a47acedf2'));
      expect(created.status).toBe(200);
      await settled();
      const [order] = await ordersOf(seller, 'loja-woo');
      expect(order).toMatchObject({
        externalId: '7270',
        status: 'aprovado',
        amounts: { items: '159.70', shipping: '10.00', total: '169.70' },
        items: [
          { sku: 'CANECA-PONTE', quantity: 2, unitPrice: '49.90' },
          { sku: 'CAMISETA-AZUL-M', quantity: 1, unitPrice: '59.90' },
        ],
      });
    });
  });

  describe('WooCommerce refunds', () => {
    it('cancels an order WooCommerce says was refunded', async () => {
      const seller = await sellerWith('loja-woo');
      const secret = 'wc-refund-secret';
      const put = await call(server, seller, 'PUT', '/canais/loja-woo/conexao', { platform: 'woocommerce', siteUrl: 'http://127.0.0.1:9', consumerKey: 'ck_test', consumerSecret: 'cs_test', webhookSecret: secret });
      const body = fixture('woocommerce/order-created.json');
      await post(put.body.inboundUrl, body, wooHeaders(secret, body, 'refund-created'));
      await settled();
      expect((await ordersOf(seller, 'loja-woo'))[0]).toMatchObject({ status: 'aprovado' });
      const refunded = JSON.stringify({ ...JSON.parse(body), status: 'refunded' });
      await post(put.body.inboundUrl, refunded, wooHeaders(secret, refunded, 'refund-updated', 'order.updated'));
      await settled();
      expect((await ordersOf(seller, 'loja-woo'))[0]).toMatchObject({ status: 'cancelado', cancellationReason: 'WooCommerce: refunded' });
      expect((await getStock(forkForSeller(server.orm, seller.id), seller.id, 'CANECA-PONTE')).reserved).toBe(0);
    });
  });

  describe('Mercado Livre', () => {
    const notification = fixture('mercadolivre/notification.json');
    let seller: TestSeller;
    let inboundUrl: string;
    let platform: StandIn;
    let sellerOfOrder = 468424240;
    /** The order's status as GET /orders/{id} answers it; the sample's (paid) when unset. */
    const statusOf = new Map<string, string>();

    const mlOrder = (id: string) => {
      const sample = JSON.parse(fixture('mercadolivre/order.json'));
      return { ...sample, id: Number(id), seller: { id: sellerOfOrder }, status: statusOf.get(id) ?? sample.status };
    };

    beforeAll(async () => {
      seller = await sellerWith('mercadolivre');
      // The token the connection starts with has expired: the first read answers 401, a
      // refresh gives a new one, and only the new one opens the order.
      platform = await new StandIn([
        [/^POST \/oauth\/token$/, (request) => {
          const form = new URLSearchParams(request.body);
          return form.get('refresh_token') === 'TG-refresh-1' && form.get('grant_type') === 'refresh_token'
            ? { status: 200, body: { access_token: 'APP_USR-new', token_type: 'Bearer', expires_in: 21600, scope: 'offline_access read write', user_id: 468424240, refresh_token: 'TG-refresh-2' } }
            : { status: 400, body: { message: 'invalid_grant', error: 'invalid_grant', status: 400 } };
        }],
        [/^GET \/orders\/\d+$/, (request) =>
          request.headers.authorization === 'Bearer APP_USR-new'
            ? { status: 200, body: mlOrder(request.path.split('/')[2]!) }
            : { status: 401, body: { message: 'invalid access token', error: 'not_found', status: 401 } }],
        [/^GET \/shipments\/\d+$/, () => ({ status: 200, body: JSON.parse(fixture('mercadolivre/shipment.json')) })],
      ]).start();
      const put = await call(server, seller, 'PUT', '/canais/mercadolivre/conexao', {
        platform: 'mercadolivre',
        apiBaseUrl: platform.url,
        userId: '468424240',
        clientId: '5503910054141466',
        clientSecret: 'client-secret',
        accessToken: 'APP_USR-expired',
        refreshToken: 'TG-refresh-1',
      });
      expect(put.status).toBe(200);
      inboundUrl = put.body.inboundUrl;
    });
    afterAll(() => platform.close());

    it('reads the notified order with a refreshed token and imports it, paid', async () => {
      const answer = await post(inboundUrl, notification, {});
      expect(answer.status).toBe(200);
      await settled();
      const [order] = await ordersOf(seller, 'mercadolivre');
      expect(order).toMatchObject({
        externalId: '2195160686',
        status: 'aprovado',
        customer: { name: 'COMPRADOR_TESTE', document: null },
        deliveryAddress: { street: 'Rua Augusta', number: '100', district: 'Consolação', city: 'São Paulo', state: 'SP', postalCode: '01304000' },
        items: [{ sku: 'CANECA-PONTE', quantity: 2, unitPrice: '49.90' }],
        payments: [{ method: 'credit_card', status: 'approved', amount: '99.80', transactionId: 'mercadolivre:9876543210' }],
      });
      expect(platform.seen.filter((request) => request.path === '/oauth/token')).toHaveLength(1);
      // The renewed tokens were kept (sealed): the next order needs no refresh.
      await post(inboundUrl, JSON.stringify({ ...JSON.parse(notification), _id: 'n-2', resource: '/orders/2195160687' }), {});
      await settled();
      expect(await ordersOf(seller, 'mercadolivre')).toHaveLength(2);
      expect(platform.seen.filter((request) => request.path === '/oauth/token')).toHaveLength(1);
    });

    it('refuses a notification about another seller, and imports nothing from an order that is not this seller\'s sale', async () => {
      const foreign = await post(inboundUrl, JSON.stringify({ ...JSON.parse(notification), _id: 'n-3', user_id: 999 }), {});
      expect(foreign.status).toBe(401);
      sellerOfOrder = 999;
      await post(inboundUrl, JSON.stringify({ ...JSON.parse(notification), _id: 'n-4', resource: '/orders/2195160699' }), {});
      await settled();
      sellerOfOrder = 468424240;
      expect((await ordersOf(seller, 'mercadolivre')).map((order: { externalId: string }) => order.externalId)).not.toContain('2195160699');
      const [row] = await server.orm.em.fork().execute<{ status: string; error: string }[]>(`select status, error from channel_inbound where delivery_id = 'n-4'`);
      expect(row!.status).toBe('failed');
      expect(row!.error).toMatch(/not a sale of the connected seller/);
    });

    it('cancels an order Mercado Livre cancelled, is refunding (pending_cancel) or invalidated, releasing its stock', async () => {
      const order = async (id: string) => (await ordersOf(seller, 'mercadolivre')).find((candidate: { externalId: string }) => candidate.externalId === id);
      expect(await order('2195160686')).toMatchObject({ status: 'aprovado' });
      const cases = [
        ['2195160686', 'cancelled'],
        ['2195160687', 'invalid'],
        ['2195160688', 'pending_cancel'],
      ];
      for (const [id, status] of cases) {
        statusOf.set(id!, status!);
        await post(inboundUrl, JSON.stringify({ ...JSON.parse(notification), _id: `cancel-${id}`, resource: `/orders/${id}` }), {});
      }
      await settled();
      for (const [id, status] of cases) expect(await order(id!), status).toMatchObject({ status: 'cancelado', cancellationReason: `Mercado Livre: ${status}` });
      expect((await getStock(forkForSeller(server.orm, seller.id), seller.id, 'CANECA-PONTE')).reserved).toBe(0);
    });
  });

  describe('connecting', () => {
    it('refuses an unknown platform, missing credentials and a private apiBaseUrl with 422, and answers 503 without SECRETS_KEY', async () => {
      const seller = await sellerWith('loja-x');
      const em = forkForSeller(server.orm, seller.id);
      const shopify = { platform: 'shopify', shopDomain: 'x.myshopify.com', accessToken: 't', webhookSecret: 's', locationId: 'gid://shopify/Location/1' };
      const deps = { secretsKey: Buffer.from(SECRETS_KEY, 'base64'), allowPrivate: false, publicUrl: 'https://ponte.example' };
      await expect(putConnection(em, seller.id, 'loja-x', { ...shopify, platform: 'vtex' }, deps)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(putConnection(em, seller.id, 'loja-x', { platform: 'shopify', shopDomain: 'x.myshopify.com' } as never, deps)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: expect.arrayContaining([expect.objectContaining({ path: '/accessToken' })]),
      });
      for (const apiBaseUrl of ['http://127.0.0.1:8080', 'http://169.254.169.254', 'http://[::1]', 'http://localhost', 'https://x.example/path', 'ftp://x.example']) {
        await expect(putConnection(em, seller.id, 'loja-x', { ...shopify, apiBaseUrl }, deps)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      }
      await expect(putConnection(em, seller.id, 'loja-x', shopify, { ...deps, secretsKey: undefined })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
      expect((await call(server, seller, 'GET', '/canais/loja-x/conexao')).status).toBe(404);
      expect((await call(server, seller, 'PUT', '/canais/nao-existe/conexao', shopify)).status).toBe(404);
    });
  });
});
