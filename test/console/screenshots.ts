/**
 * `npm run console:screenshots`: every console page at 1280 px and at a phone's width,
 * over a seller with orders in each status, stock on two channels, a healthy and a failing
 * webhook subscription and a few tokens, into docs/console/.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, it } from 'vitest';
import { putChannel } from '../../src/catalog/channel.service.js';
import { forkForSeller } from '../../src/db/orm.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { createOrder, orderBody, orderIn } from '../orders/fixtures.js';
import { createTestApplication } from '../products/fixtures.js';
import { createTestSeller, createTestToken, type TestSeller } from '../support/app.js';
import { createSellableSku } from '../support/catalog.js';
import { deliveriesOf, startDispatcher, subscribe, type DeliveryRecord } from '../webhooks/fixtures.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/receiver.js';
import { signedInPage, startConsoleWorld, type ConsoleWorld } from './browser.js';

const OUT = 'docs/console';
const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
];

let world: ConsoleWorld | undefined;
let dispatcher: Dispatcher | undefined;
const receivers: Receiver[] = [];

afterAll(async () => {
  await dispatcher?.stop();
  for (const receiver of receivers) await receiver.close();
  await world?.close();
});

async function seed(current: ConsoleWorld): Promise<{ seller: TestSeller; orderId: string; failedDeliveryId: string }> {
  const { server } = current;
  const seller = await createTestSeller(server.orm, { name: 'Loja Exemplo' });
  const em = forkForSeller(server.orm, seller.id);
  await putChannel(em, seller.id, 'loja-propria', { name: 'Loja própria', sharePercent: 100 });
  await putChannel(em, seller.id, 'mercadolivre', { name: 'Mercado Livre', sharePercent: 60, safetyStock: 2, maxQuantity: 50 });
  await createSellableSku(server.orm, seller.id, { sku: 'SKU-A', onHand: 120, product: { title: 'Caneca esmaltada' } });
  await createSellableSku(server.orm, seller.id, { sku: 'SKU-B', onHand: 35, product: { title: 'Prato fundo' } });
  await createSellableSku(server.orm, seller.id, { sku: 'SKU-C', onHand: 0, product: { title: 'Jarra de vidro' } });

  const healthy = await startReceiver();
  const failing = await startReceiver(() => ({ status: 503, body: 'upstream maintenance' }));
  receivers.push(healthy, failing);
  dispatcher = await startDispatcher(server, { env: { WEBHOOK_MAX_ATTEMPTS: '1' } });
  await subscribe(server, seller, { url: healthy.url, events: ['*'], description: 'ERP' });
  await subscribe(server, seller, { url: failing.url, events: ['pedido.criado'], description: 'Marketplace bridge' });

  const statuses = ['aprovado', 'faturado', 'enviado', 'entregue', 'cancelado', 'pendente', 'aprovado'];
  let orderId = '';
  for (const [index, status] of statuses.entries()) {
    const order = await orderIn(server, seller, status, orderBody({ channel: index % 2 ? 'mercadolivre' : 'loja-propria' }));
    orderId ||= order.id;
  }
  let deliveries: DeliveryRecord[] = [];
  await waitUntil(async () => {
    deliveries = await deliveriesOf(server, seller);
    return deliveries.some((delivery) => delivery.status === 'failed') && deliveries.every((delivery) => !['pending', 'retrying'].includes(delivery.status));
  }, 60_000);
  const failedDeliveryId = deliveries.find((delivery) => delivery.status === 'failed')!.id;

  const app = await createTestApplication(server.orm, { name: 'Frete Fácil', installedBy: [seller] });
  const registered = await fetch(`${server.url}/logistica/api/v1/webhook/novo`, {
    method: 'POST',
    headers: app.headers,
    body: JSON.stringify({ url: 'http://127.0.0.1:9/frete-facil', events: ['rastreio.atualizado'] }),
  });
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`);

  await createTestToken(server.orm, seller.id, ['orders:read']);
  await createTestToken(server.orm, seller.id, ['catalog:read', 'catalog:write']);
  return { seller, orderId, failedDeliveryId };
}

async function shoot(page: Page, name: string, viewport: string, ready: () => Promise<unknown>): Promise<void> {
  await ready();
  await page.screenshot({ path: `${OUT}/${name}-${viewport}.png`, fullPage: true });
}

it('writes a screenshot of each page at both widths', async () => {
  world = await startConsoleWorld();
  const current = world;
  await mkdir(OUT, { recursive: true });
  const { seller, orderId, failedDeliveryId } = await seed(current);
  for (const viewport of VIEWPORTS) {
    const context = await current.browser.newContext({ viewport: viewport.size, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const signIn = await context.newPage();
    await signIn.goto(`${current.server.url}/console`);
    await shoot(signIn, 'sign-in', viewport.name, () => signIn.getByLabel('Token de API').waitFor());
    await context.close();

    const page = await signedInPage(current, seller.token, '/console', viewport.size);
    const go = async (path: string, ready: () => Promise<unknown>, name: string) => {
      await page.goto(`${current.server.url}${path}`);
      await shoot(page, name, viewport.name, ready);
    };
    await go('/console', () => page.getByText('Entregas na última hora').waitFor(), 'overview');
    await go('/console/orders', () => page.getByRole('table').waitFor(), 'orders');
    await go(`/console/orders/${orderId}`, () => page.getByRole('group', { name: 'Mudar status' }).waitFor(), 'order');
    await go('/console/stock', () => page.getByRole('cell', { name: 'Mercado Livre' }).waitFor(), 'stock');
    await go('/console/webhooks', () => page.getByRole('link', { name: 'pedido.criado' }).first().waitFor(), 'webhooks');
    await go(`/console/webhooks/deliveries/${failedDeliveryId}`, () => page.getByRole('heading', { name: 'Tentativas' }).waitFor(), 'delivery');
    await go('/console/tokens', () => page.getByRole('table').waitFor(), 'tokens');

    await page.goto(`${current.server.url}/console/live`);
    await page.getByRole('status').getByText('Ao vivo', { exact: true }).waitFor();
    await createOrder(current.server, seller, orderBody({ channel: 'mercadolivre' }));
    await createSellableSku(current.server.orm, seller.id, { sku: 'SKU-B', onHand: 30 + VIEWPORTS.indexOf(viewport), product: { title: 'Prato fundo' } });
    await shoot(page, 'live', viewport.name, () => page.getByRole('listitem').filter({ hasText: 'estoque.alterado' }).first().waitFor());
    await page.context().close();
  }
});
