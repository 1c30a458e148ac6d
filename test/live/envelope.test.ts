import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interfaceEventNames } from '../../src/events/event-registry.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { call, type TestApp, type TestSeller } from '../support/app.js';
import { startTestApp } from '../support/app.js';
import { bearer, connectLive, subscribe, waitForSubscriptions, type LiveConnection } from '../support/live.js';
import { orderIn, orderSeller } from '../orders/fixtures.js';
import { startDispatcher, subscribe as subscribeWebhook } from '../webhooks/fixtures.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/receiver.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const ENVELOPE = 'subscription { events { id evento dataHora data } }';

/**
 * The live envelope is the webhook's: every event of the webhooks interface, caused by a
 * real change through the API, arrives over graphql-ws with `evento` the dotted name, valid
 * against its schema in schema/events/webhooks/ and identical, byte for byte, to the body
 * the webhook receiver got for the same event.
 */
describe('live events carry the webhook envelope', () => {
  let server: TestApp;
  let seller: TestSeller;
  let receiver: Receiver;
  let dispatcher: Dispatcher;
  let connection: LiveConnection;

  beforeAll(async () => {
    server = await startTestApp();
    seller = await orderSeller(server);
    receiver = await startReceiver();
    dispatcher = await startDispatcher(server);
  });
  afterAll(async () => {
    connection?.client.dispose();
    await dispatcher.stop();
    await receiver.close();
    await server.close();
  });

  it('sends each of the 7 interface events as webhooks do, valid against schema/events/', async () => {
    await subscribeWebhook(server, seller, { url: receiver.url, events: ['*'] });
    connection = connectLive(server.url, bearer(seller.token));
    const live = subscribe(connection.client, ENVELOPE);
    await waitForSubscriptions(server.url, 1);

    // One real change per event: publication and price, stock, an order paid and invoiced, a tracking event.
    expect((await call(server, seller, 'PUT', '/produtos', { products: [{ sku: 'SKU-A', title: 'Product SKU-A', publicationStatus: 'published' }] })).status).toBe(200);
    expect((await call(server, seller, 'PATCH', '/produtos/SKU-A/preco', { prices: [{ channel: null, sale: '50.00' }] })).status).toBe(200);
    const order = await orderIn(server, seller, 'faturado');
    const shipment = await call(server, seller, 'POST', `/pedidos/${order.id}/envios`, { carrier: 'Correios', trackingCode: 'BR1' });
    expect(shipment.status).toBe(201);
    const tracking = { status: 'in_transit', description: 'Em trânsito', location: 'Curitiba/PR', at: '2026-01-02T03:04:05.000Z' };
    expect((await call(server, seller, 'POST', `/envios/${shipment.body.id}/rastreio`, tracking)).status).toBe(201);

    const everyType = [...interfaceEventNames()].sort();
    await waitUntil(() => new Set(live.events.map((event) => event.evento)).size === everyType.length, 40_000, () => JSON.stringify(live.events.map((event) => event.evento)));
    await waitUntil(() => receiver.requests.length >= live.events.length, 40_000);
    expect([...new Set(live.events.map((event) => event.evento))].sort()).toEqual(everyType);

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const webhookBodies = new Map(receiver.requests.map((request) => [request.envelope.id, request.body]));
    for (const event of live.events) {
      const id = `schema/events/webhooks/${event.evento}.json`;
      if (!ajv.getSchema(id)) ajv.addSchema(JSON.parse(readFileSync(new URL(`../../${id}`, import.meta.url), 'utf8')) as object);
      const validate = ajv.getSchema(id)!;
      expect(validate(event), `${event.evento}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(JSON.stringify(event), event.evento).toBe(webhookBodies.get(event.id));
    }
  }, 90_000);
});
