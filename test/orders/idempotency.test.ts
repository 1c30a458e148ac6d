import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkForSeller } from '../../src/db/orm.js';
import { OutboxEvent } from '../../src/events/outbox-event.entity.js';
import { Order } from '../../src/orders/order.entity.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { changeStatus, createOrder, orderBody, orderSeller, MOVE_TO } from './fixtures.js';

const CONCURRENCY = 8;

describe('POST /pedidos: Idempotency-Key and (channel, externalId)', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  const countOrders = (sellerId: string) => forkForSeller(server.orm, sellerId).count(Order, {});
  const countCreatedEvents = (sellerId: string) => forkForSeller(server.orm, sellerId).count(OutboxEvent, { type: 'pedido.criado' });

  it('replays the first response with 200 for the same key and body, even after the order changed', async () => {
    const seller = await orderSeller(server);
    const body = orderBody();
    const key = { 'idempotency-key': 'retry-1' };
    const first = await createOrder(server, seller, body, key);
    expect(first.status).toBe(201);
    const cancelled = await changeStatus(server, seller, first.body.id, MOVE_TO.cancelado!);
    expect(cancelled.body.status).toBe('cancelado');

    // Keys are compared on the parsed body, so member order does not matter.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const replay = await createOrder(server, seller, reordered, key);
    expect(replay).toEqual({ status: 200, body: first.body });
    expect(await countOrders(seller.id)).toBe(1);
    expect(await countCreatedEvents(seller.id)).toBe(1);
  });

  it('answers 422 IDEMPOTENCY_MISMATCH for another body under a used key', async () => {
    const seller = await orderSeller(server);
    const key = { 'idempotency-key': 'retry-2' };
    expect((await createOrder(server, seller, orderBody(), key)).status).toBe(201);
    const other = await createOrder(server, seller, orderBody(), key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH', idempotencyKey: 'retry-2' });
    expect(await countOrders(seller.id)).toBe(1);
  });

  it('scopes keys per seller and stores nothing for a failed request', async () => {
    const [first, second] = [await orderSeller(server), await orderSeller(server)];
    const key = { 'idempotency-key': 'shared' };
    expect((await createOrder(server, first, orderBody({ total: '9.99' }), key)).status).toBe(422);
    expect((await createOrder(server, first, orderBody(), key)).status).toBe(201);
    expect((await createOrder(server, second, orderBody(), key)).status).toBe(201);
  });

  it('lets a key be used afresh once it is older than the retention window', async () => {
    const seller = await orderSeller(server);
    const key = { 'idempotency-key': 'daily' };
    expect((await createOrder(server, seller, orderBody(), key)).status).toBe(201);
    await server.orm.em.fork().execute(
      `update idempotency_key set created_at = now() - interval '25 hours' where seller_id = ? and key = 'daily'`,
      [seller.id],
    );
    expect((await createOrder(server, seller, orderBody(), key)).status).toBe(201);
    expect((await createOrder(server, seller, orderBody(), key)).status).toBe(422);
  });

  it('creates exactly one order for concurrent requests with one key', async () => {
    const seller = await orderSeller(server);
    const body = orderBody();
    const replies = await Promise.all(
      Array.from({ length: CONCURRENCY }, () => createOrder(server, seller, body, { 'idempotency-key': 'burst' })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([...Array(CONCURRENCY - 1).fill(200), 201]);
    expect(new Set(replies.map((reply) => reply.body.id)).size).toBe(1);
    expect(await countOrders(seller.id)).toBe(1);
    expect(await countCreatedEvents(seller.id)).toBe(1);
  });

  it('returns the existing order with 200 when a channel resends an order, sequentially and concurrently', async () => {
    const seller = await orderSeller(server);
    const body = orderBody({ externalId: 'MLB-1' });
    const first = await createOrder(server, seller, body);
    expect(first.status).toBe(201);
    const resent = await createOrder(server, seller, { ...body, customer: { name: 'Other', document: '529.982.247-25' } });
    expect(resent).toEqual({ status: 200, body: first.body });
    // The same externalId on another channel is another order.
    expect((await createOrder(server, seller, { ...body, channel: 'mercadolivre' })).status).toBe(201);

    const burst = orderBody({ externalId: 'MLB-2' });
    const replies = await Promise.all(Array.from({ length: CONCURRENCY }, () => createOrder(server, seller, burst)));
    expect(replies.map((reply) => reply.status).sort()).toEqual([...Array(CONCURRENCY - 1).fill(200), 201]);
    expect(new Set(replies.map((reply) => reply.body.id)).size).toBe(1);
    expect(await countOrders(seller.id)).toBe(3);
    expect(await countCreatedEvents(seller.id)).toBe(3);
    // Numbers stay gapless: the duplicates' rolled-back numbers were handed out again.
    const numbers = (await forkForSeller(server.orm, seller.id).find(Order, {}, { orderBy: { number: 'asc' } })).map((order) => order.number);
    expect(numbers).toEqual([1, 2, 3]);
  });
});
