import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { createApplication } from '../../src/auth/application.service.js';
import { createTestSeller, createTestToken, graphql } from '../support/app.js';
import { ACCESS_KEY, VALID_CNPJ, VALID_CPF, approvedPayment, createOrder, orderBody, orderSeller } from '../orders/fixtures.js';
import { settledDeliveries, startDispatcher, subscribe } from '../webhooks/fixtures.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { signedInPage, startConsoleWorld, type ConsoleWorld } from './browser.js';

/** An instant as the console writes it in Brasília time (UTC−3, no summer time since 2019), shifted by `hours`. */
function brasiliaTime(iso: string | null, hours = 0): string {
  const at = new Date(Date.parse(iso!) + (hours - 3) * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;
}

// A real headless Chromium against the built console and a real server, dispatcher and
// receiver: each test does what a seller would, through the page.
let world: ConsoleWorld;

beforeAll(async () => {
  world = await startConsoleWorld();
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('serving /console', () => {
  it('answers the page with no-cache and its CSP, any deeper path with the same page, and hashed assets for a year', async () => {
    const page = await fetch(`${world.server.url}/console`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();

    const deep = await fetch(`${world.server.url}/console/orders/any-id`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toBe(html);

    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${world.server.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    // The service's icon where browsers look for it, and the page's own icon.
    const icon = await fetch(`${world.server.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/vnd.microsoft.icon');
    expect([...new Uint8Array(await icon.arrayBuffer()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const linked = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(html)?.[1];
    expect(linked).toBeDefined();
    if (!linked!.startsWith('data:')) expect((await fetch(new URL(linked!, page.url))).status).toBe(200);

    const missing = await fetch(`${world.server.url}/console/assets/missing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});

describe('the console in Chromium', () => {
  it('signs a sandbox seller in with its ponte_sk_test_ token and marks the header', async () => {
    const seller = await createTestSeller(world.server.orm, { name: 'Loja de testes', sandbox: true });
    expect(seller.token).toMatch(/^ponte_sk_test_/);
    const context = await world.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${world.server.url}/console`);
    await page.getByLabel('Token de API').fill(seller.token);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Visão geral' }).waitFor();
    const badge = page.getByRole('banner').getByText('Sandbox', { exact: true });
    expect(await badge.getAttribute('title')).toContain('Vendedor de testes');
    await context.close();
  });

  it('signs in with a pasted token kept for the tab, and refuses an unknown one', async () => {
    const seller = await createTestSeller(world.server.orm, { name: 'Loja da Maria' });
    const context = await world.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${world.server.url}/console`);
    await page.getByLabel('Token de API').fill('ponte_sk_not-a-token');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('alert').getByText('Este token não é válido').waitFor();

    await page.getByLabel('Token de API').fill(seller.token);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Visão geral' }).waitFor();
    expect(await page.getByRole('banner').textContent()).toContain('Loja da Maria');
    expect(await page.getByRole('banner').textContent()).not.toContain('Sandbox');

    await page.reload();
    await page.getByRole('heading', { name: 'Visão geral' }).waitFor();
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByLabel('Token de API').waitFor();
    expect(await page.evaluate('sessionStorage.length')).toBe(0);
    await context.close();
  });

  it('is usable with the keyboard alone', async () => {
    const seller = await createTestSeller(world.server.orm);
    const context = await world.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${world.server.url}/console`);
    // Keys typed before the app has rendered and focused the field would be lost.
    await page.waitForFunction("document.activeElement?.id === 'token'");
    await page.keyboard.type(seller.token);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Visão geral' }).waitFor();

    const focused = () => page.evaluate('document.activeElement.textContent.trim()');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Pular para o conteúdo');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Pedidos');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Pedidos', exact: true }).waitFor();
    await context.close();
  });

  it('speaks Portuguese by default and English when chosen, remembered; writes dates, money, CPF and CEP the Brazilian way in the chosen time zone', async () => {
    const seller = await orderSeller(world.server);
    const { body: order } = await createOrder(world.server, seller, orderBody({ payments: [approvedPayment('120.00')] }));
    // The browser's own zone is not the seller's: times follow the console's choice (São Paulo by default).
    const context = await world.browser.newContext({ locale: 'en-US', timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    await page.goto(`${world.server.url}/console/orders/${order.id}`);
    await page.getByLabel('Token de API').fill(seller.token);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: `Pedido #${order.number}` }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('pt-BR');
    const main = page.getByRole('main');
    const text = (await main.textContent())!;
    expect(text).toContain('Itens R$\u00a0125,00 + frete R$\u00a010,00 − desconto R$\u00a015,00R$\u00a0120,00');
    expect(text).toContain('529.982.247-25');
    expect(text).toContain('CEP 01310-100');
    const placed = main.locator('p.muted time').first();
    expect(await placed.textContent()).toBe(brasiliaTime(await placed.getAttribute('datetime')));

    await page.getByLabel(/^(Idioma|Language)$/).selectOption('en'); // its label changes with the language it sets
    await page.getByRole('heading', { name: `Order #${order.number}` }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('en');
    await page.getByLabel('Time zone').selectOption('America/Rio_Branco');
    expect(await placed.textContent()).toBe(brasiliaTime(await placed.getAttribute('datetime'), -2));

    // Remembered across reloads and tabs (the token is not: a new tab signs in again).
    const other = await context.newPage();
    await other.goto(`${world.server.url}/console`);
    await other.getByLabel('API token').fill(seller.token);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(await other.getByLabel('Time zone').inputValue()).toBe('America/Rio_Branco');
    await context.close();
  });

  it('hides what the token\'s scopes do not allow', async () => {
    const seller = await createTestSeller(world.server.orm);
    const reader = await createTestToken(world.server.orm, seller.id, ['orders:read']);
    const page = await signedInPage(world, reader.token);
    const links = await page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents();
    expect(links).toEqual(['Visão geral', 'Pedidos', 'Ao vivo', 'Tokens e apps']);
    await page.getByRole('heading', { name: 'Pedidos de hoje' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Webhooks' }).count()).toBe(0);
    await page.context().close();
  });

  it('shows an order created over REST live, and opens it', async () => {
    const seller = await orderSeller(world.server);
    const page = await signedInPage(world, seller.token);
    await page.getByRole('link', { name: 'Ao vivo' }).click();
    await page.getByRole('status').getByText('Ao vivo', { exact: true }).waitFor();

    const { body: order } = await createOrder(world.server, seller, orderBody({ payments: [approvedPayment('120.00')] }));
    const item = page.getByRole('list', { name: 'Eventos, mais recentes primeiro' }).getByRole('listitem').filter({ hasText: 'pedido.criado' });
    await item.waitFor();
    expect(await item.textContent()).toContain(`#${order.number} em loja-propria, aprovado`);

    await item.getByRole('link', { name: 'Abrir pedido' }).click();
    await page.getByRole('heading', { name: `Pedido #${order.number}` }).waitFor();
    expect(page.url()).toBe(`${world.server.url}/console/orders/${order.id}`);
    await page.getByRole('cell', { name: 'Caneca' }).waitFor();
    await page.context().close();
  });

  // 'Live' shows on graphql-ws's connection_ack, before the server has set the
  // subscription up: an event committed in between reaches the feed only through the
  // replay that `after` asks for (the full suite, under load, once missed the order above).
  it('subscribes from the page’s start even the first time, so nothing committed while it subscribes is missed', async () => {
    const seller = await orderSeller(world.server);
    const page = await signedInPage(world, seller.token);
    // The overview subscribes too (its own connection): the frames looked at are the live page's.
    await page.getByRole('status').filter({ hasText: 'Ao vivo' }).waitFor();
    const subscribed = new Promise<{ after?: string }>((resolve) => {
      page.on('websocket', (socket) =>
        socket.on('framesent', ({ payload }) => {
          const message = JSON.parse(String(payload)) as { type: string; payload?: { variables?: { after?: string } } };
          if (message.type === 'subscribe') resolve(message.payload?.variables ?? {});
        }),
      );
    });
    const opened = Date.now();
    await page.getByRole('link', { name: 'Ao vivo' }).click();
    const { after } = await subscribed;
    expect(after).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7000-8000-000000000000$/);
    const afterMs = parseInt(after!.replace(/-/g, '').slice(0, 12), 16);
    expect(afterMs).toBeLessThanOrEqual(opened);
    expect(afterMs).toBeGreaterThan(opened - 60_000);
    await page.context().close();
  });

  it('pausing stops the feed; resuming replays what happened meanwhile', async () => {
    const seller = await orderSeller(world.server);
    const page = await signedInPage(world, seller.token, '/console/live');
    await page.getByRole('status').getByText('Ao vivo', { exact: true }).waitFor();
    const feed = page.getByRole('list', { name: 'Eventos, mais recentes primeiro' }).getByRole('listitem');
    const first = (await createOrder(world.server, seller)).body;
    await feed.filter({ hasText: `#${first.number} em` }).waitFor();

    await page.getByRole('button', { name: 'Pausar' }).click();
    await page.getByRole('status').getByText('Pausado').waitFor();
    const missed = (await createOrder(world.server, seller)).body;
    await page.getByRole('button', { name: 'Retomar' }).click();
    await feed.filter({ hasText: `#${missed.number} em` }).waitFor();
    expect(await feed.filter({ hasText: 'pedido.criado' }).count()).toBe(2);
    await page.context().close();
  });

  it('moves an order\'s status with the buttons its status allows', async () => {
    const seller = await orderSeller(world.server);
    const { body: order } = await createOrder(world.server, seller, orderBody({ payments: [approvedPayment('120.00')] }));
    const page = await signedInPage(world, seller.token, `/console/orders/${order.id}`);
    const moves = page.getByRole('group', { name: 'Mudar status' });
    await moves.waitFor();
    expect(await moves.getByRole('button').allTextContents()).toEqual(['faturado', 'cancelado']);

    await moves.getByRole('button', { name: 'faturado' }).click();
    const form = page.getByRole('form', { name: 'Mover para faturado' });
    await form.getByLabel('Número da nota').fill('123');
    await form.getByLabel('Série').fill('1');
    await form.getByLabel('Chave de acesso (44 dígitos)').fill(ACCESS_KEY);
    await form.getByRole('button', { name: 'Confirmar faturado' }).click();
    await moves.getByRole('button', { name: 'enviado' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('faturado');

    const stored = await fetch(`${world.server.url}/pedidos/${order.id}`, { headers: seller.headers });
    expect(((await stored.json()) as { status: string }).status).toBe('faturado');
    await page.context().close();
  });

  describe('a failing delivery', () => {
    let receiver: Receiver;
    let dispatcher: Dispatcher;
    let failing = true;

    beforeAll(async () => {
      receiver = await startReceiver(() => (failing ? { status: 500, body: 'receiver down' } : { status: 204 }));
      dispatcher = await startDispatcher(world.server, { env: { WEBHOOK_MAX_ATTEMPTS: '1' } });
    });

    afterAll(async () => {
      await dispatcher?.stop();
      await receiver?.close();
    });

    it('shows its attempts; once the receiver is fixed, redelivering it succeeds', async () => {
      const seller = await orderSeller(world.server);
      await subscribe(world.server, seller, { url: receiver.url, events: ['pedido.criado'] });
      const { body: order } = await createOrder(world.server, seller);
      const [failed] = await settledDeliveries(world.server, seller, 1);
      expect(failed!.status).toBe('failed');

      const page = await signedInPage(world, seller.token);
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByText('1 falha seguida').waitFor();
      await page.getByRole('form', { name: 'Filtrar entregas' }).getByLabel('Status', { exact: true }).selectOption('failed');
      // The delivery names its order by number, linked to it, not by the order's id.
      const row = page.getByRole('row').filter({ hasText: 'pedido.criado' });
      await row.getByRole('link', { name: `Pedido #${order.number}` }).waitFor();
      expect(await row.getByRole('link', { name: `Pedido #${order.number}` }).getAttribute('href')).toBe(`/console/orders/${order.id}`);
      expect(await row.textContent()).not.toContain(order.id);
      await page.getByRole('link', { name: 'pedido.criado' }).click();
      await page.getByRole('link', { name: `Pedido #${order.number}` }).waitFor();
      await page.getByRole('heading', { name: /pedido\.criado/ }).waitFor();
      const attempt = page.getByRole('row').filter({ hasText: 'receiver down' });
      expect(await attempt.textContent()).toContain('500');

      failing = false;
      await page.getByRole('button', { name: 'Reenviar' }).click();
      await page.getByRole('heading', { name: /sucesso/ }).waitFor();
      expect(await page.getByRole('row').filter({ hasText: '204' }).count()).toBe(1);
      expect(receiver.requests.map((request) => request.replied)).toEqual([500, 204]);
      await page.context().close();
    });
  });

  describe('a slow endpoint', () => {
    let receiver: Receiver;
    let dispatcher: Dispatcher;

    beforeAll(async () => {
      receiver = await startReceiver(() => ({ status: 204 }));
      receiver.pause();
      dispatcher = await startDispatcher(world.server, { env: { WEBHOOK_TIMEOUT_MS: '60000' } });
    });

    afterAll(async () => {
      receiver?.resume();
      await dispatcher?.stop();
      await receiver?.close();
    });

    it('shows what its subscription is owed and has in flight in the webhook health', async () => {
      const seller = await orderSeller(world.server);
      await subscribe(world.server, seller, { url: receiver.url, events: ['pedido.criado'] });
      await createOrder(world.server, seller);
      await receiver.waitFor(() => receiver.held().length === 1);

      const page = await signedInPage(world, seller.token);
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByText('1 pendentes, 1 em envio').waitFor();
      expect(await page.locator('.backlog').textContent()).toContain('a mais antiga desde');
      await page.context().close();
    });
  });

  it('finds orders by customer name, CPF or external id, and filters by a channel picked from the seller\'s channels', async () => {
    const seller = await orderSeller(world.server);
    const customer = (name: string, document = VALID_CPF) => ({ name, email: 'c@example.com', document });
    const joao = (await createOrder(world.server, seller, orderBody({ customer: customer('João da Conceição'), externalId: 'MLB-555' }))).body;
    const ana = (await createOrder(world.server, seller, orderBody({ channel: 'mercadolivre', customer: customer('Ana Lima', VALID_CNPJ) }))).body;
    const page = await signedInPage(world, seller.token, '/console/orders');
    const numbers = async () => (await page.getByRole('table').getByRole('link').allTextContents()).join(' ');
    const search = async (term: string, expected: string) => {
      await page.getByLabel('Buscar').fill(term);
      await page.getByLabel('Buscar').press('Enter');
      await expect.poll(numbers, { timeout: 10_000 }).toBe(expected);
    };
    await page.getByRole('table').waitFor();
    expect(await numbers()).toBe(`#${ana.number} #${joao.number}`);
    await search('conceicao', `#${joao.number}`);
    await search('MLB-555', `#${joao.number}`);
    await search(VALID_CNPJ, `#${ana.number}`);
    await search('', `#${ana.number} #${joao.number}`);

    const picker = page.getByRole('search', { name: 'Filtrar pedidos' }).getByLabel('Canal');
    await expect.poll(() => picker.locator('option').allTextContents(), { timeout: 10_000 }).toEqual(['Qualquer', 'loja-propria', 'mercadolivre']);
    await picker.selectOption('mercadolivre');
    await expect.poll(numbers, { timeout: 10_000 }).toBe(`#${ana.number}`);
    await page.context().close();
  });

  it('moves the overview when an order arrives, without reloading', async () => {
    const seller = await orderSeller(world.server);
    await createOrder(world.server, seller);
    const page = await signedInPage(world, seller.token);
    const figure = page.locator('.figure');
    await figure.waitFor();
    expect(await figure.textContent()).toBe('1 pedido');
    await page.getByRole('status').filter({ hasText: 'Ao vivo' }).waitFor();
    await createOrder(world.server, seller, orderBody({ channel: 'mercadolivre' }));
    await page.locator('.figure', { hasText: '2 pedidos' }).waitFor();
    expect(await page.getByRole('figure', { name: 'Por canal' }).textContent()).toContain('mercadolivre');
    await page.context().close();
  });

  it('installs an application picked by its name', async () => {
    const seller = await createTestSeller(world.server.orm);
    const { application } = await createApplication(world.server.orm.em.fork(), `Frete ${seller.id.slice(-6)}`);
    const page = await signedInPage(world, seller.token, '/console/tokens');
    const picker = page.getByLabel('Aplicativo', { exact: true });
    await picker.locator('option', { hasText: application.name }).waitFor({ state: 'attached' });
    await picker.selectOption({ label: application.name });
    await page.getByRole('button', { name: 'Instalar' }).click();
    await page.getByRole('button', { name: `Desinstalar ${application.name}` }).waitFor();
    // Installed: no longer offered.
    await expect.poll(async () => (await page.locator('option').allTextContents()).includes(application.name), { timeout: 10_000 }).toBe(false);
    const installed = await graphql<{ installedApplications: { applicationId: string }[] }>(world.server.url, '{ installedApplications { applicationId } }', { headers: seller.headers });
    expect(installed.body.data!.installedApplications).toEqual([{ applicationId: application.id }]);
    await page.context().close();
  });

  it('creates a token, shows it once, and revokes it', async () => {
    const seller = await createTestSeller(world.server.orm);
    const page = await signedInPage(world, seller.token, '/console/tokens');
    await page.getByText('Novo token').click();
    await page.getByLabel('Nome').fill('ERP sync');
    await page.getByRole('checkbox', { name: 'webhooks:write' }).uncheck();
    await page.getByRole('button', { name: 'Criar token' }).click();
    const shown = await page.locator('.notice code').textContent();
    expect(shown).toMatch(/^ponte_sk_/);
    const created = { authorization: `Bearer ${shown}` };
    const row = page.getByRole('row').filter({ hasText: 'ERP sync' });
    await row.waitFor();
    expect(await row.textContent()).not.toContain('webhooks:write');
    // Not used yet; the token in use here was, just now.
    expect(await row.getByRole('cell').nth(4).textContent()).toBe('nunca');
    const here = page.getByRole('row').filter({ hasText: 'em uso aqui' });
    expect(await here.getByRole('cell').nth(4).locator('time').getAttribute('datetime')).toMatch(/Z$/);
    expect((await fetch(`${world.server.url}/pedidos`, { headers: created })).status).toBe(200);

    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Revogar ERP sync' }).click();
    await row.getByText('revogado').waitFor();
    // The list read after the revocation shows the use made before it.
    expect(await row.getByRole('cell').nth(4).locator('time').getAttribute('datetime')).toMatch(/Z$/);
    expect((await fetch(`${world.server.url}/pedidos`, { headers: created })).status).toBe(401);
    await page.context().close();
  });
});
