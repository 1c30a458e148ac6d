import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putChannel } from '../../src/catalog/channel.service.js';
import { InboundWorker } from '../../src/channels/inbound-worker.js';
import { SyncWorker } from '../../src/channels/sync-worker.js';
import { forkForSeller } from '../../src/db/orm.js';
import { createLogger } from '../../src/logger.js';
import { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { call, createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { createSellableSku } from '../support/catalog.js';
import { waitUntil } from '../webhooks/receiver.js';
import { mercadoLivreStandIn, shopifyStandIn, wooCommerceStandIn, type MercadoLivreStandIn, type PlatformStandIn } from './platform-stand-ins.js';
import { StandIn } from './stand-in.js';
import { fixture, postInbound, shopifyHeaders, wooHeaders } from './world.js';

const SECRETS_KEY = randomBytes(32).toString('base64');
const CHANNEL_TIMEOUT_MS = 500;
const ML_SELLER = '468424240';

/**
 * Credentials never leave the service: not in the sync log (GET /canais/{code}/sincronizacoes
 * shows what platforms answered), not in any log line. The service's logger writes here,
 * at its most verbose level, while channels are connected, orders imported and values
 * synced, tokens refreshed and refused.
 */
describe('credentials stay secret', () => {
  const lines: string[] = [];
  let server: TestApp;
  let workers: { start(): Promise<void>; stop(): Promise<void> }[];
  let seller: TestSeller;
  let ml: MercadoLivreStandIn;
  let shopify: PlatformStandIn;
  let woo: PlatformStandIn;
  const standIns: StandIn[] = [];

  beforeAll(async () => {
    const logger = createLogger({ logLevel: 'trace', logFormat: 'json' }, { write: (line: string) => void lines.push(line) });
    server = await startTestApp({ env: { SECRETS_KEY, CHANNEL_TIMEOUT_MS: String(CHANNEL_TIMEOUT_MS), WEBHOOK_MAX_ATTEMPTS: '4' }, logger });
    const deps = { config: server.config, orm: server.orm, logger };
    workers = [new Dispatcher(deps), new InboundWorker(deps), new SyncWorker(deps)];
    for (const worker of workers) await worker.start();
    [ml, shopify, woo] = await Promise.all([mercadoLivreStandIn({ rotating: true }), shopifyStandIn(), wooCommerceStandIn()]);
    seller = await createTestSeller(server.orm);
    const em = forkForSeller(server.orm, seller.id);
    for (const code of ['mercado-livre', 'ml-half', 'loja-shopify', 'loja-woo', 'loja-gql']) await putChannel(em, seller.id, code, { name: code });
    for (const sku of ['CANECA-PONTE', 'CAMISETA-AZUL-M', 'SKU-ML', 'SKU-HALF']) await createSellableSku(server.orm, seller.id, { sku, onHand: 10 });
  });

  afterAll(async () => {
    for (const worker of [...workers].reverse()) await worker.stop();
    await Promise.all([ml.server.close(), shopify.server.close(), woo.server.close(), ...standIns.map((standIn) => standIn.close())]);
    await server.close();
  });

  const syncLog = async (code: string, subject: string) => (await call(server, seller, 'GET', `/canais/${code}/sincronizacoes?subject=${subject}&field=quantity`)).body;
  const storedAnswers = async () =>
    (await server.orm.em.fork().execute<{ response_body: string | null }[]>('select response_body from channel_sync_attempt')).map((row) => row.response_body ?? '').join('\n');

  it('a refresh that succeeds before a request that times out leaves no token in the sync log', async () => {
    const put = await call(server, seller, 'PUT', '/canais/mercado-livre/conexao', {
      platform: 'mercadolivre', apiBaseUrl: ml.server.url, userId: ML_SELLER, clientId: 'app', clientSecret: 'ml-client-secret', accessToken: 'APP_USR-expired', refreshToken: 'TG-refresh',
    });
    expect(put.status).toBe(200);
    // The write made with the refreshed token answers too late.
    ml.state.slowNext(1, CHANNEL_TIMEOUT_MS * 3);
    await call(server, seller, 'PUT', '/canais/mercado-livre/anuncios', { links: [{ sku: 'SKU-ML', listingId: 'MLB4123456789' }] });
    await waitUntil(async () => (await syncLog('mercado-livre', 'SKU-ML')).data[0]?.status === 'synced', 20_000);

    const log = await syncLog('mercado-livre', 'SKU-ML');
    const [timedOut, taken] = log.data[0].attempts;
    expect(timedOut).toMatchObject({ outcome: 'retrying', error: 'timeout', statusCode: null, responseBody: null });
    expect(taken).toMatchObject({ outcome: 'succeeded', statusCode: 200 });
    expect(ml.tokens).toMatchObject({ refreshes: 1, accessToken: 'APP_USR-rotated-1' });
    expect(JSON.stringify(log)).not.toMatch(/rotated|TG-refresh/);
    expect(await storedAnswers()).not.toMatch(/rotated|TG-refresh/);
  });

  it('the token endpoint\'s answer is never recorded, even when it is the last answer of a failed attempt', async () => {
    // A token answer without refresh_token: the attempt fails right after it, unusable.
    const platform = await new StandIn([
      [/^POST \/oauth\/token$/, () => ({ status: 200, body: { access_token: 'APP_USR-half-secret', token_type: 'Bearer', expires_in: 21600, user_id: Number(ML_SELLER) } })],
      [/^PUT \/items\/MLB\d+$/, () => ({ status: 401, body: { message: 'invalid access token', status: 401 } })],
    ]).start();
    standIns.push(platform);
    await call(server, seller, 'PUT', '/canais/ml-half/conexao', {
      platform: 'mercadolivre', apiBaseUrl: platform.url, userId: ML_SELLER, clientId: 'app', clientSecret: 'ml-client-secret', accessToken: 'APP_USR-expired', refreshToken: 'TG-refresh',
    });
    await call(server, seller, 'PUT', '/canais/ml-half/anuncios', { links: [{ sku: 'SKU-HALF', listingId: 'MLB4123456780' }] });
    await waitUntil(async () => (await syncLog('ml-half', 'SKU-HALF')).data[0]?.attempts.length >= 2, 20_000);

    const log = await syncLog('ml-half', 'SKU-HALF');
    expect(log.data[0].attempts[0]).toMatchObject({ outcome: 'retrying', error: 'malformed', statusCode: 200, responseBody: null });
    expect(platform.seen.some((request) => request.path === '/oauth/token')).toBe(true);
    expect(JSON.stringify(log)).not.toContain('half-secret');
    expect(await storedAnswers()).not.toContain('half-secret');
  });

  it('no log line shows a credential or an inbound key while channels connect, import orders and sync', async () => {
    const shopifySecret = 'shpss-log-secret';
    const wooSecret = 'wc-log-secret';
    const shopifyCredentials = { platform: 'shopify', apiBaseUrl: shopify.server.url, shopDomain: 'minha-loja.myshopify.com', webhookSecret: shopifySecret, locationId: 'gid://shopify/Location/1' };
    // Refused first (422, the domain is wrong; then Shopify refuses the token), then connected.
    expect((await call(server, seller, 'PUT', '/canais/loja-shopify/conexao', { ...shopifyCredentials, shopDomain: 'not a domain', accessToken: 'shpat_refused_secret' })).status).toBe(422);
    await call(server, seller, 'PUT', '/canais/loja-shopify/conexao', { ...shopifyCredentials, accessToken: 'shpat_refused_secret' });
    await call(server, seller, 'PUT', '/canais/loja-shopify/anuncios', { links: [{ sku: 'CANECA-PONTE', listingId: 'gid://shopify/InventoryItem/30322695' }] });
    await waitUntil(async () => (await call(server, seller, 'GET', '/canais/loja-shopify/conexao')).body.status === 'unauthorized', 20_000, () => 'Shopify refusing the token');
    const shopifyPut = await call(server, seller, 'PUT', '/canais/loja-shopify/conexao', { ...shopifyCredentials, accessToken: 'shpat_secret_token' });
    const wooPut = await call(server, seller, 'PUT', '/canais/loja-woo/conexao', { platform: 'woocommerce', siteUrl: woo.server.url, consumerKey: 'ck_test', consumerSecret: 'cs_test', webhookSecret: wooSecret });
    await call(server, seller, 'PUT', '/canais/loja-woo/anuncios', { links: [{ sku: 'CANECA-PONTE', listingId: '794' }] });
    const connected = await graphql(server.url, `mutation { connectChannel(input: {code: "loja-gql", platform: "woocommerce", apiBaseUrl: "${woo.server.url}", credentials: [
      {name: "siteUrl", value: "${woo.server.url}"}, {name: "consumerKey", value: "ck_gql_secret"}, {name: "consumerSecret", value: "cs_gql_secret"}, {name: "webhookSecret", value: "wc-gql-secret"}]}) { connection { inboundUrl } } }`, { headers: seller.headers });
    expect(connected.body.errors).toBeUndefined();

    // Orders from each platform; Mercado Livre's token was revoked, so its import refreshes it.
    const shopifyOrder = fixture('shopify/orders-create.json');
    const wooOrder = fixture('woocommerce/order-created.json');
    ml.tokens.accessToken = 'APP_USR-revoked';
    const inbound = await call(server, seller, 'GET', '/canais/mercado-livre/conexao');
    expect((await postInbound(shopifyPut.body.inboundUrl, shopifyOrder, shopifyHeaders(shopifySecret, shopifyOrder, 'log-1'))).status).toBe(200);
    expect((await postInbound(wooPut.body.inboundUrl, wooOrder, wooHeaders(wooSecret, wooOrder, 'log-2'))).status).toBe(200);
    expect((await postInbound(inbound.body.inboundUrl, fixture('mercadolivre/notification.json'))).status).toBe(200);
    expect((await postInbound(wooPut.body.inboundUrl, wooOrder, wooHeaders('forged', wooOrder, 'log-3'))).status).toBe(401);
    let notifications: unknown[] = [];
    await waitUntil(async () => {
      notifications = await server.orm.em.fork().execute('select status, attempts, error from channel_inbound');
      return (await call(server, seller, 'GET', '/pedidos')).body.data.length === 3;
    }, 20_000, () => `three orders imported: ${JSON.stringify(notifications)}`);
    // The orders' stock moves (5 of CANECA-PONTE's 10 reserved) reach the linked listings.
    const published = () => [shopify.state.last(shopify.state.quantities, 'gid://shopify/InventoryItem/30322695'), woo.state.last(woo.state.quantities, '794')];
    await waitUntil(() => published().every((quantity) => quantity === 5), 20_000, () => `published ${JSON.stringify(published())}`);
    expect(ml.tokens.refreshes).toBe(2);

    const secrets = [
      'shpat_secret_token', 'shpat_refused_secret', shopifySecret, 'ck_test', 'cs_test', Buffer.from('ck_test:cs_test').toString('base64'), wooSecret,
      'ck_gql_secret', 'cs_gql_secret', 'wc-gql-secret', 'ml-client-secret', 'APP_USR-expired', 'APP_USR-rotated', 'TG-refresh', 'TG-rotated', SECRETS_KEY,
      ...[shopifyPut, wooPut, inbound].map((answer) => new URL(answer.body.inboundUrl).pathname.split('/')[2]!),
      new URL((connected.body.data as { connectChannel: { connection: { inboundUrl: string } } }).connectChannel.connection.inboundUrl).pathname.split('/')[2]!,
    ];
    const output = lines.join('');
    // The lines are there: every request, the inbound URLs' among them, shown without their key.
    expect(output).toContain('"url":"/entrada/…"');
    for (const secret of secrets) expect(output.includes(secret), secret).toBe(false);
  });
});
