import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { createOrder, orderSeller } from '../orders/fixtures.js';
import { createTestApplication, gql } from '../platforms/fixtures.js';
import { startProductReceiver } from '../platforms/receiver.js';
import { createTestSeller, startTestApp, type TestApp } from '../support/app.js';
import { emit, settledDeliveries, startDispatcher, subscribe } from './fixtures.js';
import { startReceiver, type Receiver } from './receiver.js';

/**
 * Receivers are third parties: what they answer is recorded in the attempt log, and
 * PostgreSQL refuses a NUL character in text. An answer it cannot store must not make
 * the attempt impossible to record (the delivery would be claimed again and again, ahead
 * of every other one, holding dispatcher slots).
 */
const HOSTILE_BODY = Buffer.concat([Buffer.from('ok\u0000'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('\u0000end')]);
// The decoder turns the invalid bytes into U+FFFD; the NULs become U+FFFD when stored.
const RECORDED_BODY = 'ok\uFFFD\uFFFD\uFFFD\uFFFD\uFFFDend';

describe('a receiver that answers with bytes PostgreSQL cannot store', () => {
  let server: TestApp;
  let dispatcher: Dispatcher;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    server = await startTestApp();
    // A lease is the timeout plus a second: an unrecordable attempt's lease runs out well
    // within the wait and the delivery is taken again, so the old behaviour shows as more
    // requests than attempts. Two seconds, not less: a loaded machine must not time out.
    dispatcher = await startDispatcher(server, { env: { WEBHOOK_MAX_ATTEMPTS: '3', WEBHOOK_TIMEOUT_MS: '2000' } });
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });
  afterAll(async () => {
    await dispatcher.stop();
    await server.close();
  });

  it('records a successful attempt with the answer made storable, and moves on to the next delivery', async () => {
    const seller = await createTestSeller(server.orm);
    const receiver = await startReceiver(() => ({ status: 200, body: HOSTILE_BODY }));
    receivers.push(receiver);
    await subscribe(server, seller, { url: receiver.url, events: ['pedido.criado'] });

    await emit(server.orm, seller.id, [
      { type: 'pedido.criado', aggregateId: 'o-1' },
      { type: 'pedido.criado', aggregateId: 'o-1' },
    ]);
    const deliveries = await settledDeliveries(server, seller, 2);

    expect(deliveries.map((delivery) => [delivery.status, delivery.attemptCount])).toEqual([
      ['succeeded', 1],
      ['succeeded', 1],
    ]);
    expect(deliveries[0]!.attempts).toEqual([expect.objectContaining({ statusCode: 200, error: null, responseBody: RECORDED_BODY })]);
    // One request per delivery: none was sent again for want of a recorded attempt.
    expect(receiver.requests).toHaveLength(2);
  });

  it('records every failed attempt and gives up after the configured number, not retrying forever', async () => {
    const seller = await createTestSeller(server.orm);
    const receiver = await startReceiver(() => ({ status: 500, body: HOSTILE_BODY }));
    receivers.push(receiver);
    await subscribe(server, seller, { url: receiver.url, events: ['pedido.criado'] });

    await emit(server.orm, seller.id, [{ type: 'pedido.criado', aggregateId: 'o-2' }]);
    const [delivery] = await settledDeliveries(server, seller, 1);

    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 3 });
    expect(delivery!.attempts.map((attempt) => [attempt.number, attempt.statusCode, attempt.responseBody])).toEqual(
      [1, 2, 3].map((number) => [number, 500, RECORDED_BODY]),
    );
    expect(receiver.requests).toHaveLength(3);
  });

  it('does the same for a per-product receiver (logistics)', async () => {
    const seller = await orderSeller(server);
    const receiver = await startProductReceiver({ status: () => 500, body: () => HOSTILE_BODY });
    try {
      const app = await createTestApplication(server.orm, { installedBy: [seller] });
      const registered = await fetch(`${server.url}/logistica/api/v1/webhook/novo`, {
        method: 'POST',
        headers: app.headers,
        body: JSON.stringify({ url: `${receiver.url}/hook`, events: ['chatTransportadora'] }),
      });
      expect(registered.status).toBe(201);
      const orderId = (await createOrder(server, seller)).body.id as string;
      await gql(server, seller, `mutation ($orderId: ID!) { postCarrierChatMessage(input: {orderId: $orderId, sender: seller, message: "Oi"}) { message { id } } }`, { orderId });

      // The application's own log: a seller's no longer shows its per-product deliveries.
      const [delivery] = await settledDeliveries(server, app, 1, { log: '/logistica' });
      // The logistics product's own rule: 5 attempts in all.
      expect(delivery).toMatchObject({ event: 'chatTransportadora', status: 'failed', attemptCount: 5 });
      expect(delivery!.attempts.every((attempt) => attempt.responseBody === RECORDED_BODY && attempt.statusCode === 500)).toBe(true);
      expect(receiver.requests).toHaveLength(5);
    } finally {
      await receiver.close();
    }
  });
});
