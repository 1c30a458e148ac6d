import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { call, createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { validPayload } from '../support/events.js';
import { deliveriesOf, emit, settledDeliveries, startDispatcher, subscribe } from '../webhooks/fixtures.js';
import { createTestApplication, type TestApplication } from './fixtures.js';
import { startProductReceiver, type ProductReceiver } from './receiver.js';

/** A `ciclo.criado` of a seller, as the payments product records it; `tag` lands in its data. */
const cycleEvent = (server: TestApp, seller: TestSeller, tag: string) =>
  emit(server.orm, seller.id, [{ type: 'ciclo.criado', aggregateType: 'settlement_cycle', aggregateId: `cycle-${tag}`, data: { tag } }]);

async function send(server: TestApp, credential: { headers: Record<string, string> } | undefined, method: string, path: string) {
  const response = await fetch(`${server.url}${path}`, { method, headers: credential ? { authorization: credential.headers.authorization! } : {} });
  return { status: response.status, body: (await response.json()) as any };
}

/**
 * The application's own delivery log and redelivery under each product
 * (`{product}/api/v1/webhook/entregas`): its registrations' deliveries across the sellers
 * that installed it, nobody else's; and the seller's log no longer shows or resends them.
 */
describe('an application\'s own delivery log', () => {
  let server: TestApp;
  let dispatcher: Dispatcher;
  let receiver: ProductReceiver;
  let failing = true;

  beforeAll(async () => {
    server = await startTestApp();
    receiver = await startProductReceiver({ status: (path) => (path.startsWith('/flaky') && failing ? 500 : 200) });
    dispatcher = await startDispatcher(server);
  });
  afterEach(() => {
    receiver.requests.splice(0);
    failing = true;
  });
  afterAll(async () => {
    await dispatcher.stop();
    await receiver.close();
    await server.close();
  });

  const register = async (app: TestApplication, mountPath: string, url: string, events: string[]) => {
    const response = await fetch(`${server.url}${mountPath}/api/v1/webhook/novo`, { method: 'POST', headers: app.headers, body: JSON.stringify({ url, events }) });
    expect(response.status).toBe(201);
  };

  it('lists its registrations\' deliveries of that product for every seller that installed it, and only those', async () => {
    const first = await createTestSeller(server.orm);
    const second = await createTestSeller(server.orm);
    const app = await createTestApplication(server.orm, { installedBy: [first, second] });
    const other = await createTestApplication(server.orm, { name: 'Other', installedBy: [first] });
    await register(app, '/pagamentos', `${receiver.url}/ok/app`, ['ciclo.criado']);
    await register(other, '/pagamentos', `${receiver.url}/ok/other`, ['ciclo.criado']);
    // The seller's own subscription: its delivery stays in the seller's log.
    const own = await subscribe(server, first, { url: `${receiver.url}/ok/seller`, events: ['pedido.status_alterado'] });
    await emit(server.orm, first.id, [{ aggregateId: 'order-own' }]);
    await cycleEvent(server, first, 'first');
    await cycleEvent(server, second, 'second');

    const log = await settledDeliveries(server, app, 2, { log: '/pagamentos' });
    expect(log.map((delivery) => [delivery.sellerId, delivery.event, delivery.status, delivery.payload])).toEqual([
      [second.id, 'ciclo.criado', 'succeeded', { evento: 'ciclo.criado', data: validPayload('ciclo.criado', { tag: 'second' }) }],
      [first.id, 'ciclo.criado', 'succeeded', { evento: 'ciclo.criado', data: validPayload('ciclo.criado', { tag: 'first' }) }],
    ]);
    expect((await settledDeliveries(server, other, 1, { log: '/pagamentos' })).map((delivery) => delivery.sellerId)).toEqual([first.id]);
    // Another product of the same application is another log.
    expect(await deliveriesOf(server, app, '', '/logistica')).toEqual([]);
    // Filters and one delivery by id, as on /webhooks/entregas.
    expect(await deliveriesOf(server, app, '&status=failed', '/pagamentos')).toEqual([]);
    expect(await send(server, app, 'GET', `/pagamentos/api/v1/webhook/entregas/${log[0]!.id}`)).toMatchObject({ status: 200, body: { id: log[0]!.id, attempts: [{ statusCode: 200 }] } });

    // The seller's log keeps to the seller's subscriptions, over REST and GraphQL.
    const sellerLog = await settledDeliveries(server, first, 1);
    expect(sellerLog.map((delivery) => delivery.subscriptionId)).toEqual([own.id]);
    const viaGraphQL = await graphql<any>(server.url, '{ webhookDeliveries(first: 50) { edges { node { id subscriptionId } } } }', { headers: first.headers });
    expect(viaGraphQL.body.data.webhookDeliveries.edges.map((edge: any) => edge.node.subscriptionId)).toEqual([own.id]);
  });

  it('nobody else reads or resends an application\'s delivery: another app, the seller, another product', async () => {
    const seller = await createTestSeller(server.orm);
    const app = await createTestApplication(server.orm, { installedBy: [seller] });
    const other = await createTestApplication(server.orm, { name: 'Other', installedBy: [seller] });
    await register(app, '/pagamentos', `${receiver.url}/ok/private`, ['ciclo.criado']);
    await cycleEvent(server, seller, 'private');
    const [delivery] = await settledDeliveries(server, app, 1, { log: '/pagamentos' });
    const id = delivery!.id;

    for (const path of [`/pagamentos/api/v1/webhook/entregas/${id}`, `/pagamentos/api/v1/webhook/entregas/${id}/reenvio`]) {
      expect((await send(server, other, path.endsWith('reenvio') ? 'POST' : 'GET', path)).status).toBe(404);
    }
    expect((await send(server, app, 'GET', `/logistica/api/v1/webhook/entregas/${id}`)).status).toBe(404);
    expect((await call(server, seller, 'GET', `/webhooks/entregas/${id}`)).status).toBe(404);
    expect((await call(server, seller, 'POST', `/webhooks/entregas/${id}/reenvio`)).status).toBe(404);
    const resent = await graphql<any>(server.url, 'mutation ($id: ID!) { redeliverWebhookDelivery(input: {deliveryId: $id}) { delivery { id } } }', {
      headers: seller.headers,
      variables: { id },
    });
    expect(resent.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // Nor through node(id:), which reads each type as its own queries do.
    const node = await graphql<any>(server.url, 'query ($id: ID!) { node(id: $id) { id } }', { headers: seller.headers, variables: { id } });
    expect(node.body.errors).toBeUndefined();
    expect(node.body.data).toEqual({ node: null });
    // A seller's token is not an application credential; no credential is 401 too.
    expect((await send(server, seller, 'GET', '/pagamentos/api/v1/webhook/entregas')).status).toBe(401);
    expect((await send(server, undefined, 'GET', '/pagamentos/api/v1/webhook/entregas')).status).toBe(401);
    expect(receiver.on('/ok/private')).toHaveLength(1);
  });

  it('redelivers one of its finished deliveries: same id and body, a fresh round of attempts', async () => {
    const seller = await createTestSeller(server.orm);
    const app = await createTestApplication(server.orm, { installedBy: [seller] });
    await register(app, '/logistica', `${receiver.url}/flaky/logistics`, ['rastreio.atualizado']);
    await emit(server.orm, seller.id, [{ type: 'rastreio.atualizado', aggregateType: 'order', aggregateId: 'order-flaky', data: { tag: 'flaky' } }]);
    const [failed] = await settledDeliveries(server, app, 1, { log: '/logistica' });
    expect(failed).toMatchObject({ status: 'failed', attemptCount: 5 });

    failing = false;
    const queued = await send(server, app, 'POST', `/logistica/api/v1/webhook/entregas/${failed!.id}/reenvio`);
    expect(queued).toMatchObject({ status: 202, body: { id: failed!.id, status: 'pending' } });
    const [redelivered] = await settledDeliveries(server, app, 1, { log: '/logistica' });
    expect(redelivered).toMatchObject({ id: failed!.id, status: 'succeeded', attemptCount: 6 });
    const bodies = receiver.on('/flaky/logistics').map((request) => request.json);
    expect(bodies).toHaveLength(6);
    for (const body of bodies) expect(body).toEqual({ evento: 'rastreio.atualizado', data: validPayload('rastreio.atualizado', { tag: 'flaky' }) });
  });
});
