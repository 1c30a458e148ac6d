import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putChannel } from '../../src/catalog/channel.service.js';
import { updateStock } from '../../src/catalog/stock.service.js';
import { CONNECTORS } from '../../src/channels/connectors.js';
import { SyncWorker } from '../../src/channels/sync-worker.js';
import { forkForSeller } from '../../src/db/orm.js';
import { createLogger } from '../../src/logger.js';
import { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { call, createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { createSellableSku } from '../support/catalog.js';
import { ACCESS_KEY, changeStatus, MOVE_TO, orderBody, orderIn } from '../orders/fixtures.js';
import { mercadoLivreStandIn, shopifyStandIn, wooCommerceStandIn, type PlatformStandIn } from './platform-stand-ins.js';

const SECRETS_KEY = randomBytes(32).toString('base64');
const SHOPIFY_ITEM = 'gid://shopify/InventoryItem/30322695';
const SHOPIFY_VARIANT = 'gid://shopify/ProductVariant/30322695';

/** Polls `read` until `done` holds (the queue works in the background); fails after `limitMs`. */
async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, limitMs = 15_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not reached: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A sequence that never goes back: what a platform receives when no stale value follows a newer one. */
const nonDecreasing = (values: readonly number[]) => values.every((value, index) => index === 0 || value >= values[index - 1]!);

describe('stock, prices and status out (the sync queue)', () => {
  let server: TestApp;
  let dispatcher: Dispatcher;
  let worker: SyncWorker;
  let shopify: PlatformStandIn;
  let woo: PlatformStandIn;
  let ml: PlatformStandIn;
  let seller: TestSeller;

  beforeAll(async () => {
    server = await startTestApp({ env: { SECRETS_KEY, CHANNEL_TIMEOUT_MS: '400', WEBHOOK_MAX_ATTEMPTS: '4' } });
    // One process's workers: the fan-out fills the queue, the sync worker empties it, one ledger.
    const deps = { config: server.config, orm: server.orm, logger: createLogger(server.config) };
    dispatcher = new Dispatcher(deps);
    worker = new SyncWorker(deps);
    await dispatcher.start();
    await worker.start();
    [shopify, woo, ml] = await Promise.all([shopifyStandIn(), wooCommerceStandIn(), mercadoLivreStandIn()]);
    seller = await createTestSeller(server.orm);
    const em = forkForSeller(server.orm, seller.id);
    for (const code of ['loja-shopify', 'loja-woo', 'mercado-livre']) await putChannel(em, seller.id, code, { name: code });
    for (const sku of ['CANECA-PONTE', 'CAMISETA-AZUL-M', 'SKU-A', 'SKU-B']) await createSellableSku(server.orm, seller.id, { sku, onHand: 10 });
    await call(server, seller, 'PATCH', '/produtos/CANECA-PONTE/preco', { prices: [{ channel: null, sale: '49.90' }] });
    const connected = await Promise.all([
      call(server, seller, 'PUT', '/canais/loja-shopify/conexao', { platform: 'shopify', apiBaseUrl: shopify.server.url, shopDomain: 'minha-loja.myshopify.com', accessToken: 'shpat_secret_token', webhookSecret: 'whs', locationId: 'gid://shopify/Location/1' }),
      call(server, seller, 'PUT', '/canais/loja-woo/conexao', { platform: 'woocommerce', siteUrl: woo.server.url, consumerKey: 'ck_test', consumerSecret: 'cs_test', webhookSecret: 'whs' }),
      call(server, seller, 'PUT', '/canais/mercado-livre/conexao', { platform: 'mercadolivre', apiBaseUrl: ml.server.url, userId: '123456789', clientId: 'app', clientSecret: 'secret', accessToken: 'APP_USR-access', refreshToken: 'TG-refresh' }),
    ]);
    for (const reply of connected) expect(reply.status).toBe(200);
  });

  afterAll(async () => {
    await worker.stop();
    await dispatcher.stop();
    await Promise.all([shopify.server.close(), woo.server.close(), ml.server.close()]);
    await server.close();
  });

  describe('listing links', () => {
    it('refuses SKUs the catalogue does not sell, ids in another platform\'s form, repeated SKUs and channels not connected', async () => {
      const bad = await call(server, seller, 'PUT', '/canais/loja-shopify/anuncios', {
        links: [
          { sku: 'NAO-EXISTE', listingId: SHOPIFY_ITEM },
          { sku: 'CANECA-PONTE', listingId: '794' },
          { sku: 'SKU-A', listingId: SHOPIFY_ITEM, variationId: 'gid://shopify/Product/1' },
        ],
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['/links/1/listingId', '/links/2/variationId']);
      const unknown = await call(server, seller, 'PUT', '/canais/loja-shopify/anuncios', { links: [{ sku: 'NAO-EXISTE', listingId: SHOPIFY_ITEM }] });
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors).toEqual([expect.objectContaining({ path: '/links/0/sku', message: 'is not a sellable SKU of the catalogue' })]);
      const twice = await call(server, seller, 'PUT', '/canais/loja-shopify/anuncios', { links: [{ sku: 'SKU-A', listingId: SHOPIFY_ITEM }, { sku: 'SKU-A', listingId: SHOPIFY_ITEM }] });
      expect(twice.body.errors).toEqual([expect.objectContaining({ path: '/links/1/sku', message: 'repeats a SKU given earlier in this request' })]);
      expect((await call(server, seller, 'PUT', '/canais/loja-shopify/anuncios', { links: [] })).status).toBe(422);
      expect((await call(server, seller, 'PUT', '/canais/nao-conectado/anuncios', { links: [{ sku: 'SKU-A', listingId: '1' }] })).status).toBe(404);
      expect((await call(server, seller, 'GET', '/canais/loja-shopify/anuncios')).body.data).toEqual([]);
    });

    it('upserts by SKU, lists by SKU with a cursor, and sends each new link its current quantity and price', async () => {
      const put = await call(server, seller, 'PUT', '/canais/loja-shopify/anuncios', {
        links: [
          { sku: 'CANECA-PONTE', listingId: SHOPIFY_ITEM, variationId: SHOPIFY_VARIANT },
          { sku: 'CAMISETA-AZUL-M', listingId: 'gid://shopify/InventoryItem/30322696', variationId: 'gid://shopify/ProductVariant/30322696', productId: 'gid://shopify/Product/20995643' },
        ],
      });
      expect(put.status).toBe(200);
      expect(put.body.links.map((link: { sku: string }) => link.sku)).toEqual(['CANECA-PONTE', 'CAMISETA-AZUL-M']);
      const first = await call(server, seller, 'GET', '/canais/loja-shopify/anuncios?limit=1');
      expect(first.body.data).toEqual([expect.objectContaining({ sku: 'CAMISETA-AZUL-M', productId: 'gid://shopify/Product/20995643' })]);
      const second = await call(server, seller, 'GET', `/canais/loja-shopify/anuncios?limit=1&cursor=${first.body.nextCursor}`);
      expect(second.body).toEqual({ data: [expect.objectContaining({ sku: 'CANECA-PONTE', variationId: SHOPIFY_VARIANT, productId: null })], nextCursor: null });

      await until(() => shopify.state.last(shopify.state.quantities, SHOPIFY_ITEM), (quantity) => quantity === 10);
      await until(() => shopify.state.last(shopify.state.prices, SHOPIFY_VARIANT), (price) => price === '49.90');
      // CAMISETA-AZUL-M has no price yet: only its quantity goes.
      await until(() => shopify.state.last(shopify.state.quantities, 'gid://shopify/InventoryItem/30322696'), (quantity) => quantity === 10);
      expect(shopify.state.prices.has('gid://shopify/ProductVariant/30322696')).toBe(false);
    });

    it('links from the platform\'s catalogue in the background, the SKUs Ponte sells only', async () => {
      const queued = await call(server, seller, 'POST', '/canais/loja-shopify/anuncios/vincular', {});
      expect(queued).toMatchObject({ status: 202, body: { queued: true } });
      const log = await until(
        async () => (await call(server, seller, 'GET', '/canais/loja-shopify/sincronizacoes?field=catalogue')).body.data[0],
        (sync) => sync?.status === 'synced',
      );
      expect(log.syncedValue).toEqual({ cursor: null, listings: 2, linked: 2 });
      const links = (await call(server, seller, 'GET', '/canais/loja-shopify/anuncios')).body.data;
      expect(links.find((link: { sku: string }) => link.sku === 'CANECA-PONTE')).toMatchObject({ productId: 'gid://shopify/Product/20995642' });
      expect((await call(server, seller, 'POST', '/canais/nao-conectado/anuncios/vincular', {})).status).toBe(404);
      expect((await call(server, seller, 'POST', '/canais/loja-shopify/anuncios/vincular', { cursor: 'x' })).status).toBe(422);
    });
  });

  describe('quantities', () => {
    /** SKU-A's quantity row on WooCommerce once its attempt sending `quantity` is recorded (the stand-in holds it a moment before). */
    const syncedTo = (quantity: number) =>
      until(
        async () => (await call(server, seller, 'GET', '/canais/loja-woo/sincronizacoes?subject=SKU-A&field=quantity')).body.data[0],
        (sync) => sync?.status === 'synced' && sync.syncedValue.quantity === quantity,
      );

    it('coalesce: many changes of one SKU make few calls, the platform ends with the newest and never receives an older value after a newer one', async () => {
      const em = forkForSeller(server.orm, seller.id);
      await call(server, seller, 'PUT', '/canais/loja-woo/anuncios', { links: [{ sku: 'SKU-A', listingId: '794' }] });
      await until(() => woo.state.last(woo.state.quantities, '794'), (quantity) => quantity === 10);
      const before = woo.state.quantities.get('794')!.length;
      for (let onHand = 11; onHand <= 60; onHand++) await updateStock(em, seller.id, 'SKU-A', { onHand });
      await until(() => woo.state.last(woo.state.quantities, '794'), (quantity) => quantity === 60);
      const received = woo.state.quantities.get('794')!.slice(before);
      expect(received.length).toBeLessThan(50);
      expect(nonDecreasing(received)).toBe(true);
      expect(await syncedTo(60)).toMatchObject({ status: 'synced', value: { quantity: 60 }, syncedValue: { quantity: 60 }, nextAttemptAt: null });
    });

    it('a 5xx and a request past the timeout are retried until the platform takes the value', async () => {
      const em = forkForSeller(server.orm, seller.id);
      woo.state.failNext(1, { status: 503, body: { code: 'internal_server_error' } });
      woo.state.slowNext(1, 600);
      await updateStock(em, seller.id, 'SKU-A', { onHand: 61 });
      const row = await syncedTo(61);
      expect(woo.state.last(woo.state.quantities, '794')).toBe(61);
      const outcomes = row.attempts.slice(-3).map((attempt: { outcome: string; error: string | null; statusCode: number | null }) => [attempt.outcome, attempt.error, attempt.statusCode]);
      expect(outcomes).toEqual([
        ['retrying', 'status', 503],
        ['retrying', 'timeout', null],
        ['succeeded', null, 200],
      ]);
    });

    it('a 429 is retried after its Retry-After, for which the whole connection waits', async () => {
      const em = forkForSeller(server.orm, seller.id);
      woo.state.failNext(1, { status: 429, headers: { 'retry-after': '1' }, body: { code: 'rest_rate_limited' } });
      await updateStock(em, seller.id, 'SKU-A', { onHand: 62 });
      const row = await syncedTo(62);
      const [throttled, taken] = row.attempts.slice(-2);
      expect(throttled).toMatchObject({ outcome: 'retrying', statusCode: 429 });
      expect(taken).toMatchObject({ outcome: 'succeeded' });
      expect(Date.parse(taken.at) - Date.parse(throttled.at)).toBeGreaterThanOrEqual(1000);
    });

    it('a 401 marks the connection unauthorized and pauses it; new credentials send what waited', async () => {
      const em = forkForSeller(server.orm, seller.id);
      await call(server, seller, 'PUT', '/canais/mercado-livre/anuncios', { links: [{ sku: 'SKU-B', listingId: 'MLB4123456790', variationId: '180715151234' }] });
      await until(() => ml.state.last(ml.state.quantities, 'MLB4123456790#180715151234'), (quantity) => quantity === 10);
      // An expired token whose refresh token Mercado Livre no longer takes (invalid_grant).
      await call(server, seller, 'PUT', '/canais/mercado-livre/conexao', { platform: 'mercadolivre', apiBaseUrl: ml.server.url, userId: '123456789', clientId: 'app', clientSecret: 'secret', accessToken: 'APP_USR-expired', refreshToken: 'TG-revoked' });
      await updateStock(em, seller.id, 'SKU-B', { onHand: 7 });
      const connection = await until(async () => (await call(server, seller, 'GET', '/canais/mercado-livre/conexao')).body, (view) => view.status === 'unauthorized');
      expect(connection.lastError).toMatch(/refresh token/);
      const [paused] = (await call(server, seller, 'GET', '/canais/mercado-livre/sincronizacoes?subject=SKU-B&field=quantity')).body.data;
      expect(paused).toMatchObject({ status: 'pending', value: { quantity: 7 } });
      expect(paused.attempts.at(-1)).toMatchObject({ outcome: 'paused', statusCode: 400 });
      const writes = ml.state.writes;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ml.state.writes).toBe(writes);

      await call(server, seller, 'PUT', '/canais/mercado-livre/conexao', { platform: 'mercadolivre', apiBaseUrl: ml.server.url, userId: '123456789', clientId: 'app', clientSecret: 'secret', accessToken: 'APP_USR-access', refreshToken: 'TG-refresh' });
      await until(() => ml.state.last(ml.state.quantities, 'MLB4123456790#180715151234'), (quantity) => quantity === 7);
      expect((await call(server, seller, 'GET', '/canais/mercado-livre/conexao')).body).toMatchObject({ status: 'active', lastError: null, lastSyncAt: expect.any(String) });
    });
  });

  describe('prices', () => {
    it('send the price in force for the channel: its override over the default', async () => {
      await call(server, seller, 'PATCH', '/produtos/SKU-B/preco', { prices: [{ channel: null, sale: '30.00' }, { channel: 'mercado-livre', sale: '34.90' }] });
      await until(() => ml.state.last(ml.state.prices, 'MLB4123456790#180715151235'), (price) => Number(price) === 34.9);
      // Every variation of the item gets the price (one price per item), none is left out of the PUT.
      expect(ml.state.last(ml.state.prices, 'MLB4123456790#180715151234')).toEqual(34.9);
    });
  });

  describe('status back', () => {
    it('faturado and enviado reach WooCommerce as order statuses with a note, and Shopify as a fulfilment with tracking', async () => {
      const wooOrder = await orderIn(server, seller, 'enviado', orderBody({ channel: 'loja-woo', externalId: '727', items: [{ sku: 'SKU-A', quantity: 1, unitPrice: '50.00' }], discount: '0.00' }));
      const shopifyOrder = await orderIn(server, seller, 'enviado', orderBody({ channel: 'loja-shopify', externalId: '450789469', items: [{ sku: 'SKU-A', quantity: 1, unitPrice: '50.00' }], discount: '0.00' }));
      expect(wooOrder.status).toBe('enviado');
      const moves = await until(() => woo.state.orderMoves.filter((move) => move.externalId === '727'), (found) => found.some((move) => (move.body as { status?: string }).status === 'completed'));
      expect(moves.map((move) => move.body)).toContainEqual({ note: expect.stringContaining('BR123456789BR'), customer_note: true });
      const fulfilment = await until(() => shopify.state.orderMoves, (found) => found.length > 0);
      expect(fulfilment[0]!.body).toMatchObject({
        lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/1046000780' }],
        trackingInfo: { company: 'Correios', number: 'BR123456789BR' },
      });
      const log = (await call(server, seller, 'GET', `/canais/loja-shopify/sincronizacoes?field=order&subject=${shopifyOrder.id}`)).body.data;
      expect(log[0]).toMatchObject({ status: 'synced', value: { status: 'enviado' } });
      expect(ACCESS_KEY).toHaveLength(44);
    });
  });

  describe('status back, moves queued together', () => {
    /** Holds the connections' syncs (as a 429 would) while orders move, or lets them go (null). */
    const hold = (until: string) =>
      server.orm.em.fork().execute(`update channel_connection set sync_paused_until = ${until} where seller_id = ? and channel in ('loja-woo', 'loja-shopify')`, [seller.id]);
    const orderRow = async (code: string, orderId: string) => (await call(server, seller, 'GET', `/canais/${code}/sincronizacoes?field=order&subject=${orderId}`)).body.data[0];

    it('an enviado that coalesced over its faturado brings WooCommerce the NF-e with the tracking, and Shopify one fulfilment', async () => {
      await hold(`now() + interval '1 hour'`);
      const fulfilments = shopify.state.orderMoves.length;
      const line = { items: [{ sku: 'SKU-A', quantity: 1, unitPrice: '50.00' }], discount: '0.00' };
      const wooOrder = await orderIn(server, seller, 'enviado', orderBody({ channel: 'loja-woo', externalId: '728', ...line }));
      const shopifyOrder = await orderIn(server, seller, 'enviado', orderBody({ channel: 'loja-shopify', externalId: '450789470', ...line }));
      // Both moves queued before any attempt: one row each, holding enviado.
      const rows = await until(
        async () => [await orderRow('loja-woo', wooOrder.id), await orderRow('loja-shopify', shopifyOrder.id)],
        (found) => found.every((row) => row?.value.status === 'enviado'),
      );
      for (const row of rows) expect(row).toMatchObject({ attemptCount: 0, syncedValue: null, attempts: [] });
      await hold('null');

      const moves = await until(() => woo.state.orderMoves.filter((move) => move.externalId === '728'), (found) => found.length === 2);
      expect(moves.map((move) => move.body)).toEqual([
        { status: 'completed' },
        { note: `NF-e 123/1 (${ACCESS_KEY}). Shipped by Correios, tracking BR123456789BR`, customer_note: true },
      ]);
      await until(() => shopify.state.orderMoves.length, (count) => count > fulfilments);
      expect(shopify.state.orderMoves.slice(fulfilments)).toEqual([{ externalId: 'fulfillment', body: expect.objectContaining({ trackingInfo: { company: 'Correios', number: 'BR123456789BR' } }) }]);
      await until(() => orderRow('loja-shopify', shopifyOrder.id), (row) => row.status === 'synced');
      expect(shopify.state.orderMoves).toHaveLength(fulfilments + 1);
    });

    it('an enviado after its faturado went out does not tell the NF-e again', async () => {
      const order = await orderIn(server, seller, 'faturado', orderBody({ channel: 'loja-woo', externalId: '729', items: [{ sku: 'SKU-A', quantity: 1, unitPrice: '50.00' }], discount: '0.00' }));
      await until(() => orderRow('loja-woo', order.id), (row) => row?.status === 'synced' && row.syncedValue.status === 'faturado');
      expect((await changeStatus(server, seller, order.id, MOVE_TO.enviado!)).status).toBe(200);
      const moves = await until(() => woo.state.orderMoves.filter((move) => move.externalId === '729'), (found) => found.length === 4);
      expect(moves.map((move) => move.body)).toEqual([
        { status: 'processing' },
        { note: `NF-e 123/1 (${ACCESS_KEY})`, customer_note: true },
        { status: 'completed' },
        { note: 'Shipped by Correios, tracking BR123456789BR', customer_note: true },
      ]);
    });
  });

  describe('GraphQL', () => {
    it('reads links and the sync log on Channel, and links through mutations', async () => {
      const gql = async (query: string) => (await graphql(server.url, query, { headers: { authorization: `Bearer ${seller.token}` } })).body;
      const linked = await gql(`mutation { linkChannelListings(input: {code: "loja-woo", links: [{sku: "SKU-B", listingId: "733", variationId: null}]}) { links { sku listingId } } }`);
      expect(linked.data).toEqual({ linkChannelListings: { links: [{ sku: 'SKU-B', listingId: '733' }] } });
      const read = await gql(`{ channel(code: "loja-woo") { listings(first: 10) { nodes { sku } } syncs(filter: {field: quantity}) { nodes { subject status attempts { outcome } } } } }`);
      expect((read.data as any).channel.listings.nodes.map((node: { sku: string }) => node.sku)).toEqual(['SKU-A', 'SKU-B']);
      expect((read.data as any).channel.syncs.nodes[0]).toMatchObject({ subject: 'SKU-A' });
      const refused = await gql(`mutation { linkChannelListingsFromCatalogue(code: "nao-conectado") { queued } }`);
      expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    });

    it('answers where each listing link stands on the platform: its quantity and price rows of the sync log, for a whole page at once', async () => {
      const gql = async (query: string) => (await graphql(server.url, query, { headers: { authorization: `Bearer ${seller.token}` } })).body;
      const page = await until(
        async () => (await gql(`{ channel(code: "loja-shopify") { listings(first: 10) { nodes { sku syncs { field subject status syncedValue } } } } }`)).data as any,
        (data) => data.channel.listings.nodes.every((link: { syncs: { status: string }[] }) => link.syncs.every((sync) => sync.status === 'synced')),
      );
      const syncsOf = (sku: string) => page.channel.listings.nodes.find((link: { sku: string }) => link.sku === sku).syncs;
      // The log's own rows, field by field; a SKU with no price queues none.
      expect(syncsOf('CANECA-PONTE')).toEqual([
        { field: 'price', subject: 'CANECA-PONTE', status: 'synced', syncedValue: { price: '49.90' } },
        { field: 'quantity', subject: 'CANECA-PONTE', status: 'synced', syncedValue: { quantity: expect.any(Number) } },
      ]);
      expect(syncsOf('CAMISETA-AZUL-M').map((sync: { field: string }) => sync.field)).toEqual(['quantity']);
      const log = (await call(server, seller, 'GET', '/canais/loja-shopify/sincronizacoes?subject=CANECA-PONTE')).body.data;
      expect(syncsOf('CANECA-PONTE').map((sync: { status: string }) => sync.status)).toEqual(log.map((sync: { status: string }) => sync.status));
    });

    it('lists each platform\'s connection form from the connectors: its credentials in order, which are secrets, and the default API host', async () => {
      const { data } = await graphql<{ channelPlatforms: { platform: string; title: string; apiBaseUrlDefault: string; credentialFields: { name: string; secret: boolean; required: boolean; description: string }[] }[] }>(
        server.url,
        '{ channelPlatforms { platform title apiBaseUrlDefault credentialFields { name description secret required } } }',
        { headers: { authorization: `Bearer ${seller.token}` } },
      ).then((reply) => reply.body);
      const platforms = data!.channelPlatforms;
      expect(platforms.map((platform) => platform.platform)).toEqual(CONNECTORS.map((connector) => connector.platform));
      for (const connector of CONNECTORS) {
        const form = platforms.find((platform) => platform.platform === connector.platform)!;
        expect(form.title).toBe(connector.title);
        expect(form.credentialFields.map((field) => field.name)).toEqual(Object.keys(connector.credentials.properties));
        expect(form.credentialFields.every((field) => field.required && field.description.length > 0)).toBe(true);
      }
      expect(platforms[0]).toMatchObject({
        platform: 'shopify',
        apiBaseUrlDefault: 'https://{shopDomain}',
        credentialFields: [
          { name: 'shopDomain', secret: false },
          { name: 'accessToken', secret: true },
          { name: 'webhookSecret', secret: true },
          { name: 'locationId', secret: false },
        ],
      });
      const secrets = (platform: string) =>
        Object.fromEntries(platforms.find((form) => form.platform === platform)!.credentialFields.map((field) => [field.name, field.secret]));
      expect(secrets('woocommerce')).toEqual({ siteUrl: false, consumerKey: true, consumerSecret: true, webhookSecret: true });
      expect(secrets('mercadolivre')).toEqual({ userId: false, clientId: false, clientSecret: true, accessToken: true, refreshToken: true });
      expect(platforms.find((platform) => platform.platform === 'mercadolivre')!.apiBaseUrlDefault).toBe('https://api.mercadolibre.com');
    });
  });
});
