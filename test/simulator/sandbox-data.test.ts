import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { call, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { recordedEvents } from '../support/catalog.js';
import { createSandboxTestSeller, SANDBOX_CATALOGUE } from '../support/sandbox.js';
import { orderBody, orderSeller } from '../orders/fixtures.js';
import { deliveriesOf, fanOutDrained, settledDeliveries, startDispatcher, subscribe } from '../webhooks/fixtures.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/receiver.js';

describe('wiping a sandbox seller\'s data', () => {
  let server: TestApp;
  let dispatcher: Dispatcher;
  let receiver: Receiver;
  let sandbox: TestSeller;
  let live: TestSeller;

  beforeAll(async () => {
    server = await startTestApp();
    receiver = await startReceiver();
    dispatcher = await startDispatcher(server);
    sandbox = await createSandboxTestSeller(server.orm);
    live = await orderSeller(server);
  });
  afterAll(async () => {
    await dispatcher?.stop();
    await receiver?.close();
    await server?.close();
  });

  it('deletes its orders on every channel, their events and deliveries, releases their units, and touches no other seller', async () => {
    await subscribe(server, sandbox, { url: receiver.url, events: ['*'] });
    await subscribe(server, live, { url: receiver.url, events: ['*'] });
    const placed = await call(server, sandbox, 'POST', '/simulador/pedidos', { count: 3 });
    expect(placed.status).toBe(201);
    const own = await call(server, sandbox, 'POST', '/pedidos', {
      ...orderBody({ channel: 'loja', items: [{ sku: 'CANECA', quantity: 2, unitPrice: '49.90' }], discount: '0.00', shipping: '0.00' }),
    });
    expect(own.status).toBe(201);
    expect((await call(server, live, 'POST', '/pedidos', orderBody())).status).toBe(201);
    const sandboxOrderEvents = (await recordedEvents(server.orm, sandbox.id)).filter((event) => /^(pedido|pagamento)\./.test(event.type)).length;
    await waitUntil(async () => (await deliveriesOf(server, sandbox)).length >= sandboxOrderEvents && receiver.requests.length > 0);
    // Every event fanned out first: the live seller's deliveries counted before then may still grow.
    await fanOutDrained(server);
    const liveDeliveries = await settledDeliveries(server, live, (await deliveriesOf(server, live)).length);
    const liveEvents = await recordedEvents(server.orm, live.id);

    const wipe = 'mutation { wipeSandboxData(input: { confirm: true }) { orders events deliveries } }';
    const wiped = (await graphql<any>(server.url, wipe, { headers: sandbox.headers })).body.data.wipeSandboxData;
    expect(wiped.orders).toBe(4);
    expect(wiped.events).toBe(sandboxOrderEvents);
    expect(wiped.deliveries).toBeGreaterThanOrEqual(sandboxOrderEvents);

    expect((await call(server, sandbox, 'GET', '/pedidos')).body.data).toEqual([]);
    expect((await call(server, sandbox, 'GET', `/pedidos/${own.body.id}`)).status).toBe(404);
    expect((await recordedEvents(server.orm, sandbox.id)).filter((event) => /^(pedido|pagamento)\./.test(event.type))).toEqual([]);
    const left = await deliveriesOf(server, sandbox);
    expect(left.filter((delivery) => !delivery.event.startsWith('estoque.') && !delivery.event.startsWith('produto.'))).toEqual([]);
    for (const { sku, onHand } of SANDBOX_CATALOGUE) {
      expect((await call(server, sandbox, 'GET', `/estoque/${sku}`)).body).toMatchObject({ onHand, reserved: 0, available: onHand });
    }
    // The release is news like any other: receivers learn the units are back.
    expect((await recordedEvents(server.orm, sandbox.id, 'estoque.alterado')).at(-1)!.payload).toMatchObject({ reserved: 0 });

    expect((await call(server, live, 'GET', '/pedidos')).body.data).toHaveLength(1);
    expect(await recordedEvents(server.orm, live.id)).toEqual(liveEvents);
    expect(await deliveriesOf(server, live)).toHaveLength(liveDeliveries.length);

    // Wiping again finds nothing; REST answers 204; the simulator works on afterwards.
    expect((await graphql<any>(server.url, wipe, { headers: sandbox.headers })).body.data.wipeSandboxData).toEqual({ orders: 0, events: 0, deliveries: 0 });
    expect(await call(server, sandbox, 'DELETE', '/simulador/dados')).toEqual({ status: 204, body: null });
    expect((await call(server, sandbox, 'POST', '/simulador/pedidos', {})).status).toBe(201);
  });

  it('is refused to a live seller, who keeps everything', async () => {
    const before = (await call(server, live, 'GET', '/pedidos')).body.data;
    expect((await call(server, live, 'DELETE', '/simulador/dados')).status).toBe(403);
    expect((await call(server, live, 'GET', '/pedidos')).body.data).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });
});
