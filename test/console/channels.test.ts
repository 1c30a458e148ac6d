import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putChannel } from '../../src/catalog/channel.service.js';
import { InboundWorker } from '../../src/channels/inbound-worker.js';
import { SyncWorker } from '../../src/channels/sync-worker.js';
import { forkForSeller } from '../../src/db/orm.js';
import { createLogger } from '../../src/logger.js';
import { shopifyStandIn, type PlatformStandIn } from '../channels/platform-stand-ins.js';
import { fixture, postInbound, shopifyHeaders } from '../channels/world.js';
import { createOrder, orderSeller } from '../orders/fixtures.js';
import { call, type TestSeller } from '../support/app.js';
import { createSellableSku } from '../support/catalog.js';
import { waitUntil } from '../webhooks/receiver.js';
import { signedInPage, startConsoleWorld, type ConsoleWorld } from './browser.js';

const SHOPIFY_ITEM = 'gid://shopify/InventoryItem/30322695';
const SHOPIFY_VARIANT = 'gid://shopify/ProductVariant/808950810';
/** The stand-in takes this token (platform-stand-ins.ts); the webhook secret is the seller's own. */
const ACCESS_TOKEN = 'shpat_secret_token';
const WEBHOOK_SECRET = 'shpss_console_secret';

// The Channels page in a real Chromium against a real server, its inbound and sync workers,
// and a Shopify stand-in on 127.0.0.1: the seller connects, links and watches through the page.
let world: ConsoleWorld;
let workers: { start(): Promise<void>; stop(): Promise<void> }[];
let shopify: PlatformStandIn;
let seller: TestSeller;

beforeAll(async () => {
  world = await startConsoleWorld();
  const { server } = world;
  const deps = { config: server.config, orm: server.orm, logger: createLogger(server.config) };
  workers = [new InboundWorker(deps), new SyncWorker(deps)];
  for (const worker of workers) await worker.start();
  shopify = await shopifyStandIn();
  // A seller with orders of its own (loja-propria) and a Shopify store to connect, selling
  // CANECA-PONTE; the sample order's other SKU, CAMISETA-AZUL-M, is not in its catalogue.
  seller = await orderSeller(server);
  await putChannel(forkForSeller(server.orm, seller.id), seller.id, 'loja-shopify', { name: 'Loja Shopify' });
  await createSellableSku(server.orm, seller.id, { sku: 'CANECA-PONTE', onHand: 12 });
  await call(server, seller, 'PATCH', '/produtos/CANECA-PONTE/preco', { prices: [{ channel: null, sale: '49.90' }] });
}, 120_000);

afterAll(async () => {
  for (const worker of [...(workers ?? [])].reverse()) await worker.stop();
  await shopify?.server.close();
  await world?.close();
});

describe('the Channels page in Chromium', () => {
  let inboundUrl = '';

  it('connects a channel to Shopify with a form built from the service\'s platforms, secrets masked and never shown back, and shows the inbound URL to copy', async () => {
    const page = await signedInPage(world, seller.token);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.server.url });
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Canais' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Loja Shopify (loja-shopify)' });
    await row.getByText('não conectado').waitFor();
    await row.getByRole('link', { name: 'Loja Shopify (loja-shopify)' }).click();
    await page.getByText('Este canal não está conectado a nenhuma plataforma.').waitFor();

    // Keyboard alone: the form opens from its summary with Enter.
    await page.getByText('Conectar a uma plataforma').focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Conectar a uma plataforma' });
    const platform = form.getByLabel('Plataforma');
    await expect.poll(() => platform.locator('option').allTextContents(), { timeout: 10_000 }).toEqual(['Shopify', 'WooCommerce', 'Mercado Livre']);
    // Identifiers as typed, secrets masked: as the service's connectors say.
    expect(await form.getByLabel('shopDomain').getAttribute('type')).toBe('text');
    expect(await form.getByLabel('accessToken').getAttribute('type')).toBe('password');
    expect(await form.getByLabel('webhookSecret').getAttribute('type')).toBe('password');
    expect(await form.getByLabel('locationId').getAttribute('type')).toBe('text');
    expect(await form.getByLabel('API').getAttribute('placeholder')).toBe('https://{shopDomain}');

    // A credential the platform's schema refuses: the service's own message, beside the form.
    await form.getByLabel('shopDomain').fill('minha-loja.example.com');
    await form.getByLabel('accessToken').fill(ACCESS_TOKEN);
    await form.getByLabel('webhookSecret').fill(WEBHOOK_SECRET);
    await form.getByLabel('locationId').fill('gid://shopify/Location/1');
    await form.getByLabel('API').fill(shopify.server.url);
    await form.getByRole('button', { name: 'Conectar' }).click();
    await form.getByRole('alert').getByText('The Shopify credentials are not valid').waitFor();

    await form.getByLabel('shopDomain').fill('minha-loja.myshopify.com');
    await form.getByRole('button', { name: 'Conectar' }).click();
    await page.getByRole('heading', { level: 1 }).getByText('conectado', { exact: true }).waitFor();

    const stored = (await call(world.server, seller, 'GET', '/canais/loja-shopify/conexao')).body;
    expect(stored).toMatchObject({ platform: 'shopify', status: 'active', apiBaseUrl: shopify.server.url });
    const field = page.getByLabel('Endereço de entrada');
    expect(await field.inputValue()).toBe(stored.inboundUrl);
    expect(stored.inboundUrl).toMatch(/\/entrada\/[\w-]{43}$/);
    // From the address, Tab reaches Copiar and Enter copies.
    await field.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Copiar');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Copiado.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(stored.inboundUrl);
    inboundUrl = stored.inboundUrl;

    // What was typed is gone from the page; the replacement form starts empty.
    const html = await page.content();
    expect(html).not.toContain(ACCESS_TOKEN);
    expect(html).not.toContain(WEBHOOK_SECRET);
    await page.getByText('Trocar credenciais').first().click();
    expect(await page.getByRole('form', { name: 'Trocar credenciais' }).getByLabel('accessToken').inputValue()).toBe('');
    await page.context().close();
  });

  it('links a SKU and shows where its quantity and price stand on the platform, and each attempt in the sync log', async () => {
    const page = await signedInPage(world, seller.token, '/console/channels/loja-shopify');
    await page.getByText('Nenhum anúncio vinculado ainda.').waitFor();
    await page.getByText('Vincular um SKU').click();
    const form = page.getByRole('form', { name: 'Vincular um SKU' });
    await form.getByLabel('SKU').fill('CANECA-PONTE');
    await form.getByLabel('Id do anúncio').fill(SHOPIFY_ITEM);
    await form.getByLabel('Id da variação (opcional)').fill(SHOPIFY_VARIANT);
    await form.getByRole('button', { name: 'Vincular', exact: true }).click();

    const links = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Quantidade na plataforma' }) });
    const link = links.getByRole('row').filter({ hasText: 'CANECA-PONTE' });
    await link.waitFor();
    // The platform takes the values in the background: Atualizar reads again until it holds them.
    await waitUntil(async () => {
      await page.getByRole('button', { name: 'Atualizar' }).first().click();
      const text = (await link.textContent()) ?? '';
      return text.includes('sincronizado 12') && text.includes('sincronizado R$\u00a049,90');
    }, 30_000);
    expect(shopify.state.last(shopify.state.quantities, SHOPIFY_ITEM)).toBe(12);
    expect(shopify.state.last(shopify.state.prices, SHOPIFY_VARIANT)).toBe('49.90');

    const log = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Tentativas' }) });
    await page.getByRole('form', { name: 'Filtrar sincronizações' }).getByRole('button', { name: 'Atualizar' }).click();
    const quantityRow = log.getByRole('row').filter({ hasText: 'quantidade' }).filter({ hasText: 'CANECA-PONTE' });
    await quantityRow.getByText('sincronizado').waitFor();
    expect(await quantityRow.textContent()).toContain('{"quantity":12}');
    await quantityRow.getByText('1 tentativa').click();
    const attempt = quantityRow.getByRole('listitem');
    expect(await attempt.textContent()).toMatch(/^#1 \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} sucesso HTTP 200 \d+ ms$/);

    await page.getByRole('form', { name: 'Filtrar sincronizações' }).getByLabel('Campo').selectOption('price');
    await expect.poll(async () => log.getByRole('row').filter({ hasText: 'CANECA-PONTE' }).allTextContents(), { timeout: 10_000 }).toEqual([expect.stringContaining('preço')]);
    await page.context().close();
  });

  it('shows an order the platform sold that Ponte could not cover first, with its reasons, on the overview, the orders and the channel page', async () => {
    const body = fixture('shopify/orders-create.json');
    const posted = await postInbound(inboundUrl, body, shopifyHeaders(WEBHOOK_SECRET, body, `console-${seller.id}`));
    expect(posted.status).toBe(200);
    let listed: { number: number }[] = [];
    await waitUntil(async () => {
      listed = (await call(world.server, seller, 'GET', '/pedidos?channel=loja-shopify')).body.data;
      return listed.length === 1;
    }, 30_000);
    const attention = listed[0]!;
    expect(attention).toMatchObject({ needsAttention: true, attentionReasons: [{ code: 'unknown_sku', sku: 'CAMISETA-AZUL-M' }] });
    // A newer order that needs nothing: newest first would put it above.
    const { body: plain } = await createOrder(world.server, seller);

    const page = await signedInPage(world, seller.token);
    const block = page.getByRole('region', { name: 'Pedidos que precisam de atenção' });
    const item = block.getByRole('listitem').filter({ hasText: `Pedido #${attention.number}` });
    await item.waitFor();
    expect(await item.textContent()).toContain('SKU desconhecido CAMISETA-AZUL-M');
    expect(await item.textContent()).toContain('em loja-shopify');
    expect(await isBefore(block, page.getByRole('heading', { name: 'Pedidos de hoje' }))).toBe(true);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Pedidos' }).click();
    const table = page.getByRole('table');
    await table.getByRole('link', { name: `#${plain.number}` }).waitFor();
    await block.getByRole('link', { name: `Pedido #${attention.number}` }).waitFor();
    expect(await isBefore(block, table)).toBe(true);
    const row = table.getByRole('row').filter({ hasText: `#${attention.number}` });
    expect(await row.textContent()).toContain('precisa de atenção');
    expect(await row.textContent()).toContain('SKU desconhecido CAMISETA-AZUL-M');
    expect(await table.getByRole('row').filter({ hasText: `#${plain.number}` }).textContent()).not.toContain('atenção');

    await page.getByRole('search', { name: 'Filtrar pedidos' }).getByLabel('Atenção').selectOption('true');
    await expect.poll(async () => (await table.getByRole('link').allTextContents()).join(' '), { timeout: 10_000 }).toBe(`#${attention.number}`);
    // The list filtered already says it: the block above it goes.
    expect(await block.count()).toBe(0);

    await page.goto(`${world.server.url}/console/channels/loja-shopify`);
    await block.getByRole('link', { name: `Pedido #${attention.number}` }).waitFor();
    await page.getByRole('heading', { level: 1 }).getByText('conectado', { exact: true }).waitFor();
    expect(await page.locator('.facts').textContent()).toMatch(/Último pedido\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    await page.context().close();
  });

  it('disconnects after asking, and the channel is back to not connected', async () => {
    const page = await signedInPage(world, seller.token, '/console/channels/loja-shopify');
    const disconnect = page.getByRole('button', { name: 'Desconectar' });
    await disconnect.waitFor();
    page.once('dialog', (dialog) => void dialog.dismiss());
    await disconnect.click();
    expect((await call(world.server, seller, 'GET', '/canais/loja-shopify/conexao')).status).toBe(200);
    page.once('dialog', (dialog) => void dialog.accept());
    await disconnect.click();
    await page.getByText('Este canal não está conectado a nenhuma plataforma.').waitFor();
    expect((await call(world.server, seller, 'GET', '/canais/loja-shopify/conexao')).status).toBe(404);
    await page.context().close();
  });
});

/** Whether `first` comes before `second` in the page (reading order). */
async function isBefore(first: import('playwright-core').Locator, second: import('playwright-core').Locator): Promise<boolean> {
  const handle = await second.elementHandle();
  return first.evaluate((node, other) => Boolean(node.compareDocumentPosition(other as never) & 4), handle);
}
