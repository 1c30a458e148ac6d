import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSeller, graphql, startTestApp, type TestApp } from '../support/app.js';
import { emit, getJson, subscribe, type DeliveryRecord, type SubscriptionRecord } from './fixtures.js';
import { waitUntil } from './receiver.js';
import { fanOutBatch } from '../../src/webhooks/fanout.js';

describe('webhook subscriptions', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('creates a subscription showing its whsec_ secret once, and lists it healthy without the secret', async () => {
    const seller = await createTestSeller(server.orm);
    const created = await subscribe(server, seller, { url: 'https://hooks.example.com/ponte', events: ['pedido.criado'], description: 'ERP' });
    expect(created).toMatchObject({
      url: 'https://hooks.example.com/ponte',
      events: ['pedido.criado'],
      description: 'ERP',
      active: true,
      health: 'healthy',
      consecutiveFailures: 0,
      lastSuccessAt: null,
      lastFailureAt: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = await getJson<{ data: SubscriptionRecord[]; nextCursor: null }>(server, seller, '/webhooks/assinaturas');
    expect(list.nextCursor).toBeNull();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ id: created.id, health: 'healthy' });
    expect(list.data[0]).not.toHaveProperty('secret');
    expect(JSON.stringify(list)).not.toContain(created.secret);
  });

  it('refuses unknown event names and non-public destinations with field errors', async () => {
    const strict = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' } });
    try {
      const seller = await createTestSeller(strict.orm);
      const response = await fetch(`${strict.url}/webhooks/assinaturas`, {
        method: 'POST',
        headers: seller.headers,
        body: JSON.stringify({ url: 'http://127.0.0.1:8080/hook', events: ['pedido.criado', 'pedido.inventado'] }),
      });
      expect(response.status).toBe(422);
      const problem = (await response.json()) as { code: string; errors: { path: string; message: string }[] };
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors.map((error) => error.path).sort()).toEqual(['/events/1', '/url']);
      for (const url of ['http://10.1.2.3/', 'http://169.254.169.254/latest', 'http://[::ffff:127.0.0.1]/', 'http://localhost:4000/', 'ftp://hooks.example.com/']) {
        const refused = await fetch(`${strict.url}/webhooks/assinaturas`, { method: 'POST', headers: seller.headers, body: JSON.stringify({ url, events: ['*'] }) });
        expect(refused.status, url).toBe(422);
      }
      const schemaError = await fetch(`${strict.url}/webhooks/assinaturas`, { method: 'POST', headers: seller.headers, body: JSON.stringify({ url: 'https://a.example.com/', events: [] }) });
      expect(schemaError.status).toBe(422);
    } finally {
      await strict.close();
    }
  });

  it('needs the webhooks scopes', async () => {
    const reader = await createTestSeller(server.orm, { scopes: ['webhooks:read'] });
    const write = await fetch(`${server.url}/webhooks/assinaturas`, { method: 'POST', headers: reader.headers, body: JSON.stringify({ url: 'https://a.example.com/', events: ['*'] }) });
    expect(write.status).toBe(403);
    expect((await fetch(`${server.url}/webhooks/assinaturas`, { headers: reader.headers })).status).toBe(200);
    expect((await fetch(`${server.url}/webhooks/assinaturas`)).status).toBe(401);
  });

  it('rotates the secret (200 {id, secret}), and switches a subscription off and on with PATCH', async () => {
    const seller = await createTestSeller(server.orm);
    const created = await subscribe(server, seller, { url: 'https://hooks.example.com/a' });
    const rotated = await fetch(`${server.url}/webhooks/assinaturas/${created.id}/segredo`, { method: 'POST', headers: seller.headers, body: '{}' });
    expect(rotated.status).toBe(200);
    const { id, secret } = (await rotated.json()) as { id: string; secret: string };
    expect(id).toBe(created.id);
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(created.secret);

    const patch = (body: object) =>
      fetch(`${server.url}/webhooks/assinaturas/${created.id}`, { method: 'PATCH', headers: seller.headers, body: JSON.stringify(body) });
    const off = await patch({ active: false, description: 'paused', events: ['estoque.alterado', 'pedido.criado'] });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ active: false, health: 'disabled', disabledReason: 'user', description: 'paused', events: ['estoque.alterado', 'pedido.criado'] });
    const on = await patch({ active: true });
    expect(await on.json()).toMatchObject({ active: true, health: 'healthy', disabledReason: null, disabledAt: null });
    expect((await patch({ events: ['nope'] })).status).toBe(422);
  });

  it('switches a subscription disabled for failing back on with a clean failure record', async () => {
    const seller = await createTestSeller(server.orm);
    const created = await subscribe(server, seller, { url: 'https://hooks.example.com/failing' });
    // As the dispatcher leaves one that failed for days: 7 in a row, failing since long ago, off.
    await server.orm.em.getConnection().execute(
      `update webhook_subscription set consecutive_failures = 7, failing_since = now() - interval '4 days', last_failure_at = now(),
              active = false, disabled_at = now(), disabled_reason = 'failing' where id = ?`,
      [created.id],
    );
    const on = await fetch(`${server.url}/webhooks/assinaturas/${created.id}`, { method: 'PATCH', headers: seller.headers, body: JSON.stringify({ active: true }) });
    expect(await on.json()).toMatchObject({ active: true, health: 'healthy', consecutiveFailures: 0, disabledReason: null, disabledAt: null });
    // A failing_since kept from before would disable it again at its next failure.
    const [row] = await server.orm.em.getConnection().execute<{ failing_since: Date | null; consecutive_failures: number }[]>(
      'select failing_since, consecutive_failures from webhook_subscription where id = ?',
      [created.id],
    );
    expect(row).toEqual({ failing_since: null, consecutive_failures: 0 });
  });

  it('deletes with 204, cancelling what it still owed; the deliveries stay in the log', async () => {
    const seller = await createTestSeller(server.orm);
    const created = await subscribe(server, seller, { url: 'https://hooks.example.com/b' });
    await emit(server.orm, seller.id, [{ aggregateId: 'o-del-1' }, { aggregateId: 'o-del-2' }]);
    // No dispatcher runs in this file: fan out by hand so the deliveries exist, still pending.
    await waitUntil(async () => (await fanOutBatch(server.orm)) === 0 && (await pendingOf(seller)).length === 2);

    const deleted = await fetch(`${server.url}/webhooks/assinaturas/${created.id}`, { method: 'DELETE', headers: { authorization: seller.headers.authorization! } });
    expect(deleted.status).toBe(204);
    const deliveries = await getJson<{ data: DeliveryRecord[] }>(server, seller, `/webhooks/entregas?subscriptionId=${created.id}`);
    expect(deliveries.data.map((delivery) => delivery.status)).toEqual(['cancelled', 'cancelled']);
    const list = await getJson<{ data: SubscriptionRecord[] }>(server, seller, '/webhooks/assinaturas');
    expect(list.data.map((subscription) => subscription.id)).not.toContain(created.id);
    expect((await fetch(`${server.url}/webhooks/assinaturas/${created.id}`, { method: 'DELETE', headers: { authorization: seller.headers.authorization! } })).status).toBe(404);
  });

  async function pendingOf(seller: Awaited<ReturnType<typeof createTestSeller>>) {
    return (await getJson<{ data: DeliveryRecord[] }>(server, seller, '/webhooks/entregas?status=pending')).data;
  }

  it('keeps sellers apart: another seller\'s subscription and deliveries answer 404 or are absent', async () => {
    const owner = await createTestSeller(server.orm);
    const other = await createTestSeller(server.orm);
    const created = await subscribe(server, owner, { url: 'https://hooks.example.com/c' });
    await emit(server.orm, owner.id, [{ aggregateId: 'o-iso' }]);
    await waitUntil(async () => (await fanOutBatch(server.orm)) === 0 && (await pendingOf(owner)).length === 1);
    const [delivery] = await pendingOf(owner);

    for (const [method, path] of [
      ['GET', `/webhooks/assinaturas/${created.id}`],
      ['PATCH', `/webhooks/assinaturas/${created.id}`],
      ['DELETE', `/webhooks/assinaturas/${created.id}`],
      ['POST', `/webhooks/assinaturas/${created.id}/segredo`],
      ['POST', `/webhooks/assinaturas/${created.id}/recuperacao`],
      ['GET', `/webhooks/entregas/${delivery!.id}`],
      ['POST', `/webhooks/entregas/${delivery!.id}/reenvio`],
    ] as const) {
      const body = method === 'PATCH' ? '{"active":false}' : method === 'POST' ? JSON.stringify(path.endsWith('recuperacao') ? { since: '2020-01-01T00:00:00Z' } : {}) : undefined;
      const headers = body === undefined ? { authorization: other.headers.authorization! } : other.headers;
      const response = await fetch(`${server.url}${path}`, { method, headers, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await getJson<{ data: unknown[] }>(server, other, '/webhooks/assinaturas')).data).toEqual([]);
    expect((await getJson<{ data: unknown[] }>(server, other, '/webhooks/entregas')).data).toEqual([]);
    expect((await getJson<{ data: unknown[] }>(server, other, `/webhooks/entregas?subscriptionId=${created.id}`)).data).toEqual([]);
    const { body } = await graphql<{ webhookSubscriptions: { edges: unknown[] }; webhookDeliveries: { edges: unknown[] } }>(
      server.url,
      '{ webhookSubscriptions { edges { node { id } } } webhookDeliveries { edges { node { id } } } }',
      { headers: other.headers },
    );
    expect(body.data).toEqual({ webhookSubscriptions: { edges: [] }, webhookDeliveries: { edges: [] } });
  });

  it('pages subscriptions with an opaque cursor, in REST and as a Relay connection', async () => {
    const seller = await createTestSeller(server.orm);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await subscribe(server, seller, { url: `https://hooks.example.com/${i}` })).id);
    const first = await getJson<{ data: SubscriptionRecord[]; nextCursor: string }>(server, seller, '/webhooks/assinaturas?limit=2');
    const second = await getJson<{ data: SubscriptionRecord[]; nextCursor: string }>(server, seller, `/webhooks/assinaturas?limit=2&cursor=${first.nextCursor}`);
    const third = await getJson<{ data: SubscriptionRecord[]; nextCursor: string | null }>(server, seller, `/webhooks/assinaturas?limit=2&cursor=${second.nextCursor}`);
    expect([...first.data, ...second.data, ...third.data].map((subscription) => subscription.id)).toEqual(ids);
    expect(third.nextCursor).toBeNull();
    expect((await fetch(`${server.url}/webhooks/assinaturas?limit=201`, { headers: seller.headers })).status).toBe(422);

    const query = 'query ($after: String) { webhookSubscriptions(first: 3, after: $after) { edges { cursor node { id health } } pageInfo { hasNextPage endCursor } } }';
    type Page = { webhookSubscriptions: { edges: { cursor: string; node: { id: string; health: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } };
    const page1 = await graphql<Page>(server.url, query, { headers: seller.headers });
    const page2 = await graphql<Page>(server.url, query, { headers: seller.headers, variables: { after: page1.body.data!.webhookSubscriptions.pageInfo.endCursor } });
    expect(page1.body.data!.webhookSubscriptions.pageInfo.hasNextPage).toBe(true);
    expect(page2.body.data!.webhookSubscriptions.pageInfo.hasNextPage).toBe(false);
    expect([...page1.body.data!.webhookSubscriptions.edges, ...page2.body.data!.webhookSubscriptions.edges].map((edge) => edge.node.id)).toEqual(ids);
  });

  it('does the same in GraphQL: create, update, rotate, delete, validated by the REST schemas', async () => {
    const seller = await createTestSeller(server.orm);
    const create = await graphql<{ createWebhookSubscription: { secret: string; subscription: { id: string; events: string[]; health: string } } }>(
      server.url,
      'mutation ($input: CreateWebhookSubscriptionInput!) { createWebhookSubscription(input: $input) { secret subscription { id events health } } }',
      { headers: seller.headers, variables: { input: { url: 'https://hooks.example.com/gql', events: ['estoque_alterado'] } } },
    );
    expect(create.body.errors).toBeUndefined();
    const { secret, subscription } = create.body.data!.createWebhookSubscription;
    expect(secret).toMatch(/^whsec_/);
    expect(subscription).toMatchObject({ events: ['estoque_alterado'], health: 'healthy' });

    const invalid = await graphql(server.url, 'mutation ($input: CreateWebhookSubscriptionInput!) { createWebhookSubscription(input: $input) { secret } }', {
      headers: seller.headers,
      // An event of the per-product registrations only: no event of the webhooks interface.
      variables: { input: { url: 'https://hooks.example.com/gql', events: ['chatTransportadora'] } },
    });
    expect(invalid.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '/events/0' }] });

    const update = await graphql<{ updateWebhookSubscription: { subscription: { active: boolean; health: string } } }>(
      server.url,
      'mutation ($id: ID!) { updateWebhookSubscription(input: { subscriptionId: $id, active: false }) { subscription { active health } } }',
      { headers: seller.headers, variables: { id: subscription.id } },
    );
    expect(update.body.data!.updateWebhookSubscription.subscription).toEqual({ active: false, health: 'disabled' });
    const rotate = await graphql<{ rotateWebhookSecret: { subscriptionId: string; secret: string } }>(server.url, 'mutation ($id: ID!) { rotateWebhookSecret(input: { subscriptionId: $id }) { subscriptionId secret } }', {
      headers: seller.headers,
      variables: { id: subscription.id },
    });
    expect(rotate.body.data!.rotateWebhookSecret.secret).not.toBe(secret);
    const removed = await graphql(server.url, 'mutation ($id: ID!) { deleteWebhookSubscription(input: { subscriptionId: $id }) { deletedSubscriptionId } }', {
      headers: seller.headers,
      variables: { id: subscription.id },
    });
    expect(removed.body.data).toEqual({ deleteWebhookSubscription: { deletedSubscriptionId: subscription.id } });
    const gone = await graphql(server.url, 'query ($id: ID!) { webhookSubscription(id: $id) { id } }', { headers: seller.headers, variables: { id: subscription.id } });
    expect(gone.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('reads a null in a GraphQL update as "not given", except a description, which null clears', async () => {
    const seller = await createTestSeller(server.orm);
    const created = await subscribe(server, seller, { url: 'https://hooks.example.com/nulls', events: ['pedido.criado'], description: 'ERP' });
    const update = await graphql<{ updateWebhookSubscription: { subscription: { url: string; events: string[]; description: string | null; active: boolean } } }>(
      server.url,
      'mutation ($input: UpdateWebhookSubscriptionInput!) { updateWebhookSubscription(input: $input) { subscription { url events description active } } }',
      { headers: seller.headers, variables: { input: { subscriptionId: created.id, url: null, events: null, active: null, description: null } } },
    );
    expect(update.body.errors).toBeUndefined();
    expect(update.body.data!.updateWebhookSubscription.subscription).toEqual({ url: 'https://hooks.example.com/nulls', events: ['pedido_criado'], description: null, active: true });
  });
});
