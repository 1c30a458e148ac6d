import { issueCredential } from '../../src/auth/application.service.js';
import { createToken, OPERATOR } from '../../src/auth/auth.service.js';
import { putChannel } from '../../src/catalog/channel.service.js';
import { setPrices } from '../../src/catalog/price.service.js';
import { forkForSeller } from '../../src/db/orm.js';
import { SIMULATOR_CHANNEL } from '../../src/simulator/sandbox.js';
import { placeSimulatedOrders } from '../../src/simulator/simulator.service.js';
import { fanOutBatch } from '../../src/webhooks/fanout.js';
import { createSellableSku } from './catalog.js';
import { orderBody, orderIn, orderSeller } from '../orders/fixtures.js';
import { createTestApplication, gql, type TestApplication } from '../platforms/fixtures.js';
import type { TestApp, TestSeller } from './app.js';

/**
 * One seller with something of every kind, so a bad-input case can name a real resource
 * and change one thing about a request that would otherwise succeed.
 */
export interface World {
  server: TestApp;
  seller: TestSeller;
  application: TestApplication;
  ids: {
    order: string;
    invoicedOrder: string;
    /** A `pendente` order of the simulated marketplace (the world's seller is a sandbox seller). */
    simulatedOrder: string;
    shipment: string;
    supportCase: string;
    cycle: string;
    subscription: string;
    delivery: string;
    portalConfiguration: string;
    /** A second token of the seller and a second credential of the application, which a case could revoke harmlessly. */
    spareToken: string;
    spareCredential: string;
    /** A registration of the application on each product, by mount path (`/logistica`…). */
    registrations: Record<string, string>;
  };
  sku: string;
  channel: string;
  /** A public-looking destination the service accepts (private targets are allowed in tests). */
  hookUrl: string;
}

/** Where each product is mounted and an event its registrations may take. */
export const PLATFORM_PRODUCTS = {
  '/logistica': { event: 'rastreio.atualizado', url: 'http://127.0.0.1:9/hook' },
  '/pagamentos': { event: 'ciclo.criado', url: 'http://127.0.0.1:9/hook' },
  '/atendimento': { event: 'atendimento.criado', url: 'https://127.0.0.1:9/hook' },
} as const;

/** A Shopify connection whose API is nowhere (nothing here calls it). */
export const SHOPIFY_CONNECTION = {
  platform: 'shopify',
  apiBaseUrl: 'http://127.0.0.1:9',
  shopDomain: 'corpus.myshopify.com',
  accessToken: 'shpat_corpus',
  webhookSecret: 'corpus-secret',
  locationId: 'gid://shopify/Location/1',
};

/** A Shopify listing link of the world's SKU, in the platform's id forms. */
export const LISTING_LINK = { sku: 'SKU-A', listingId: 'gid://shopify/InventoryItem/1', variationId: 'gid://shopify/ProductVariant/1' };

/** The world's SKU on sale on the simulated marketplace. */
export const SIMULATED_SKU = 'SIM-A';

export async function buildWorld(server: TestApp): Promise<World> {
  const hookUrl = 'http://127.0.0.1:9/hook';
  // A sandbox seller: it may do all a live seller may, and use the simulator too.
  const seller = await orderSeller(server, { sandbox: true });
  const em = forkForSeller(server.orm, seller.id);
  await putChannel(em, seller.id, SIMULATOR_CHANNEL, { name: 'Simulador' });
  await createSellableSku(server.orm, seller.id, { sku: SIMULATED_SKU, onHand: 10_000, product: { publicationStatus: 'published', channels: [SIMULATOR_CHANNEL] } });
  await setPrices(em, seller.id, SIMULATED_SKU, [{ channel: null, sale: '10.00' }]);
  const [simulatedOrder] = await placeSimulatedOrders(em, { sellerId: seller.id, sandbox: true }, { skus: [SIMULATED_SKU], pending: true });
  const application = await createTestApplication(server.orm, { installedBy: [seller] });
  const post = async (path: string, body: unknown, headers = seller.headers) => {
    const response = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { id: string };
  };

  // The world's channel is connected (to an API nowhere), so listing links and syncs have a connection.
  const connected = await fetch(`${server.url}/canais/loja-propria/conexao`, { method: 'PUT', headers: seller.headers, body: JSON.stringify(SHOPIFY_CONNECTION) });
  if (connected.status >= 300) throw new Error(`PUT /canais/loja-propria/conexao answered ${connected.status}: ${await connected.text()}`);

  const order = await orderIn(server, seller, 'pendente', orderBody());
  const invoicedOrder = await orderIn(server, seller, 'faturado', orderBody());
  const { createShipment: { shipment } } = await gql<{ createShipment: { shipment: { id: string } } }>(
    server,
    seller,
    `mutation ($input: CreateShipmentInput!) { createShipment(input: $input) { shipment { id } } }`,
    { input: { orderId: invoicedOrder.id, carrier: 'Correios', trackingCode: 'BR123456789BR' } },
  );
  const { openSupportCase: { supportCase } } = await gql<{ openSupportCase: { supportCase: { id: string } } }>(
    server,
    seller,
    `mutation ($input: OpenSupportCaseInput!) { openSupportCase(input: $input) { supportCase { id } } }`,
    { input: { channel: 'chat', subject: 'Atraso', message: 'Cadê meu pedido?' } },
  );
  const cycle = await post('/ciclos', { periodStart: '1990-01-01T00:00:00Z', periodEnd: '1990-01-02T00:00:00Z' });
  const subscription = await post('/webhooks/assinaturas', { url: hookUrl, events: ['*'] });
  const portalConfiguration = await post('/v2/webhooks/configuracoes', {
    url: hookUrl,
    groups: { orders: true, stock: false, freight: false, payments: false },
  });
  const registrations: Record<string, string> = {};
  for (const [mount, product] of Object.entries(PLATFORM_PRODUCTS)) {
    registrations[mount] = (await post(`${mount}/api/v1/webhook/novo`, { url: product.url, events: [product.event] }, application.headers)).id;
  }
  const { record: spareToken } = await createToken(server.orm.em.fork(), { sellerId: seller.id, scopes: ['orders:read'], issuer: OPERATOR });
  const { record: spareCredential } = await issueCredential(server.orm.em.fork(), application.id);
  // No dispatcher runs here: fanning out once gives the subscription deliveries to name.
  while ((await fanOutBatch(server.orm)) > 0);
  const [delivery] = await server.orm.em
    .fork()
    .execute<{ id: string }[]>(`select id from webhook_delivery where subscription_id = ? limit 1`, [subscription.id]);

  return {
    server,
    seller,
    application,
    ids: {
      order: order.id,
      invoicedOrder: invoicedOrder.id,
      simulatedOrder: simulatedOrder!.id,
      shipment: shipment.id,
      supportCase: supportCase.id,
      cycle: cycle.id,
      subscription: subscription.id,
      delivery: delivery!.id,
      portalConfiguration: portalConfiguration.id,
      spareToken: spareToken.id,
      spareCredential: spareCredential.id,
      registrations,
    },
    sku: 'SKU-A',
    channel: 'loja-propria',
    hookUrl,
  };
}

/**
 * A world of stand-ins, for listing the corpus's cases before any server runs (test
 * names cannot wait for beforeAll); every case is built again against the real world.
 */
export function placeholderWorld(): World {
  const id = (name: string) => `00000000-0000-7000-8000-${name.padStart(12, '0')}`;
  return {
    server: undefined as never,
    seller: { id: id('1'), token: 'ponte_sk_placeholder', headers: { authorization: 'Bearer ponte_sk_placeholder', 'content-type': 'application/json' } },
    application: { id: id('2'), credential: 'ponte_app_placeholder', headers: { authorization: 'Bearer ponte_app_placeholder', 'content-type': 'application/json' } },
    ids: {
      order: id('3'),
      simulatedOrder: id('13'),
      invoicedOrder: id('4'),
      shipment: id('5'),
      supportCase: id('6'),
      cycle: id('22'),
      subscription: id('7'),
      delivery: id('8'),
      portalConfiguration: id('9'),
      spareToken: id('20'),
      spareCredential: id('21'),
      registrations: Object.fromEntries(Object.keys(PLATFORM_PRODUCTS).map((mount, index) => [mount, id(String(10 + index))])),
    },
    sku: 'SKU-A',
    channel: 'loja-propria',
    hookUrl: 'http://127.0.0.1:9/hook',
  };
}
