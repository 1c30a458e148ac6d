import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApplication, type TestApplication } from '../platforms/fixtures.js';
import { createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';

const SUBSCRIPTIONS_MAX = 3;
const REGISTRATIONS_MAX = 2;

/** Quotas on what a tenant or an application may create, held under parallel requests. */
describe('webhook quotas', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp({
      env: { WEBHOOK_SUBSCRIPTIONS_MAX: String(SUBSCRIPTIONS_MAX), PRODUCT_REGISTRATIONS_MAX: String(REGISTRATIONS_MAX) },
    });
  });
  afterAll(() => server.close());

  const subscribe = (seller: TestSeller, index: number) =>
    fetch(`${server.url}/webhooks/assinaturas`, {
      method: 'POST',
      headers: seller.headers,
      body: JSON.stringify({ url: `http://127.0.0.1:9/hook-${index}`, events: ['*'] }),
    });

  async function statusesOf(responses: Promise<Response>[]): Promise<{ statuses: number[]; refusals: unknown[] }> {
    const settled = await Promise.all(responses);
    const refusals = await Promise.all(settled.filter((response) => response.status !== 201).map((response) => response.json()));
    return { statuses: settled.map((response) => response.status).sort(), refusals };
  }

  it('lets a seller keep WEBHOOK_SUBSCRIPTIONS_MAX subscriptions however many are created at once', async () => {
    const seller = await createTestSeller(server.orm);
    const { statuses, refusals } = await statusesOf(Array.from({ length: 10 }, (_, index) => subscribe(seller, index)));

    expect(statuses).toEqual([...Array(SUBSCRIPTIONS_MAX).fill(201), ...Array(10 - SUBSCRIPTIONS_MAX).fill(409)]);
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 409, code: 'QUOTA_EXCEEDED', limit: SUBSCRIPTIONS_MAX });
    const list = (await (await fetch(`${server.url}/webhooks/assinaturas`, { headers: seller.headers })).json()) as { data: { id: string }[] };
    expect(list.data).toHaveLength(SUBSCRIPTIONS_MAX);

    // The portal's configurations and GraphQL create the same records: the same quota.
    const v2 = await fetch(`${server.url}/v2/webhooks/configuracoes`, {
      method: 'POST',
      headers: seller.headers,
      body: JSON.stringify({ url: 'http://127.0.0.1:9/v2', groups: { orders: true, stock: false, freight: false, payments: false } }),
    });
    expect(v2.status).toBe(409);
    const viaGraphql = await graphql(
      server.url,
      'mutation { createWebhookSubscription(input: { url: "http://127.0.0.1:9/gql", events: [all] }) { secret } }',
      { headers: seller.headers },
    );
    expect(viaGraphql.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: SUBSCRIPTIONS_MAX });

    // Deleting one makes room; another seller has a quota of its own.
    expect((await fetch(`${server.url}/webhooks/assinaturas/${list.data[0]!.id}`, { method: 'DELETE', headers: { authorization: seller.headers.authorization! } })).status).toBe(204);
    expect((await subscribe(seller, 99)).status).toBe(201);
    expect((await subscribe(await createTestSeller(server.orm), 0)).status).toBe(201);
  });

  it('lets an application keep PRODUCT_REGISTRATIONS_MAX registrations per product however many are created at once', async () => {
    const seller = await createTestSeller(server.orm);
    const application: TestApplication = await createTestApplication(server.orm, { installedBy: [seller] });
    const register = (mountPath: string, index: number) =>
      fetch(`${server.url}${mountPath}/api/v1/webhook/novo`, {
        method: 'POST',
        headers: application.headers,
        body: JSON.stringify({ url: `http://127.0.0.1:9/product-${index}`, events: mountPath === '/logistica' ? ['chatTransportadora'] : ['ciclo.criado'] }),
      });

    const { statuses, refusals } = await statusesOf(Array.from({ length: 8 }, (_, index) => register('/logistica', index)));
    expect(statuses).toEqual([...Array(REGISTRATIONS_MAX).fill(201), ...Array(8 - REGISTRATIONS_MAX).fill(409)]);
    for (const refusal of refusals) expect(refusal).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: REGISTRATIONS_MAX });

    // Per product: the same application still registers payments webhooks.
    expect((await register('/pagamentos', 0)).status).toBe(201);
    const listed = (await (await fetch(`${server.url}/logistica/api/v1/webhook`, { headers: application.headers })).json()) as { data: { id: string }[] };
    expect(listed.data).toHaveLength(REGISTRATIONS_MAX);
    expect((await fetch(`${server.url}/logistica/api/v1/webhook/${listed.data[0]!.id}`, { method: 'DELETE', headers: { authorization: application.headers.authorization! } })).status).toBe(204);
    expect((await register('/logistica', 99)).status).toBe(201);
  });
});
