import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestSeller, startTestApp, type TestApp } from '../support/app.js';
import { createTestApplication, type TestApplication } from './fixtures.js';

async function post(server: TestApp, path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, location: response.headers.get('location'), body: (await response.json()) as any };
}

describe('per-product webhook registration', () => {
  let server: TestApp;
  let app: TestApplication;
  let other: TestApplication;

  beforeAll(async () => {
    server = await startTestApp({ env: { LOGISTICS_URL: 'https://logistica.example.com' } });
  });
  // Applications of each test's own: registrations and lists never carry over.
  beforeEach(async () => {
    app = await createTestApplication(server.orm, { name: 'Frete Facil' });
    other = await createTestApplication(server.orm, { name: 'Outro' });
  });
  afterAll(() => server.close());

  it('answers 401 without the application credential, even with a seller token', async () => {
    const seller = await createTestSeller(server.orm);
    for (const headers of [{ 'content-type': 'application/json' }, seller.headers, { ...app.headers, authorization: 'Bearer ponte_app_wrong' }]) {
      for (const product of ['/logistica', '/pagamentos', '/atendimento']) {
        const reply = await post(server, `${product}/api/v1/webhook/novo`, { url: 'https://a.example.com/hook', events: [] }, headers);
        expect(reply.status).toBe(401);
        expect(reply.body.code).toBe('UNAUTHENTICATED');
      }
    }
    const list = await fetch(`${server.url}/pagamentos/api/v1/webhook`);
    expect(list.status).toBe(401);
  });

  it('registers, lists and removes a webhook of one product', async () => {
    const created = await post(server, '/logistica/api/v1/webhook/novo', { url: 'http://127.0.0.1:9/hook', events: ['rastreio.atualizado'] }, app.headers);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      url: 'http://127.0.0.1:9/hook',
      events: ['rastreio.atualizado'],
      product: 'logistics',
      createdAt: expect.any(String),
    });
    // LOGISTICS_URL is the product's public base: links point there.
    expect(created.location).toBe(`https://logistica.example.com/api/v1/webhook/${created.body.id}`);

    const listed = await (await fetch(`${server.url}/logistica/api/v1/webhook`, { headers: app.headers })).json();
    expect(listed).toEqual({ data: [created.body], nextCursor: null });
    // Another product's list and another application's list do not show it.
    expect(await (await fetch(`${server.url}/pagamentos/api/v1/webhook`, { headers: app.headers })).json()).toEqual({ data: [], nextCursor: null });
    expect(await (await fetch(`${server.url}/logistica/api/v1/webhook`, { headers: other.headers })).json()).toEqual({ data: [], nextCursor: null });

    const foreign = await fetch(`${server.url}/logistica/api/v1/webhook/${created.body.id}`, { method: 'DELETE', headers: { authorization: other.headers.authorization! } });
    expect(foreign.status).toBe(404);
    const wrongProduct = await fetch(`${server.url}/pagamentos/api/v1/webhook/${created.body.id}`, { method: 'DELETE', headers: { authorization: app.headers.authorization! } });
    expect(wrongProduct.status).toBe(404);
    const removed = await fetch(`${server.url}/logistica/api/v1/webhook/${created.body.id}`, { method: 'DELETE', headers: { authorization: app.headers.authorization! } });
    expect(removed.status).toBe(204);
    expect(await (await fetch(`${server.url}/logistica/api/v1/webhook`, { headers: app.headers })).json()).toEqual({ data: [], nextCursor: null });
  });

  it('pages the list with a cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await post(server, '/pagamentos/api/v1/webhook/novo', { url: `http://127.0.0.1:9/p${i}`, events: ['ciclo.criado'] }, app.headers)).body.id);
    }
    const first = (await (await fetch(`${server.url}/pagamentos/api/v1/webhook?limit=2`, { headers: app.headers })).json()) as any;
    expect(first.data.map((row: { id: string }) => row.id)).toEqual(ids.slice(0, 2));
    const second = await (await fetch(`${server.url}/pagamentos/api/v1/webhook?limit=2&cursor=${first.nextCursor}`, { headers: app.headers })).json();
    expect(second).toMatchObject({ data: [{ id: ids[2] }], nextCursor: null });
    expect((await fetch(`${server.url}/pagamentos/api/v1/webhook?limit=201`, { headers: app.headers })).status).toBe(422);
  });

  it('accepts only the product\'s own event names', async () => {
    const reply = await post(
      server,
      '/logistica/api/v1/webhook/novo',
      { url: 'https://a.example.com/hook', events: ['chatTransportadora', 'ciclo.criado', 'pedido.criado'] },
      app.headers,
    );
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((error: { path: string }) => error.path)).toEqual(['/events/1', '/events/2']);
    const payments = await post(server, '/pagamentos/api/v1/webhook/novo', { url: 'https://a.example.com/hook', events: ['aplicativo.removido', 'ciclo.criado'] }, app.headers);
    expect(payments.status).toBe(201);
    const support = await post(server, '/atendimento/api/v1/webhook/novo', { url: 'https://a.example.com/hook', events: ['rastreio.atualizado'] }, app.headers);
    expect(support.status).toBe(422);
  });

  it('refuses an http URL for customer service even where private targets are allowed', async () => {
    const refused = await post(server, '/atendimento/api/v1/webhook/novo', { url: 'http://127.0.0.1:9/hook', events: ['atendimento.mensagem'] }, app.headers);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ path: '/url', in: 'body', message: 'the URL must use https' }]);
    const publicHttp = await post(server, '/atendimento/api/v1/webhook/novo', { url: 'http://support.example.com/hook', events: ['atendimento.mensagem'] }, app.headers);
    expect(publicHttp.status).toBe(422);
    const https = await post(server, '/atendimento/api/v1/webhook/novo', { url: 'https://127.0.0.1:9/hook', events: ['atendimento.mensagem'] }, app.headers);
    expect(https.status).toBe(201);
  });
});

describe('per-product webhook URLs in production settings', () => {
  let server: TestApp;
  let app: TestApplication;

  beforeAll(async () => {
    server = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' } });
    app = await createTestApplication(server.orm);
  });
  afterAll(() => server.close());

  it('refuses private and loopback destinations; the Location is relative without a base URL', async () => {
    for (const url of ['http://127.0.0.1/hook', 'http://10.0.0.5/hook', 'http://localhost/hook', 'http://169.254.169.254/latest']) {
      const reply = await post(server, '/logistica/api/v1/webhook/novo', { url, events: ['rastreio.atualizado'] }, app.headers);
      expect(reply.status, url).toBe(422);
      expect(reply.body.errors[0].path).toBe('/url');
    }
    const created = await post(server, '/logistica/api/v1/webhook/novo', { url: 'https://hooks.example.com/x', events: ['rastreio.atualizado'] }, app.headers);
    expect(created.status).toBe(201);
    expect(created.location).toBe(`/logistica/api/v1/webhook/${created.body.id}`);
  });
});
