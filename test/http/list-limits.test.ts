import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, orderSeller } from '../orders/fixtures.js';
import { createTestApplication, type TestApplication } from '../platforms/fixtures.js';
import { graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';

/**
 * Every REST list, with the headers it is called with (per-product lists take an
 * application credential); `{order}` is an order of the seller's.
 */
const REST_LISTS = [
  '/pedidos',
  '/produtos',
  '/canais',
  '/webhooks/assinaturas',
  '/webhooks/entregas',
  '/v2/webhooks/configuracoes',
  '/pedidos/{order}/envios',
  '/pedidos/{order}/chat-transportadora',
  '/ciclos',
  '/atendimentos',
  '/logistica/api/v1/webhook',
  '/pagamentos/api/v1/webhook',
  '/atendimento/api/v1/webhook',
  '/logistica/api/v1/webhook/entregas',
  '/pagamentos/api/v1/webhook/entregas',
  '/atendimento/api/v1/webhook/entregas',
];

/** Every GraphQL connection, with its `first` argument. */
const GRAPHQL_LISTS = [
  'orders(first: $first)',
  'products(first: $first)',
  'webhookSubscriptions(first: $first)',
  'webhookDeliveries(first: $first)',
  'supportCases(first: $first)',
  'settlementCycles(first: $first)',
  'carrierChat(orderId: "00000000-0000-7000-8000-000000000000", first: $first)',
];

/** Every list refuses a page larger than the configured maximum (PAGE_SIZE_MAX) with 422, and takes the maximum itself. */
describe.each<{ maximum: number; env: Record<string, string> }>([
  { maximum: 200, env: {} },
  { maximum: 20, env: { PAGE_SIZE_MAX: '20', PAGE_SIZE_DEFAULT: '10' } },
])('lists with a page-size maximum of $maximum', ({ maximum, env }) => {
  let server: TestApp;
  let seller: TestSeller;
  let application: TestApplication;
  let orderId: string;

  beforeAll(async () => {
    server = await startTestApp({ env });
    seller = await orderSeller(server);
    orderId = (await createOrder(server, seller)).body.id as string;
    application = await createTestApplication(server.orm, { installedBy: [seller] });
  });
  afterAll(() => server.close());

  const headersFor = (path: string) => (path.includes('/api/v1/') ? application.headers : seller.headers);

  it.each(REST_LISTS)('GET %s refuses limit above the maximum', async (list) => {
    const path = list.replace('{order}', orderId);
    const over = await fetch(`${server.url}${path}?limit=${maximum + 1}`, { headers: headersFor(path) });
    expect(over.status).toBe(422);
    expect(await over.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '/limit', in: 'query', message: `must be <= ${maximum}` }] });
    const at = await fetch(`${server.url}${path}?limit=${maximum}`, { headers: headersFor(path) });
    expect(at.status).toBe(200);
    expect(await at.json()).toMatchObject({ data: expect.any(Array), nextCursor: null });
  });

  it.each(GRAPHQL_LISTS)('%s refuses first above the maximum', async (field) => {
    const query = `query ($first: Int) { list: ${field} { edges { cursor } } }`;
    const over = await graphql(server.url, query, { headers: seller.headers, variables: { first: maximum + 1 } });
    expect(over.body.errors?.[0]?.extensions).toEqual({ code: 'VALIDATION_FAILED', errors: [{ path: '/limit', message: `must be <= ${maximum}` }] });
    const at = await graphql(server.url, query, { headers: seller.headers, variables: { first: maximum } });
    // carrierChat of an order that does not exist: NOT_FOUND, past validation.
    expect(at.body.errors?.[0]?.extensions?.code).toBe(field.startsWith('carrierChat') ? 'NOT_FOUND' : undefined);
  });
});
