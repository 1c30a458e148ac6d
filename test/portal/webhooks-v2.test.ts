import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interfaceEventNames } from '../../src/events/event-registry.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { call, createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { createOrder, orderIn, orderSeller } from '../orders/fixtures.js';
import { gql } from '../platforms/fixtures.js';
import { startProductReceiver, type ProductReceiver } from '../platforms/receiver.js';
import { deliveriesOf, fanOutDrained, settledDeliveries, startDispatcher } from '../webhooks/fixtures.js';

const ALL_OFF = { orders: false, stock: false, freight: false, payments: false };

describe('seller portal API v2: webhooks', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('lists the events by group', async () => {
    const seller = await createTestSeller(server.orm);
    const { status, body } = await call(server, seller, 'GET', '/v2/webhooks/eventos');
    expect(status).toBe(200);
    expect(body).toEqual({
      groups: [
        { group: 'orders', events: ['pedido.criado', 'pedido.status_alterado'] },
        { group: 'stock', events: ['estoque.alterado', 'produto.publicacao_alterada', 'produto.preco_alterado'] },
        { group: 'freight', events: ['frete.rastreio'] },
        { group: 'payments', events: ['pagamento.alterado'] },
      ],
    });
  });

  it('creates, reads, switches groups, updates and deletes a configuration over the webhooks interface\'s records', async () => {
    const seller = await createTestSeller(server.orm);
    const created = await call(server, seller, 'POST', '/v2/webhooks/configuracoes', {
      url: 'https://erp.example.com/hooks',
      description: 'ERP',
      groups: { ...ALL_OFF, orders: true, payments: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      url: 'https://erp.example.com/hooks',
      description: 'ERP',
      groups: { orders: true, stock: false, freight: false, payments: true },
      events: ['pedido.criado', 'pedido.status_alterado', 'pagamento.alterado'],
      secret: expect.stringMatching(/^whsec_/),
      health: 'healthy',
    });
    const id = created.body.id;

    // The same record in the webhooks interface.
    const v1 = await call(server, seller, 'GET', `/webhooks/assinaturas/${id}`);
    expect(v1.body).toMatchObject({ id, events: ['pedido.criado', 'pedido.status_alterado', 'pagamento.alterado'] });
    expect(v1.body.secret).toBeUndefined();

    const switched = await call(server, seller, 'PUT', `/v2/webhooks/configuracoes/${id}/grupos`, { payments: false, stock: true });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({
      groups: { orders: true, stock: true, freight: false, payments: false },
      events: ['pedido.criado', 'pedido.status_alterado', 'estoque.alterado', 'produto.publicacao_alterada', 'produto.preco_alterado'],
    });
    expect(switched.body.secret).toBeUndefined();

    const updated = await call(server, seller, 'PUT', `/v2/webhooks/configuracoes/${id}`, { url: 'https://erp.example.com/v2', active: false });
    expect(updated.body).toMatchObject({ url: 'https://erp.example.com/v2', active: false, health: 'disabled', groups: { orders: true } });

    const listed = await call(server, seller, 'GET', '/v2/webhooks/configuracoes');
    expect(listed.body).toEqual({ data: [expect.objectContaining({ id, groups: switched.body.groups })], nextCursor: null });

    expect((await call(server, seller, 'DELETE', `/v2/webhooks/configuracoes/${id}`)).status).toBe(204);
    expect((await call(server, seller, 'GET', '/v2/webhooks/configuracoes')).body).toEqual({ data: [], nextCursor: null });
    expect((await call(server, seller, 'PUT', `/v2/webhooks/configuracoes/${id}`, { active: true })).status).toBe(404);
  });

  it('shows a v1 subscription to every event with every group on', async () => {
    const seller = await createTestSeller(server.orm);
    const v1 = await call(server, seller, 'POST', '/webhooks/assinaturas', { url: 'https://all.example.com/', events: ['*'] });
    const read = await call(server, seller, 'GET', `/v2/webhooks/configuracoes/${v1.body.id}`);
    expect(read.body.groups).toEqual({ orders: true, stock: true, freight: true, payments: true });
    const switched = await call(server, seller, 'PUT', `/v2/webhooks/configuracoes/${v1.body.id}/grupos`, { stock: false });
    expect(switched.body.events).toEqual(interfaceEventNames().filter((name) => !['estoque.alterado', 'produto.publicacao_alterada', 'produto.preco_alterado'].includes(name)));
    await call(server, seller, 'DELETE', `/v2/webhooks/configuracoes/${v1.body.id}`);
  });

  it('refuses a configuration with every group off, unknown groups, private URLs, other sellers and missing scopes', async () => {
    const seller = await createTestSeller(server.orm);
    const none = await call(server, seller, 'POST', '/v2/webhooks/configuracoes', { url: 'https://erp.example.com/', groups: ALL_OFF });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual([{ path: '/groups', in: 'body', message: expect.any(String) }]);
    const unknown = await call(server, seller, 'POST', '/v2/webhooks/configuracoes', { url: 'https://erp.example.com/', groups: { ...ALL_OFF, orders: true, fiscal: true } });
    expect(unknown.status).toBe(422);
    const missing = await call(server, seller, 'POST', '/v2/webhooks/configuracoes', { url: 'https://erp.example.com/', groups: { orders: true } });
    expect(missing.status).toBe(422);

    const created = await call(server, seller, 'POST', '/v2/webhooks/configuracoes', { url: 'https://erp.example.com/', groups: { ...ALL_OFF, orders: true } });
    const lastOff = await call(server, seller, 'PUT', `/v2/webhooks/configuracoes/${created.body.id}/grupos`, { orders: false });
    expect(lastOff.status).toBe(422);
    const other = await createTestSeller(server.orm);
    expect((await call(server, other, 'PUT', `/v2/webhooks/configuracoes/${created.body.id}/grupos`, { stock: true })).status).toBe(404);
    expect((await call(server, other, 'DELETE', `/v2/webhooks/configuracoes/${created.body.id}`)).status).toBe(404);

    const readOnly = await createTestSeller(server.orm, { scopes: ['webhooks:read'] });
    expect((await call(server, readOnly, 'GET', '/v2/webhooks/eventos')).status).toBe(200);
    expect((await call(server, readOnly, 'POST', '/v2/webhooks/configuracoes', { url: 'https://erp.example.com/', groups: ALL_OFF })).status).toBe(403);
    const ordersOnly = await createTestSeller(server.orm, { scopes: ['orders:read'] });
    expect((await call(server, ordersOnly, 'GET', '/v2/webhooks/configuracoes')).status).toBe(403);
    expect((await fetch(`${server.url}/v2/webhooks/configuracoes`)).status).toBe(401);
  });
});

describe('seller portal API v2: group switches decide what is delivered', () => {
  let server: TestApp;
  let dispatcher: Dispatcher;
  let receiver: ProductReceiver;

  beforeAll(async () => {
    server = await startTestApp();
    receiver = await startProductReceiver();
    dispatcher = await startDispatcher(server);
  });
  afterAll(async () => {
    await dispatcher.stop();
    await receiver.close();
    await server.close();
  });

  it('delivers the orders group, then after switching it off and freight on, tracking but not new orders', async () => {
    const seller = await orderSeller(server);
    const created = await call(server, seller, 'POST', '/v2/webhooks/configuracoes', { url: `${receiver.url}/erp`, groups: { ...ALL_OFF, orders: true } });
    expect(created.status).toBe(201);

    const order = await orderIn(server, seller, 'faturado');
    await receiver.waitFor((requests) => requests.length === 3);
    expect(receiver.requests.map((request) => request.json.evento)).toEqual(['pedido.criado', 'pedido.status_alterado', 'pedido.status_alterado']);

    const switched = await call(server, seller, 'PUT', `/v2/webhooks/configuracoes/${created.body.id}/grupos`, { orders: false, freight: true });
    expect(switched.body.groups).toEqual({ orders: false, stock: false, freight: true, payments: false });
    const later = await createOrder(server, seller);
    expect(later.status).toBe(201);
    const { createShipment: { shipment } } = await gql(server, seller, `mutation ($orderId: ID!) {
      createShipment(input: {orderId: $orderId, carrier: "Correios", trackingCode: "BR9"}) { shipment { id } } }`, { orderId: order.id });
    await gql(server, seller, `mutation ($id: ID!) { addTrackingEvent(input: {shipmentId: $id, status: posted, description: "Postado"}) { trackingEvent { id } } }`, { id: shipment.id });

    // Every event fanned out and every delivery finished: the log is complete, not just long enough.
    await fanOutDrained(server);
    await settledDeliveries(server, seller, 4);
    expect(receiver.requests.map((request) => request.json.evento)).toEqual(['pedido.criado', 'pedido.status_alterado', 'pedido.status_alterado', 'frete.rastreio']);
    expect(receiver.requests[3]!.json.data).toMatchObject({ orderId: order.id, shipmentId: shipment.id, status: 'posted' });
    expect((await deliveriesOf(server, seller)).map((delivery) => [delivery.event, delivery.status]).reverse()).toEqual([
      ['pedido.criado', 'succeeded'],
      ['pedido.status_alterado', 'succeeded'],
      ['pedido.status_alterado', 'succeeded'],
      ['frete.rastreio', 'succeeded'],
    ]);
  });
});
