import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkForSeller } from '../../src/db/orm.js';
import { OutboxEvent } from '../../src/events/outbox-event.entity.js';
import { Order } from '../../src/orders/order.entity.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { VALID_CNPJ, approvedPayment, call, createOrder, orderBody, orderSeller } from './fixtures.js';

describe('POST /pedidos', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  const eventsOf = (sellerId: string, orderId: string) =>
    forkForSeller(server.orm, sellerId).find(OutboxEvent, { aggregateId: orderId }, { orderBy: { sequence: 'asc' } });

  it('creates a pendente order with server-computed amounts, history and pedido.criado carrying the response', async () => {
    const seller = await orderSeller(server);
    const body = orderBody({ total: '120.00', placedAt: '2026-01-02T03:04:05.000Z' });
    const { status, body: order } = await createOrder(server, seller, body);
    expect(status).toBe(201);
    expect(order).toMatchObject({
      number: 1,
      channel: 'loja-propria',
      externalId: body.externalId,
      status: 'pendente',
      customer: { name: 'Maria Silva', email: 'maria@example.com', phone: null, document: '52998224725' },
      deliveryAddress: { postalCode: '01310100', state: 'SP', country: 'BR', complement: null },
      items: [
        { sku: 'SKU-A', title: 'Caneca', quantity: 2, unitPrice: '50.00', discount: '0.00', total: '100.00' },
        { sku: 'SKU-B', title: 'SKU-B', quantity: 1, unitPrice: '30.00', discount: '5.00', total: '25.00' },
      ],
      payments: [],
      amounts: { items: '125.00', shipping: '10.00', discount: '15.00', total: '120.00' },
      invoice: null,
      shipment: null,
      placedAt: '2026-01-02T03:04:05.000Z',
    });
    expect(order.statusHistory).toEqual([{ status: 'pendente', at: order.createdAt, note: null }]);
    expect(order.updatedAt).toBe(order.createdAt);

    const events = await eventsOf(seller.id, order.id);
    expect(events.map((event) => event.type)).toEqual(['pedido.criado']);
    expect(events[0]!.payload).toEqual(order);

    const fetched = await call(server, seller, 'GET', `/pedidos/${order.id}`);
    expect(fetched).toEqual({ status: 200, body: order });
  });

  it('starts aprovado when approved payments cover the total, and records their pagamento.alterado', async () => {
    const seller = await orderSeller(server);
    const payments = [approvedPayment('100.00'), { method: 'credit_card', status: 'approved', amount: '20', installments: 3 }];
    const { status, body: order } = await createOrder(server, seller, orderBody({ payments }));
    expect(status).toBe(201);
    expect(order.status).toBe('aprovado');
    expect(order.payments).toMatchObject([
      { method: 'pix', status: 'approved', amount: '100.00', installments: 1, paidAt: null, transactionId: null },
      { method: 'credit_card', status: 'approved', amount: '20.00', installments: 3 },
    ]);
    const events = await eventsOf(seller.id, order.id);
    expect(events.map((event) => event.type)).toEqual(['pedido.criado', 'pagamento.alterado', 'pagamento.alterado']);
    expect(events[1]!.payload).toEqual({ orderId: order.id, paymentId: order.payments[0].id, status: 'approved', amount: '100.00' });

    const partial = await createOrder(server, seller, orderBody({ payments: [approvedPayment('119.99')] }));
    expect(partial.body.status).toBe('pendente');
    const free = await createOrder(server, seller, orderBody({ discount: '135.00' }));
    expect(free.body).toMatchObject({ status: 'aprovado', amounts: { total: '0.00' } });
  });

  it('numbers orders per seller without gaps, rejected attempts included', async () => {
    const [first, second] = [await orderSeller(server), await orderSeller(server)];
    expect((await createOrder(server, first)).body.number).toBe(1);
    expect((await createOrder(server, first, orderBody({ total: '1.00' }))).status).toBe(422);
    expect((await createOrder(server, second)).body.number).toBe(1);
    expect((await createOrder(server, first)).body.number).toBe(2);
  });

  it('numbers concurrent creations of one seller without gaps, those refused for stock included, each pedido.criado carrying its number', async () => {
    // SKU-A has 10 units and each order takes 2: five of the twelve fit.
    const seller = await orderSeller(server, { onHand: 10 });
    const replies = await Promise.all(Array.from({ length: 12 }, () => createOrder(server, seller)));
    const created = replies.filter((reply) => reply.status === 201).map((reply) => reply.body);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(7);
    expect(created.map((order) => order.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    for (const order of created) {
      const [event] = await eventsOf(seller.id, order.id);
      expect(event!.payload).toEqual(order);
      expect(await call(server, seller, 'GET', `/pedidos/${order.id}`)).toEqual({ status: 200, body: order });
    }
    expect((await createOrder(server, seller, orderBody({ items: [{ sku: 'SKU-B', quantity: 1, unitPrice: '30.00' }] }))).body.number).toBe(6);
  });

  it('answers 422 when the client total disagrees with the computed one, with the computed value', async () => {
    const seller = await orderSeller(server);
    const { status, body } = await createOrder(server, seller, orderBody({ total: '130.00' }));
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '/total', message: expect.stringContaining('120.00') }] });
    expect(await forkForSeller(server.orm, seller.id).count(Order, {})).toBe(0);
  });

  it('validates documents, CEP, UF and amounts, reporting every field at once', async () => {
    const seller = await orderSeller(server);
    const body = orderBody({
      customer: { name: 'X', document: '529.982.247-24' },
      deliveryAddress: { ...(orderBody().deliveryAddress as object), state: 'sp', postalCode: '0131-100' },
      items: [{ sku: 'SKU-A', quantity: 1, unitPrice: '10.00', discount: '10.01' }],
    });
    const { status, body: problem } = await createOrder(server, seller, body);
    expect(status).toBe(422);
    expect(problem.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      '/customer/document',
      '/deliveryAddress/postalCode',
      '/deliveryAddress/state',
      '/discount',
      '/items/0/discount',
    ]);

    const cnpj = await createOrder(server, seller, orderBody({ customer: { name: 'Empresa', document: VALID_CNPJ } }));
    expect(cnpj.status).toBe(201);
    expect(cnpj.body.customer.document).toBe('11222333000181');

    const floats = await createOrder(server, seller, orderBody({ shipping: 10.5, items: [{ sku: 'A', quantity: 0, unitPrice: '1.999' }] }));
    expect(floats.status).toBe(422);
    expect(floats.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['/items/0/quantity', '/items/0/unitPrice', '/shipping']);

    const unknown = await createOrder(server, seller, orderBody({ totl: '1.00' }));
    expect(unknown.body.errors).toEqual([{ path: '/totl', in: 'body', message: 'is not a known field' }]);
  });

  it('needs orders:write to create and orders:read to read', async () => {
    const seller = await orderSeller(server);
    const { createTestSeller } = await import('../support/app.js');
    const reader = await createTestSeller(server.orm, { scopes: ['orders:read'] });
    expect((await createOrder(server, reader)).status).toBe(403);
    const writer = await createTestSeller(server.orm, { scopes: ['orders:write'] });
    expect((await call(server, writer, 'GET', '/pedidos')).status).toBe(403);
    expect((await fetch(`${server.url}/pedidos`)).status).toBe(401);
    expect((await createOrder(server, seller)).status).toBe(201);
  });
});
