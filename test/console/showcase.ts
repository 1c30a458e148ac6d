/**
 * A seller with something on every console page: orders in each status on two channels
 * (one order per status, a pendente among them), stock, a healthy and a failing webhook
 * subscription with finished deliveries, an installed application with a registration,
 * one more application to install, and a few tokens; a channel connected to a Shopify
 * stand-in, with a linked SKU synced after a refused attempt and an order it sold that
 * needs attention. The screenshots and the accessibility test both look at it.
 */
import { putChannel } from '../../src/catalog/channel.service.js';
import { InboundWorker } from '../../src/channels/inbound-worker.js';
import { SyncWorker } from '../../src/channels/sync-worker.js';
import { createLogger } from '../../src/logger.js';
import { shopifyStandIn } from '../channels/platform-stand-ins.js';
import { fixture, postInbound, shopifyHeaders } from '../channels/world.js';
import { createApplication } from '../../src/auth/application.service.js';
import { forkForSeller } from '../../src/db/orm.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { orderBody, orderIn } from '../orders/fixtures.js';
import { createTestApplication } from '../platforms/fixtures.js';
import { call, createTestSeller, createTestToken, type TestApp, type TestSeller } from '../support/app.js';
import { createSellableSku } from '../support/catalog.js';
import { deliveriesOf, startDispatcher, subscribe, type DeliveryRecord } from '../webhooks/fixtures.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/receiver.js';
import type { ConsoleWorld } from './browser.js';

export interface Showcase {
  seller: TestSeller;
  orderId: string;
  failedDeliveryId: string;
  /** The channel connected to a platform (a Shopify stand-in). */
  connectedChannel: string;
  close(): Promise<void>;
}

export async function seedShowcase(world: ConsoleWorld): Promise<Showcase> {
  const { server } = world;
  const seller = await createTestSeller(server.orm, { name: 'Loja Exemplo' });
  const em = forkForSeller(server.orm, seller.id);
  await putChannel(em, seller.id, 'loja-propria', { name: 'Loja própria', sharePercent: 100 });
  await putChannel(em, seller.id, 'mercadolivre', { name: 'Mercado Livre', sharePercent: 60, safetyStock: 2, maxQuantity: 50 });
  await createSellableSku(server.orm, seller.id, { sku: 'SKU-A', onHand: 120, product: { title: 'Caneca esmaltada' } });
  await createSellableSku(server.orm, seller.id, { sku: 'SKU-B', onHand: 35, product: { title: 'Prato fundo' } });
  await createSellableSku(server.orm, seller.id, { sku: 'SKU-C', onHand: 0, product: { title: 'Jarra de vidro' } });

  const healthy = await startReceiver();
  const failing = await startReceiver(() => ({ status: 503, body: 'upstream maintenance' }));
  const receivers: Receiver[] = [healthy, failing];
  const dispatcher: Dispatcher = await startDispatcher(server, { env: { WEBHOOK_MAX_ATTEMPTS: '1' } });
  await subscribe(server, seller, { url: healthy.url, events: ['*'], description: 'ERP' });
  await subscribe(server, seller, { url: failing.url, events: ['pedido.criado'], description: 'Marketplace bridge' });

  const customers = ['Ana Souza', 'João da Conceição', 'Maria Oliveira', 'José Santos', 'Antônia Lima', 'Pedro Alves', 'Beatriz Rocha'];
  const statuses = ['aprovado', 'faturado', 'enviado', 'entregue', 'cancelado', 'pendente', 'aprovado'];
  let orderId = '';
  for (const [index, status] of statuses.entries()) {
    const body = orderBody({ channel: index % 2 ? 'mercadolivre' : 'loja-propria', customer: { name: customers[index], email: 'cliente@example.com', document: '529.982.247-25' } });
    const order = await orderIn(server, seller, status, body);
    orderId ||= order.id;
  }
  const shopify = await connectShopify(server, seller);
  let deliveries: DeliveryRecord[] = [];
  await waitUntil(async () => {
    deliveries = await deliveriesOf(server, seller);
    return deliveries.some((delivery) => delivery.status === 'failed') && deliveries.every((delivery) => !['pending', 'retrying'].includes(delivery.status));
  }, 60_000);
  const failedDeliveryId = deliveries.find((delivery) => delivery.status === 'failed')!.id;

  const app = await createTestApplication(server.orm, { name: 'Frete Fácil', installedBy: [seller] });
  await createApplication(server.orm.em.fork(), 'Atende Já');
  const registered = await fetch(`${server.url}/logistica/api/v1/webhook/novo`, {
    method: 'POST',
    headers: app.headers,
    body: JSON.stringify({ url: 'http://127.0.0.1:9/frete-facil', events: ['rastreio.atualizado'] }),
  });
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`);

  const used = await createTestToken(server.orm, seller.id, ['orders:read']);
  await fetch(`${server.url}/pedidos?limit=1`, { headers: used.headers });
  await createTestToken(server.orm, seller.id, ['catalog:read', 'catalog:write']);
  return {
    seller,
    orderId,
    failedDeliveryId,
    connectedChannel: 'loja-shopify',
    close: async () => {
      await shopify.close();
      await dispatcher.stop();
      for (const receiver of receivers) await receiver.close();
    },
  };
}

/**
 * `loja-shopify` connected to a Shopify stand-in: SKU-A linked, its quantity taken after
 * a first attempt answered 503, and Shopify's sample order, whose SKUs the catalogue does
 * not sell (CAMISETA-AZUL-M) or has none of (CANECA-PONTE), in needing attention.
 */
async function connectShopify(server: TestApp, seller: TestSeller): Promise<{ close(): Promise<void> }> {
  const deps = { config: server.config, orm: server.orm, logger: createLogger(server.config) };
  const workers = [new InboundWorker(deps), new SyncWorker(deps)];
  for (const worker of workers) await worker.start();
  const shopify = await shopifyStandIn();
  shopify.state.failNext(1, { status: 503, body: { errors: 'Service Unavailable' } });
  await putChannel(forkForSeller(server.orm, seller.id), seller.id, 'loja-shopify', { name: 'Loja Shopify', sharePercent: 80 });
  await createSellableSku(server.orm, seller.id, { sku: 'CANECA-PONTE', onHand: 0, product: { title: 'Caneca Ponte' } });
  const secret = 'shpss_showcase';
  const connected = await call(server, seller, 'PUT', '/canais/loja-shopify/conexao', {
    platform: 'shopify',
    apiBaseUrl: shopify.server.url,
    shopDomain: 'loja-exemplo.myshopify.com',
    accessToken: 'shpat_secret_token',
    webhookSecret: secret,
    locationId: 'gid://shopify/Location/1',
  });
  if (connected.status !== 200) throw new Error(`connection answered ${connected.status}`);
  await call(server, seller, 'PUT', '/canais/loja-shopify/anuncios', {
    links: [{ sku: 'SKU-A', listingId: 'gid://shopify/InventoryItem/30322695', variationId: 'gid://shopify/ProductVariant/30322695' }],
  });
  const body = fixture('shopify/orders-create.json');
  const posted = await postInbound(connected.body.inboundUrl, body, shopifyHeaders(secret, body, 'showcase-1'));
  if (posted.status !== 200) throw new Error(`the inbound URL answered ${posted.status}`);
  await waitUntil(async () => {
    const synced = (await call(server, seller, 'GET', '/canais/loja-shopify/sincronizacoes?field=quantity')).body.data;
    const imported = (await call(server, seller, 'GET', '/pedidos?channel=loja-shopify')).body.data;
    return synced[0]?.status === 'synced' && imported.length === 1;
  }, 60_000);
  return {
    close: async () => {
      for (const worker of workers.reverse()) await worker.stop();
      await shopify.server.close();
    },
  };
}
