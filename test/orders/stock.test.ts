import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStock } from '../../src/catalog/stock.service.js';
import { forkForSeller } from '../../src/db/orm.js';
import { Order } from '../../src/orders/order.entity.js';
import { startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { MOVE_TO, PATH_TO, addPayment, approvedPayment, call, changeStatus, createOrder, orderBody, orderIn, orderSeller } from './fixtures.js';

const ON_HAND = 10;
// orderBody(): 2 × SKU-A and 1 × SKU-B.
const ORDERED = { 'SKU-A': 2, 'SKU-B': 1 };

describe('orders and stock', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  const figures = async (seller: TestSeller) => {
    const em = forkForSeller(server.orm, seller.id);
    const [a, b] = await Promise.all([getStock(em, seller.id, 'SKU-A'), getStock(em, seller.id, 'SKU-B')]);
    return { 'SKU-A': { onHand: a.onHand, reserved: a.reserved }, 'SKU-B': { onHand: b.onHand, reserved: b.reserved } };
  };
  const expected = (onHandTaken: 0 | 1, reservedHeld: 0 | 1) => ({
    'SKU-A': { onHand: ON_HAND - onHandTaken * ORDERED['SKU-A'], reserved: reservedHeld * ORDERED['SKU-A'] },
    'SKU-B': { onHand: ON_HAND - onHandTaken * ORDERED['SKU-B'], reserved: reservedHeld * ORDERED['SKU-B'] },
  });

  // What stock looks like after an order reaches each status along the API path.
  const AFTER: Record<string, ReturnType<typeof expected>> = {
    pendente: expected(0, 1),
    aprovado: expected(0, 1),
    faturado: expected(0, 1),
    enviado: expected(1, 0),
    entregue: expected(1, 0),
    cancelado: expected(0, 0),
  };

  it.each(Object.keys(PATH_TO))('leaves the right stock once an order is %s', async (status) => {
    const seller = await orderSeller(server, { onHand: ON_HAND });
    await orderIn(server, seller, status);
    expect(await figures(seller)).toEqual(AFTER[status]);
  });

  it.each(['aprovado', 'faturado'])('releases the reservation when an order is cancelled from %s', async (from) => {
    const seller = await orderSeller(server, { onHand: ON_HAND });
    const order = await orderIn(server, seller, from);
    expect((await changeStatus(server, seller, order.id, MOVE_TO.cancelado!)).status).toBe(200);
    expect(await figures(seller)).toEqual(expected(0, 0));
  });

  it('moves nothing on a refused transition, a replay or a channel resend', async () => {
    const seller = await orderSeller(server, { onHand: ON_HAND });
    const body = orderBody();
    const order = (await createOrder(server, seller, body, { 'idempotency-key': 'k' })).body;
    expect((await createOrder(server, seller, body, { 'idempotency-key': 'k' })).status).toBe(200);
    expect((await createOrder(server, seller, body)).status).toBe(200);
    expect((await changeStatus(server, seller, order.id, MOVE_TO.enviado!)).status).toBe(409);
    expect(await figures(seller)).toEqual(expected(0, 1));
  });

  it('answers 409 INSUFFICIENT_STOCK listing every short SKU, creating nothing, unless allowOversell', async () => {
    const seller = await orderSeller(server, { onHand: 1 });
    const { status, body } = await createOrder(server, seller);
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'INSUFFICIENT_STOCK', shortSkus: [{ sku: 'SKU-A', requested: 2, available: 1 }] });
    expect(body.shortSkus).toHaveLength(1);
    expect(await forkForSeller(server.orm, seller.id).count(Order, {})).toBe(0);

    const oversold = await createOrder(server, seller, orderBody({ allowOversell: true }));
    expect(oversold.status).toBe(201);
    const stock = await figures(seller);
    expect(stock['SKU-A']).toEqual({ onHand: 1, reserved: 2 });
  });

  it('answers 422 for unknown SKUs and for channels the seller has not configured', async () => {
    const seller = await orderSeller(server);
    const unknownSku = await createOrder(server, seller, orderBody({ items: [{ sku: 'SKU-A', quantity: 1, unitPrice: '1.00' }, { sku: 'NOPE', quantity: 1, unitPrice: '1.00' }], discount: '0.00', shipping: '0.00' }));
    expect(unknownSku.status).toBe(422);
    expect(unknownSku.body.errors).toEqual([expect.objectContaining({ path: '/items/1/sku' })]);
    const unknownChannel = await createOrder(server, seller, orderBody({ channel: 'amazon' }));
    expect(unknownChannel.status).toBe(422);
    expect(unknownChannel.body.errors).toEqual([expect.objectContaining({ path: '/channel' })]);
    // A configured channel switched off still takes its orders (docs/orders.md, "Channel"):
    // a marketplace sends late the sales made before the switch.
    expect((await call(server, seller, 'PUT', '/canais/mercadolivre', { name: 'ML', active: false })).status).toBe(200);
    const onInactive = await createOrder(server, seller, orderBody({ channel: 'mercadolivre' }));
    expect(onInactive.status, JSON.stringify(onInactive.body)).toBe(201);
  });

  it('never oversells under concurrent orders', async () => {
    const seller = await orderSeller(server, { onHand: 5 });
    const one = () => orderBody({ items: [{ sku: 'SKU-B', quantity: 1, unitPrice: '10.00' }], discount: '0.00' });
    const replies = await Promise.all(Array.from({ length: 9 }, () => createOrder(server, seller, one())));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(5);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(4);
    expect((await figures(seller))['SKU-B']).toEqual({ onHand: 5, reserved: 5 });
  });

  it('moves stock once when a payment approves an order', async () => {
    const seller = await orderSeller(server, { onHand: ON_HAND });
    const order = await orderIn(server, seller, 'pendente');
    const reply = await addPayment(server, seller, order.id, approvedPayment(order.amounts.total));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ id: order.id, status: 'aprovado', payments: [{ status: 'approved', amount: order.amounts.total }] });
    expect(await figures(seller)).toEqual(expected(0, 1));
    // A second approval moves nothing either.
    const again = await addPayment(server, seller, order.id, approvedPayment(order.amounts.total));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.status).toBe('aprovado');
    expect(await figures(seller)).toEqual(expected(0, 1));
  });
});
