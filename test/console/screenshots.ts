/**
 * `npm run console:screenshots`: every console page at 1280 px and at a phone's width,
 * in Portuguese (the default), over the showcase seller (showcase.ts), into docs/console/.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, it } from 'vitest';
import { createOrder, orderBody } from '../orders/fixtures.js';
import { createSellableSku } from '../support/catalog.js';
import { signedInPage, startConsoleWorld, type ConsoleWorld } from './browser.js';
import { seedShowcase, type Showcase } from './showcase.js';

const OUT = 'docs/console';
const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
];

let world: ConsoleWorld | undefined;
let showcase: Showcase | undefined;

afterAll(async () => {
  await showcase?.close();
  await world?.close();
});

async function shoot(page: Page, name: string, viewport: string, ready: () => Promise<unknown>): Promise<void> {
  await ready();
  await page.screenshot({ path: `${OUT}/${name}-${viewport}.png`, fullPage: true });
}

it('writes a screenshot of each page at both widths', async () => {
  world = await startConsoleWorld();
  const current = world;
  await mkdir(OUT, { recursive: true });
  showcase = await seedShowcase(current);
  const { seller, orderId, failedDeliveryId, connectedChannel } = showcase;
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
    await go('/console/channels', () => page.getByRole('link', { name: 'Loja Shopify (loja-shopify)' }).waitFor(), 'channels');
    await page.goto(`${current.server.url}/console/channels/${connectedChannel}`);
    await page.getByText(/^\d+ tentativas/).click();
    await shoot(page, 'channel', viewport.name, () => page.getByRole('region', { name: 'Pedidos que precisam de atenção' }).getByRole('listitem').first().waitFor());
    await go('/console/webhooks', () => page.getByRole('link', { name: /^Pedido #/ }).first().waitFor(), 'webhooks');
    await go(`/console/webhooks/deliveries/${failedDeliveryId}`, () => page.getByRole('link', { name: /^Pedido #/ }).waitFor(), 'delivery');
    await go('/console/tokens', () => page.getByRole('option', { name: 'Atende Já' }).waitFor({ state: 'attached' }), 'tokens');

    await page.goto(`${current.server.url}/console/live`);
    await page.getByRole('status').getByText('Ao vivo', { exact: true }).waitFor();
    await createOrder(current.server, seller, orderBody({ channel: 'mercadolivre' }));
    await createSellableSku(current.server.orm, seller.id, { sku: 'SKU-B', onHand: 30 + VIEWPORTS.indexOf(viewport), product: { title: 'Prato fundo' } });
    await shoot(page, 'live', viewport.name, () => page.getByRole('listitem').filter({ hasText: 'estoque.alterado' }).first().waitFor());
    await page.context().close();
  }
});
