import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uninstallApplication } from '../../src/auth/application.service.js';
import { createTestSeller, createTestToken, graphql, startTestApp, type TestApp } from '../support/app.js';
import { createTestApplication, gql } from './fixtures.js';

const QUERY = `{ registrations { id applicationId applicationName product url events subscriptionId health consecutiveFailures lastSuccessAt lastFailureAt } }`;

async function register(server: TestApp, headers: Record<string, string>, product: string, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${server.url}/${product}/api/v1/webhook/novo`, { method: 'POST', headers, body: JSON.stringify(body) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe('registrations: the registrations of the applications a seller installed', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('lists the live registrations of installed applications only, to the sellers that installed them', async () => {
    const seller = await createTestSeller(server.orm);
    const stranger = await createTestSeller(server.orm);
    const app = await createTestApplication(server.orm, { name: 'Frete Facil', installedBy: [seller] });
    const notInstalled = await createTestApplication(server.orm, { name: 'Outro' });
    const tracking = await register(server, app.headers, 'logistica', { url: 'http://127.0.0.1:9/frete', events: ['rastreio.atualizado'] });
    const removed = await register(server, app.headers, 'pagamentos', { url: 'http://127.0.0.1:9/pay', events: ['ciclo.criado'] });
    await register(server, notInstalled.headers, 'logistica', { url: 'http://127.0.0.1:9/outro', events: ['rastreio.atualizado'] });
    const deleted = await fetch(`${server.url}/pagamentos/api/v1/webhook/${removed}`, { method: 'DELETE', headers: { authorization: app.headers.authorization! } });
    expect(deleted.status).toBe(204);

    const { registrations } = await gql(server, seller, QUERY);
    expect(registrations).toEqual([
      {
        id: tracking,
        applicationId: app.id,
        applicationName: 'Frete Facil',
        product: 'logistics',
        url: 'http://127.0.0.1:9/frete',
        events: ['rastreio_atualizado'],
        subscriptionId: null,
        health: 'healthy',
        consecutiveFailures: 0,
        lastSuccessAt: null,
        lastFailureAt: null,
      },
    ]);
    expect((await gql(server, stranger, QUERY)).registrations).toEqual([]);

    await uninstallApplication(server.orm.em.fork(), { applicationId: app.id, sellerId: seller.id });
    expect((await gql(server, seller, QUERY)).registrations).toEqual([]);
  });

  it('shows a seller an application\'s URL without its query string, where apps keep their keys; the app sees it whole', async () => {
    const seller = await createTestSeller(server.orm);
    const app = await createTestApplication(server.orm, { name: 'Chaves', installedBy: [seller] });
    const url = 'http://127.0.0.1:9/hook/entrada?api_key=sk_live_123&conta=42#fim';
    await register(server, app.headers, 'logistica', { url, events: ['rastreio.atualizado'] });
    const { registrations } = await gql(server, seller, QUERY);
    expect(registrations.map((registration: { url: string }) => registration.url)).toEqual(['http://127.0.0.1:9/hook/entrada?…']);
    const own = (await (await fetch(`${server.url}/logistica/api/v1/webhook`, { headers: { authorization: app.headers.authorization! } })).json()) as { data: { url: string }[] };
    expect(own.data.map((registration) => registration.url)).toEqual([url]);
  });

  it('needs webhooks:read', async () => {
    const seller = await createTestSeller(server.orm);
    const reader = await createTestToken(server.orm, seller.id, ['orders:read']);
    const reply = await graphql(server.url, QUERY, { headers: reader.headers });
    expect(reply.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
