import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enumName } from '../../src/graphql/enums.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { fanOutBatch } from '../../src/webhooks/fanout.js';
import { call, createTestSeller, createTestToken, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { deliveriesOf, emit, startDispatcher, subscribe, type DeliveryRecord } from './fixtures.js';
import { startReceiver, waitUntil, type Receiver } from './receiver.js';

/** Order ids in the events' data: uuids, as the order schema says. */
const ORDER_R = '0190a3c2-7f00-7000-8000-000000000001';
const ORDER_X = '0190a3c2-7f00-7000-8000-000000000002';

const WEBHOOKS = ['webhooks:read', 'webhooks:write'] as const;

/**
 * Subscribing to an event, managing a subscription and reading a delivery's data need the
 * read scope of the event's domain (docs/security.md#which-scope-reads-which-event), not
 * only the webhooks scopes.
 */
describe('webhooks need the read scope of the events they carry', () => {
  let server: TestApp;
  let owner: TestSeller;
  let webhooksOnly: TestSeller;
  let stockReader: TestSeller;
  let receiver: Receiver;
  let dispatcher: Dispatcher;

  beforeAll(async () => {
    server = await startTestApp();
    owner = await createTestSeller(server.orm);
    webhooksOnly = await createTestToken(server.orm, owner.id, [...WEBHOOKS]);
    stockReader = await createTestToken(server.orm, owner.id, [...WEBHOOKS, 'catalog:read']);
    // A receiver that echoes what it got, as some do: its answer is order data too.
    receiver = await startReceiver((request) => ({ status: 200, body: request.body }));
    dispatcher = await startDispatcher(server);
  });
  afterAll(async () => {
    await dispatcher.stop();
    await receiver.close();
    await server.close();
  });

  it('refuses to subscribe a token to events it cannot read, "*" included (REST, GraphQL, v2)', async () => {
    const url = 'https://hooks.example.com/a';
    for (const [token, events, scope] of [
      [webhooksOnly, ['pedido.criado'], 'orders:read'],
      [webhooksOnly, ['estoque.alterado'], 'catalog:read'],
      [webhooksOnly, ['frete.rastreio'], 'orders:read'],
      [stockReader, ['estoque.alterado', 'pagamento.alterado'], 'orders:read'],
      [stockReader, ['*'], 'orders:read'],
    ] as const) {
      const rest = await call(server, token, 'POST', '/webhooks/assinaturas', { url, events });
      expect(rest.status, events.join()).toBe(403);
      expect(rest.body).toMatchObject({ code: 'FORBIDDEN', requiredScope: scope });

      const gql = await graphql(server.url, 'mutation ($events: [EventType!]!) { createWebhookSubscription(input: { url: "https://hooks.example.com/g", events: $events }) { secret } }', {
        headers: token.headers,
        variables: { events: events.map(enumName) },
      });
      expect(gql.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: scope });
    }
    const portal = await call(server, stockReader, 'POST', '/v2/webhooks/configuracoes', {
      url,
      groups: { orders: false, stock: true, freight: true, payments: false },
    });
    expect(portal).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', requiredScope: 'orders:read' } });

    const allowed = await call(server, stockReader, 'POST', '/webhooks/assinaturas', { url, events: ['estoque.alterado'] });
    expect(allowed.status).toBe(201);
    const groups = await call(server, stockReader, 'PUT', `/v2/webhooks/configuracoes/${allowed.body.id}/grupos`, { orders: true });
    expect(groups).toMatchObject({ status: 403, body: { requiredScope: 'orders:read' } });
    const widened = await call(server, stockReader, 'PATCH', `/webhooks/assinaturas/${allowed.body.id}`, { events: ['*'] });
    expect(widened).toMatchObject({ status: 403, body: { requiredScope: 'orders:read' } });

    // Nothing was created by the refusals: the only subscription is the allowed one.
    const list = await call(server, owner, 'GET', '/webhooks/assinaturas');
    expect(list.body.data.map((subscription: { id: string }) => subscription.id)).toEqual([allowed.body.id]);
    await call(server, owner, 'DELETE', `/webhooks/assinaturas/${allowed.body.id}`);
  });

  it('does not let a token redirect, re-sign or redeliver a subscription whose events it cannot read; it may delete it', async () => {
    const orders = await subscribe(server, owner, { url: receiver.url, events: ['pedido.criado'] });
    await emit(server.orm, owner.id, [{ type: 'pedido.criado', aggregateId: 'order-r', data: { id: ORDER_R, customer: { document: '12345678909' } } }]);
    await receiver.waitFor((requests) => requests.some((request) => request.envelope.data.id === ORDER_R));
    const [delivery] = await deliveriesOf(server, owner, `&subscriptionId=${orders.id}`);
    await waitUntil(async () => (await deliveriesOf(server, owner, `&subscriptionId=${orders.id}`))[0]!.status === 'succeeded');

    for (const [method, path, body] of [
      ['PATCH', `/webhooks/assinaturas/${orders.id}`, { url: 'https://attacker.example.com/' }],
      ['PATCH', `/webhooks/assinaturas/${orders.id}`, { description: 'mine now' }],
      ['POST', `/webhooks/assinaturas/${orders.id}/segredo`, undefined],
      ['POST', `/webhooks/assinaturas/${orders.id}/recuperacao`, { since: '2020-01-01T00:00:00Z' }],
      ['POST', `/webhooks/entregas/${delivery!.id}/reenvio`, undefined],
      ['PUT', `/v2/webhooks/configuracoes/${orders.id}`, { url: 'https://attacker.example.com/' }],
    ] as const) {
      const refused = await call(server, stockReader, method, path, body);
      expect(refused, `${method} ${path}`).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', requiredScope: 'orders:read' } });
    }
    const unchanged = await call(server, owner, 'GET', `/webhooks/assinaturas/${orders.id}`);
    expect(unchanged.body).toMatchObject({ url: receiver.url, description: null });

    expect((await call(server, webhooksOnly, 'DELETE', `/webhooks/assinaturas/${orders.id}`)).status).toBe(204);
  });

  it('shows deliveries whose data the token cannot read without their data or the receiver\'s answer', async () => {
    const everything = await subscribe(server, owner, { url: receiver.url, events: ['*'] });
    await emit(server.orm, owner.id, [
      { type: 'pedido.criado', aggregateId: 'order-x', data: { id: ORDER_X, customer: { document: '98765432100' } } },
      { type: 'estoque.alterado', aggregateType: 'sku', aggregateId: 'SKU-X', data: { sku: 'SKU-X', onHand: 3 } },
    ]);
    await waitUntil(async () => {
      await fanOutBatch(server.orm);
      const rows = await deliveriesOf(server, owner, `&subscriptionId=${everything.id}`);
      return rows.length === 2 && rows.every((row) => row.status === 'succeeded');
    });

    const full = await deliveriesOf(server, owner, `&subscriptionId=${everything.id}`);
    const byEvent = (rows: DeliveryRecord[], event: string) => rows.find((row) => row.event === event)!;
    expect(byEvent(full, 'pedido.criado')).toMatchObject({ dataWithheld: false, payload: { data: { id: ORDER_X } } });
    expect(byEvent(full, 'pedido.criado').attempts[0]!.responseBody).toContain('98765432100');

    const limited = await deliveriesOf(server, stockReader, `&subscriptionId=${everything.id}`);
    const order = byEvent(limited, 'pedido.criado');
    expect(order).toMatchObject({ dataWithheld: true, status: 'succeeded', event: 'pedido.criado' });
    expect(order.payload).toEqual({ id: expect.any(String), evento: 'pedido.criado', dataHora: expect.any(String) });
    expect(order.attempts).toEqual([expect.objectContaining({ statusCode: 200, responseBody: null })]);
    expect(byEvent(limited, 'estoque.alterado')).toMatchObject({ dataWithheld: false, payload: { data: { sku: 'SKU-X' } } });
    expect(JSON.stringify(limited)).not.toContain('98765432100');

    const one = await call(server, stockReader, 'GET', `/webhooks/entregas/${order.id}`);
    expect(one.body).toMatchObject({ dataWithheld: true });
    expect(JSON.stringify(one.body)).not.toContain('98765432100');

    const gql = await graphql<{ webhookDeliveries: { edges: { node: Record<string, any> }[] } }>(
      server.url,
      `query ($id: ID) { webhookDeliveries(filter: { subscriptionId: $id }) { edges { node { event dataWithheld payload attempts { responseBody } } } } }`,
      { headers: webhooksOnly.headers, variables: { id: everything.id } },
    );
    expect(gql.body.errors).toBeUndefined();
    const nodes = gql.body.data!.webhookDeliveries.edges.map((edge) => edge.node);
    expect(nodes).toHaveLength(2);
    for (const node of nodes) expect(node).toMatchObject({ dataWithheld: true, attempts: [{ responseBody: null }] });
    expect(JSON.stringify(nodes)).not.toMatch(/98765432100|SKU-X"?,"onHand/);
  });
});
