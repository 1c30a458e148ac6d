import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkForSeller } from '../../src/db/orm.js';
import { OutboxEvent } from '../../src/events/outbox-event.entity.js';
import { toEnvelope } from '../../src/events/outbox.js';
import { startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { bearer, connectLive, subscribe, waitForSubscriptions } from '../support/live.js';
import { changeStatus, createOrder, orderSeller } from '../orders/fixtures.js';

const ORDER_EVENTS = 'subscription($orderId: ID, $statuses: [OrderStatus!], $after: ID) { orderEvents(orderId: $orderId, statuses: $statuses, after: $after) { id evento dataHora data } }';

describe('orders over REST, live over graphql-ws', () => {
  let server: TestApp;
  let seller: TestSeller;
  beforeAll(async () => {
    server = await startTestApp();
    seller = await orderSeller(server);
  });
  afterAll(() => server.close());

  /** What the webhook dispatcher sends for an outbox row: toEnvelope of it. */
  const webhookEnvelope = async (id: string) => toEnvelope(await forkForSeller(server.orm, seller.id).findOneOrFail(OutboxEvent, { id }));

  it('streams an order created with POST /pedidos, and its cancellation, with the webhook envelope', async () => {
    const connection = connectLive(server.url, bearer(seller.token));
    const all = subscribe(connection.client, ORDER_EVENTS);
    const cancelled = subscribe(connection.client, ORDER_EVENTS, { statuses: ['cancelado'] });
    await waitForSubscriptions(server.url, 2);

    const created = await createOrder(server, seller);
    expect(created.status).toBe(201);
    const [live] = await all.received(1);
    expect(live).toEqual(await webhookEnvelope(live!.id));
    expect(live).toMatchObject({ evento: 'pedido.criado', data: created.body });

    const one = subscribe(connection.client, ORDER_EVENTS, { orderId: created.body.id, after: live!.id });
    await waitForSubscriptions(server.url, 3);
    const cancel = await changeStatus(server, seller, created.body.id, { status: 'cancelado', reason: 'customer gave up' });
    expect(cancel.status).toBe(200);
    const [, change] = await all.received(2);
    expect(change).toEqual(await webhookEnvelope(change!.id));
    expect(change).toMatchObject({ evento: 'pedido.status_alterado', data: { orderId: created.body.id, from: 'pendente', to: 'cancelado' } });
    expect(await cancelled.received(1)).toEqual([change]);
    expect(await one.received(1)).toEqual([change]);
    await connection.client.dispose();
  });
});
