import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { deliveriesOf, settledDeliveries, startDispatcher } from '../webhooks/fixtures.js';
import { waitUntil } from '../webhooks/receiver.js';
import { createOrder, orderSeller } from '../orders/fixtures.js';
import { createTestApplication, gql, type TestApplication } from './fixtures.js';
import { signatureHeadersOf, startProductReceiver, type ProductReceiver } from './receiver.js';

const CLOSE_CYCLE = `mutation ($input: CloseSettlementCycleInput!) { closeSettlementCycle(input: $input) { settlementCycle { id } } }`;
const UNINSTALL = 'mutation ($applicationId: ID!) { uninstallApplication(input: { applicationId: $applicationId }) { applicationId } }';

let periods = 0;
/** Closes a (paymentless) settlement cycle over a fresh past day: one `ciclo.criado`. */
async function closeCycle(server: TestApp, seller: TestSeller): Promise<string> {
  periods += 1;
  const start = new Date(Date.UTC(2020, 0, periods));
  const input = { periodStart: start.toISOString(), periodEnd: new Date(start.getTime() + 86_400_000).toISOString() };
  return (await gql(server, seller, CLOSE_CYCLE, { input })).closeSettlementCycle.settlementCycle.id;
}

async function register(server: TestApp, app: TestApplication, mountPath: string, body: { url: string; events: string[] }): Promise<string> {
  const response = await fetch(`${server.url}${mountPath}/api/v1/webhook/novo`, { method: 'POST', headers: app.headers, body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`registration answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

describe('per-product deliveries through the webhook dispatcher', () => {
  let server: TestApp;
  let dispatcher: Dispatcher;
  let receiver: ProductReceiver;

  beforeAll(async () => {
    server = await startTestApp();
    receiver = await startProductReceiver({ status: (path) => (path.startsWith('/fail') ? 500 : path.startsWith('/created') ? 201 : 200) });
    dispatcher = await startDispatcher(server);
  });
  afterEach(() => void receiver.requests.splice(0));
  afterAll(async () => {
    await dispatcher.stop();
    await receiver.close();
    await server.close();
  });


  it('logistics: {evento, data} with charset=UTF-8 and no signature; a failing receiver gets exactly 5 attempts', async () => {
    const seller = await orderSeller(server);
    const app = await createTestApplication(server.orm, { installedBy: [seller] });
    await register(server, app, '/logistica', { url: `${receiver.url}/fail/logistics`, events: ['chatTransportadora'] });
    const orderId = (await createOrder(server, seller)).body.id as string;
    await gql(server, seller, `mutation ($orderId: ID!) { postCarrierChatMessage(input: {orderId: $orderId, sender: seller, message: "Coleta?"}) { message { id } } }`, { orderId });

    const [delivery] = await settledDeliveries(server, app, 1, { log: '/logistica' });
    expect(delivery).toMatchObject({ event: 'chatTransportadora', status: 'failed', attemptCount: 5, sellerId: seller.id });
    // The application's delivery, not the seller's: the seller's log keeps to its own subscriptions.
    expect(await deliveriesOf(server, seller)).toEqual([]);
    expect(delivery!.attempts.map((attempt) => [attempt.number, attempt.statusCode, attempt.error])).toEqual(
      [1, 2, 3, 4, 5].map((number) => [number, 500, 'status']),
    );
    const requests = receiver.on('/fail/logistics');
    expect(requests).toHaveLength(5);
    for (const request of requests) {
      expect(request.headers['content-type']).toBe('application/json; charset=UTF-8');
      expect(signatureHeadersOf(request.headers)).toEqual([]);
      expect(Object.keys(request.json)).toEqual(['evento', 'data']);
      expect(request.json).toEqual({ evento: 'chatTransportadora', data: expect.objectContaining({ orderId, message: 'Coleta?', sender: 'seller' }) });
    }
  });

  it('logistics and payments: any 2xx succeeds at once', async () => {
    const seller = await createTestSeller(server.orm);
    const app = await createTestApplication(server.orm, { installedBy: [seller] });
    await register(server, app, '/pagamentos', { url: `${receiver.url}/created/payments`, events: ['ciclo.criado'] });
    const cycleId = await closeCycle(server, seller);
    const [delivery] = await settledDeliveries(server, app, 1, { log: '/pagamentos' });
    expect(delivery).toMatchObject({ event: 'ciclo.criado', status: 'succeeded', attemptCount: 1, attempts: [{ statusCode: 201, error: null }] });
    expect(receiver.on('/created/payments').map((request) => request.json)).toEqual([
      { evento: 'ciclo.criado', data: expect.objectContaining({ idCiclo: cycleId, valorBruto: '0.00', taxas: '0.00', valorLiquido: '0.00' }) },
    ]);
  });

  it('an app receives only the events of sellers that have it installed', async () => {
    const sellerA = await createTestSeller(server.orm, { name: 'A' });
    const sellerB = await createTestSeller(server.orm, { name: 'B' });
    const appOfA = await createTestApplication(server.orm, { name: 'Only A', installedBy: [sellerA] });
    const appOfB = await createTestApplication(server.orm, { name: 'Only B', installedBy: [sellerB] });
    await register(server, appOfA, '/pagamentos', { url: `${receiver.url}/a`, events: ['ciclo.criado'] });
    await register(server, appOfB, '/pagamentos', { url: `${receiver.url}/b`, events: ['ciclo.criado'] });

    const cycleOfB = await closeCycle(server, sellerB);
    const cycleOfA = await closeCycle(server, sellerA);
    await receiver.waitFor(() => receiver.on('/a').length === 1 && receiver.on('/b').length === 1);
    // B's event was fanned out (to B's app) before A's: had it matched A's app, that delivery would exist.
    expect((await settledDeliveries(server, appOfB, 1, { log: '/pagamentos' })).map((delivery) => [delivery.sellerId, delivery.payload])).toEqual([
      [sellerB.id, { evento: 'ciclo.criado', data: expect.objectContaining({ idCiclo: cycleOfB }) }],
    ]);
    expect(receiver.on('/a').map((request) => request.json.data.idCiclo)).toEqual([cycleOfA]);
    expect(receiver.on('/b').map((request) => request.json.data.idCiclo)).toEqual([cycleOfB]);
  });

  it('uninstalling sends aplicativo.removido to that app only, and its events stop', async () => {
    const seller = await createTestSeller(server.orm);
    const removed = await createTestApplication(server.orm, { name: 'Removed', installedBy: [seller] });
    const staying = await createTestApplication(server.orm, { name: 'Staying', installedBy: [seller] });
    await register(server, removed, '/pagamentos', { url: `${receiver.url}/removed`, events: ['aplicativo.removido', 'ciclo.criado'] });
    await register(server, staying, '/pagamentos', { url: `${receiver.url}/staying`, events: ['aplicativo.removido', 'ciclo.criado'] });

    const uninstalled = await graphql(server.url, UNINSTALL, { headers: seller.headers, variables: { applicationId: removed.id } });
    expect(uninstalled.body.data).toEqual({ uninstallApplication: { applicationId: removed.id } });
    const cycleId = await closeCycle(server, seller);
    await receiver.waitFor(() => receiver.on('/staying').length === 1 && receiver.on('/removed').length === 1);
    await settledDeliveries(server, removed, 1, { log: '/pagamentos' });
    await settledDeliveries(server, staying, 1, { log: '/pagamentos' });

    expect(receiver.on('/removed').map((request) => request.json)).toEqual([
      { evento: 'aplicativo.removido', data: expect.objectContaining({ idAplicativo: removed.id, idLoja: seller.id }) },
    ]);
    // The other app hears neither the removal of an app it is not, nor loses anything.
    expect(receiver.on('/staying').map((request) => request.json)).toEqual([{ evento: 'ciclo.criado', data: expect.objectContaining({ idCiclo: cycleId }) }]);
  });

  it('deleting a registration cancels what it still owed and stops its deliveries', async () => {
    const seller = await createTestSeller(server.orm);
    const app = await createTestApplication(server.orm, { installedBy: [seller] });
    const other = await createTestApplication(server.orm, { name: 'Other', installedBy: [seller] });
    // The first attempt is held unanswered: the registration is deleted while it is in flight.
    const answer = receiver.hold('/held/deleted');
    const id = await register(server, app, '/pagamentos', { url: `${receiver.url}/held/deleted`, events: ['ciclo.criado'] });
    await register(server, other, '/pagamentos', { url: `${receiver.url}/other`, events: ['ciclo.criado'] });
    await closeCycle(server, seller);
    await receiver.waitFor(() => receiver.on('/held/deleted').length === 1);
    const removed = await fetch(`${server.url}/pagamentos/api/v1/webhook/${id}`, { method: 'DELETE', headers: { authorization: app.headers.authorization! } });
    expect(removed.status).toBe(204);
    answer(500);

    // The failed attempt is logged, and the delivery stays cancelled: nothing retries it. The
    // application still reads the deliveries of its deleted registration.
    const [ofDeleted] = await settledDeliveries(server, app, 1, { log: '/pagamentos' });
    expect(ofDeleted!.status).toBe('cancelled');
    await waitUntil(async () => (await deliveriesOf(server, app, '', '/pagamentos'))[0]!.attemptCount === 1);
    const [cancelled] = await deliveriesOf(server, app, '', '/pagamentos');
    expect(cancelled).toMatchObject({ status: 'cancelled', attemptCount: 1, nextAttemptAt: null, attempts: [{ number: 1, statusCode: 500 }] });

    // A later event reaches the other app and owes the deleted registration nothing.
    const later = await closeCycle(server, seller);
    await receiver.waitFor(() => receiver.on('/other').some((request) => request.json.data.idCiclo === later));
    expect(await settledDeliveries(server, other, 2, { log: '/pagamentos' })).toHaveLength(2);
    expect(await deliveriesOf(server, app, '', '/pagamentos')).toHaveLength(1);
    expect(receiver.on('/held/deleted')).toHaveLength(1);
  });
});
