import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { changeStatus, createOrder, MOVE_TO, orderSeller } from '../orders/fixtures.js';
import { startDispatcher, subscribe } from './fixtures.js';
import { startReceiver } from './receiver.js';

describe('webhooks from real writes', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('delivers an order created and cancelled over REST, signed and in commit order', async () => {
    const seller = await orderSeller(server);
    const hook = await startReceiver();
    const created = await subscribe(server, seller, { url: hook.url, events: ['pedido.criado', 'pedido.status_alterado'] });
    hook.secrets = [created.secret];
    const dispatcher = await startDispatcher(server);
    try {
      const order = await createOrder(server, seller);
      expect(order.status).toBe(201);
      expect((await changeStatus(server, seller, order.body.id, MOVE_TO.cancelado!)).status).toBe(200);

      await hook.waitFor((requests) => requests.length === 2);
      expect(hook.requests.map((request) => request.envelope.evento)).toEqual(['pedido.criado', 'pedido.status_alterado']);
      expect(hook.requests[0]!.envelope.data).toMatchObject({ id: order.body.id, status: 'pendente' });
      expect(hook.requests[1]!.envelope.data).toMatchObject({ orderId: order.body.id, from: 'pendente', to: 'cancelado' });
      expect(hook.requests.every((request) => request.verifiedWith.length === 1)).toBe(true);
    } finally {
      await dispatcher.stop();
      await hook.close();
    }
  });
});
