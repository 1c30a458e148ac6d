import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putChannel } from '../../src/catalog/channel.service.js';
import { InboundWorker } from '../../src/channels/inbound-worker.js';
import { SyncWorker } from '../../src/channels/sync-worker.js';
import { forkForSeller } from '../../src/db/orm.js';
import { createLogger } from '../../src/logger.js';
import { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { call, createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { createSellableSku, recordedEvents } from '../support/catalog.js';
import { mercadoLivreStandIn, shopifyStandIn, wooCommerceStandIn, type PlatformStandIn } from './platform-stand-ins.js';

const fixture = (path: string) => readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8');
const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64');
const SECRETS_KEY = randomBytes(32).toString('base64');

async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, limitMs = 20_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not reached: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The whole path with real parts: a platform's order arrives at the inbound URL, becomes
 * an order that reserves stock and fires pedido.criado, and the stock change reaches the
 * other two platforms' stand-ins as their new published quantity.
 */
describe('an order from one platform moves the quantity published on the others', () => {
  let server: TestApp;
  let workers: { start(): Promise<void>; stop(): Promise<void> }[];
  let shopify: PlatformStandIn;
  let woo: PlatformStandIn;
  let ml: PlatformStandIn;
  let seller: TestSeller;
  const inbound: Record<string, string> = {};
  const SHOPIFY_ITEM = 'gid://shopify/InventoryItem/30322695';
  const ML_ITEM = 'MLB1234567890';

  beforeAll(async () => {
    server = await startTestApp({ env: { SECRETS_KEY } });
    const deps = { config: server.config, orm: server.orm, logger: createLogger(server.config) };
    workers = [new Dispatcher(deps), new InboundWorker(deps), new SyncWorker(deps)];
    for (const worker of workers) await worker.start();
    [shopify, woo, ml] = await Promise.all([shopifyStandIn(), wooCommerceStandIn(), mercadoLivreStandIn()]);
    seller = await createTestSeller(server.orm);
    const em = forkForSeller(server.orm, seller.id);
    for (const code of ['loja-shopify', 'loja-woo', 'mercado-livre']) await putChannel(em, seller.id, code, { name: code });
    for (const sku of ['CANECA-PONTE', 'CAMISETA-AZUL-M']) await createSellableSku(server.orm, seller.id, { sku, onHand: 10 });
    const connections = {
      'loja-shopify': { platform: 'shopify', apiBaseUrl: shopify.server.url, shopDomain: 'minha-loja.myshopify.com', accessToken: 'shpat_secret_token', webhookSecret: 'shpss', locationId: 'gid://shopify/Location/1' },
      'loja-woo': { platform: 'woocommerce', siteUrl: woo.server.url, consumerKey: 'ck_test', consumerSecret: 'cs_test', webhookSecret: 'wcsecret' },
      'mercado-livre': { platform: 'mercadolivre', apiBaseUrl: ml.server.url, userId: '468424240', clientId: 'app', clientSecret: 'secret', accessToken: 'APP_USR-access', refreshToken: 'TG-refresh' },
    };
    for (const [code, body] of Object.entries(connections)) {
      const put = await call(server, seller, 'PUT', `/canais/${code}/conexao`, body);
      expect(put.status).toBe(200);
      inbound[code] = put.body.inboundUrl;
    }
    const links = {
      'loja-shopify': [{ sku: 'CANECA-PONTE', listingId: SHOPIFY_ITEM, variationId: 'gid://shopify/ProductVariant/808950810' }],
      'loja-woo': [{ sku: 'CANECA-PONTE', listingId: '794' }],
      'mercado-livre': [{ sku: 'CANECA-PONTE', listingId: ML_ITEM }],
    };
    for (const [code, body] of Object.entries(links)) expect((await call(server, seller, 'PUT', `/canais/${code}/anuncios`, { links: body })).status).toBe(200);
    await published(10, 10, 10);
  });

  afterAll(async () => {
    for (const worker of [...workers].reverse()) await worker.stop();
    await Promise.all([shopify.server.close(), woo.server.close(), ml.server.close()]);
    await server.close();
  });

  /** Waits for every stand-in to hold these quantities of CANECA-PONTE. */
  async function published(onShopify: number, onWoo: number, onMl: number): Promise<void> {
    await until(
      () => [shopify.state.last(shopify.state.quantities, SHOPIFY_ITEM), woo.state.last(woo.state.quantities, '794'), ml.state.last(ml.state.quantities, ML_ITEM)],
      (held) => held[0] === onShopify && held[1] === onWoo && held[2] === onMl,
    );
  }

  async function orderOf(channel: string): Promise<Record<string, any>> {
    return until(async () => (await call(server, seller, 'GET', `/pedidos?channel=${channel}`)).body.data[0], (order) => order !== undefined);
  }

  it('a Shopify orders/create', async () => {
    const body = fixture('shopify/orders-create.json');
    const answer = await fetch(inbound['loja-shopify']!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/create', 'x-shopify-hmac-sha256': sign('shpss', body), 'x-shopify-webhook-id': 'e2e-1' },
      body,
    });
    expect(answer.status).toBe(200);
    const order = await orderOf('loja-shopify');
    expect(order.items.find((item: { sku: string }) => item.sku === 'CANECA-PONTE').quantity).toBe(1);
    await published(9, 9, 9);
    expect((await recordedEvents(server.orm, seller.id, 'pedido.criado')).map((event) => event.payload.channel)).toEqual(['loja-shopify']);
  });

  it('a WooCommerce order.created', async () => {
    const body = fixture('woocommerce/order-created.json');
    const answer = await fetch(inbound['loja-woo']!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-wc-webhook-topic': 'order.created', 'x-wc-webhook-signature': sign('wcsecret', body), 'x-wc-webhook-delivery-id': 'e2e-2' },
      body,
    });
    expect(answer.status).toBe(200);
    const order = await orderOf('loja-woo');
    expect(order.items.find((item: { sku: string }) => item.sku === 'CANECA-PONTE').quantity).toBe(2);
    await published(7, 7, 7);
    expect((await recordedEvents(server.orm, seller.id, 'pedido.criado')).map((event) => event.payload.channel)).toEqual(['loja-shopify', 'loja-woo']);
  });

  it('a Mercado Livre orders_v2 notification', async () => {
    const answer = await fetch(inbound['mercado-livre']!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: fixture('mercadolivre/notification.json') });
    expect(answer.status).toBe(200);
    const order = await orderOf('mercado-livre');
    expect(order.items[0]).toMatchObject({ sku: 'CANECA-PONTE', quantity: 2 });
    await published(5, 5, 5);
    const stock = (await call(server, seller, 'GET', '/estoque/CANECA-PONTE')).body;
    expect(stock).toMatchObject({ onHand: 10, reserved: 5, available: 5 });
    expect((await recordedEvents(server.orm, seller.id, 'pedido.criado')).map((event) => event.payload.channel)).toEqual(['loja-shopify', 'loja-woo', 'mercado-livre']);
  });
});
