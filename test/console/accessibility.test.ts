import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, orderBody } from '../orders/fixtures.js';
import { startConsoleWorld, type ConsoleWorld } from './browser.js';
import { seedShowcase, type Showcase } from './showcase.js';

/** axe-core's own build, put into each page (the page's CSP allows only its own scripts, so the context bypasses it). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The impacts that fail the test: a person cannot use that part of the page, or only with difficulty. */
const FAILING = ['serious', 'critical'];

interface Finding {
  view: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

let world: ConsoleWorld;
let showcase: Showcase;

beforeAll(async () => {
  world = await startConsoleWorld();
  showcase = await seedShowcase(world);
}, 180_000);

afterAll(async () => {
  await showcase?.close();
  await world?.close();
});

/** axe-core's serious and critical violations on the page as it is now. */
async function audit(page: Page, view: string): Promise<Finding[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ content: AXE });
  // A string, evaluated in the page: the tests are type-checked without the DOM's types.
  const violations = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((node) => ({ target: node.target })) })))`,
  )) as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  return violations
    .filter((violation) => FAILING.includes(violation.impact))
    .map((violation) => ({ view, rule: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

const VIEWPORTS = [
  { name: '1280 px', size: { width: 1280, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
];

/** The language picker, labelled in the language it shows. */
const LANGUAGE_PICKER = /^(Idioma|Language)$/;

describe.each(VIEWPORTS)('every console view under axe-core at $name', ({ size }) => {
  let page: Page;
  const go = async (path: string, ready: () => Promise<unknown>) => {
    await page.goto(`${world.server.url}${path}`);
    await ready();
  };
  const expectClean = async (view: string) => expect(await audit(page, view)).toEqual([]);

  beforeAll(async () => {
    const context = await world.browser.newContext({ viewport: size, bypassCSP: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('sign-in, and sign-in refused', async () => {
    await go('/console', () => page.getByLabel('Token de API').waitFor());
    await expectClean('sign-in');
    await page.getByLabel('Token de API').fill('ponte_sk_not-a-token');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('alert').waitFor();
    await expectClean('sign-in refused');
    await page.getByLabel('Token de API').fill(showcase.seller.token);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('navigation', { name: 'Console' }).waitFor();
  });

  it('overview, live', async () => {
    await go('/console', () => page.getByText('Entregas na última hora').waitFor());
    await page.getByRole('status').filter({ hasText: 'Ao vivo' }).waitFor();
    await expectClean('overview');
  });

  it('orders, and a search that finds nothing', async () => {
    await go('/console/orders', () => page.getByRole('table').waitFor());
    await expectClean('orders');
    await page.getByLabel('Buscar').fill('ninguém com este nome');
    await page.getByLabel('Buscar').press('Enter');
    await page.getByText('Nenhum pedido com esses filtros.').waitFor();
    await expectClean('orders, nothing found');
  });

  it('an order, and its move to faturado', async () => {
    await go(`/console/orders/${showcase.orderId}`, () => page.getByRole('group', { name: 'Mudar status' }).waitFor());
    await expectClean('order');
    await page.getByRole('button', { name: 'faturado' }).click();
    await page.getByRole('form', { name: 'Mover para faturado' }).waitFor();
    await expectClean('order, moving to faturado');
  });

  it('stock, and editing it', async () => {
    await go('/console/stock', () => page.getByRole('cell', { name: 'Mercado Livre' }).waitFor());
    await expectClean('stock');
    await page.getByRole('button', { name: 'Editar o estoque físico de SKU-A' }).click();
    await page.getByRole('button', { name: 'Editar mercadolivre' }).click();
    await page.getByLabel('Estoque físico de SKU-A').waitFor();
    await expectClean('stock, editing');
  });

  it('channels, a connected channel with its forms and attempts open, and one to connect', async () => {
    await go('/console/channels', () => page.getByRole('link', { name: 'Loja Shopify (loja-shopify)' }).waitFor());
    await page.getByRole('region', { name: 'Pedidos que precisam de atenção' }).getByRole('listitem').first().waitFor();
    await expectClean('channels');
    await go(`/console/channels/${showcase.connectedChannel}`, () => page.getByText(/^\d+ tentativas/).waitFor());
    await page.getByText('Trocar credenciais').first().click();
    await page.getByText('Vincular um SKU').click();
    await page.getByText(/^\d+ tentativas/).click();
    await page.getByRole('region', { name: 'Pedidos que precisam de atenção' }).getByRole('listitem').first().waitFor();
    await expectClean('channel');
    await go('/console/channels/loja-propria', () => page.getByText('Conectar a uma plataforma').waitFor());
    await page.getByText('Conectar a uma plataforma').click();
    await page.getByLabel('shopDomain').waitFor();
    await expectClean('channel, connecting');
  });

  it('webhooks with the new subscription form open', async () => {
    await go('/console/webhooks', () => page.getByRole('link', { name: /^Pedido #/ }).first().waitFor());
    await page.getByText('Nova assinatura').click();
    await expectClean('webhooks');
  });

  it('a failed delivery', async () => {
    await go(`/console/webhooks/deliveries/${showcase.failedDeliveryId}`, () => page.getByRole('link', { name: /^Pedido #/ }).waitFor());
    await expectClean('delivery');
  });

  it('the live feed with an event', async () => {
    await go('/console/live', () => page.getByRole('status').getByText('Ao vivo', { exact: true }).waitFor());
    await createOrder(world.server, showcase.seller, orderBody({ channel: 'mercadolivre' }));
    await page.getByRole('listitem').filter({ hasText: 'pedido.criado' }).first().waitFor();
    await expectClean('live');
  });

  it('tokens and applications with the new token form open', async () => {
    await go('/console/tokens', () => page.getByRole('option', { name: 'Atende Já' }).waitFor({ state: 'attached' }));
    await page.getByText('Novo token').click();
    await expectClean('tokens');
  });

  it('a page that does not exist', async () => {
    await go('/console/nowhere', () => page.getByRole('heading', { name: 'Página não encontrada' }).waitFor());
    await expectClean('not found');
  });

  it('an order in English', async () => {
    // The picker's own label changes with the language it sets: a retried selection (the page
    // re-rendered as it was chosen) must still find it.
    await page.getByLabel(LANGUAGE_PICKER).selectOption('en');
    await go(`/console/orders/${showcase.orderId}`, () => page.getByRole('group', { name: 'Move status' }).waitFor());
    await expectClean('order in English');
    await page.getByLabel(LANGUAGE_PICKER).selectOption('pt-BR');
  });
});
