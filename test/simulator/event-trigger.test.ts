import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interfaceEventNames } from '../../src/events/event-registry.js';
import { TRIGGERABLE_EVENTS } from '../../src/simulator/triggerable-events.js';
import { call, createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { recordedEvents } from '../support/catalog.js';
import { createSandboxTestSeller } from '../support/sandbox.js';

describe('triggering events in the sandbox', () => {
  let server: TestApp;
  let sandbox: TestSeller;
  let live: TestSeller;

  beforeAll(async () => {
    server = await startTestApp();
    sandbox = await createSandboxTestSeller(server.orm);
    live = await createTestSeller(server.orm, { name: 'Live seller' });
  });
  afterAll(async () => server?.close());

  it('can trigger every event the webhooks interface offers', () => {
    expect(interfaceEventNames().filter((name) => !(TRIGGERABLE_EVENTS as readonly string[]).includes(name))).toEqual([]);
  });

  it.each([...TRIGGERABLE_EVENTS])('%s: makes the change that records it, and says what it did', async (evento) => {
    const before = (await recordedEvents(server.orm, sandbox.id, evento)).length;
    // Twice: the second time starts from what the first left (an order already paid, a promotion on).
    for (const time of [1, 2]) {
      const { status, body } = await call(server, sandbox, 'POST', '/simulador/eventos', { evento });
      expect({ time, status }).toEqual({ time, status: 201 });
      expect(body).toEqual({ evento, summary: expect.any(String) });
      expect(body.summary.length).toBeGreaterThan(10);
      expect((await recordedEvents(server.orm, sandbox.id, evento)).length).toBeGreaterThan(before + time - 1);
    }
  });

  it('needs the scope of the change it makes', async () => {
    const reader = await createSandboxTestSeller(server.orm, { name: 'Reader', scopes: ['orders:read', 'orders:write'] });
    expect(await call(server, reader, 'POST', '/simulador/eventos', { evento: 'estoque.alterado' })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await call(server, reader, 'POST', '/simulador/eventos', { evento: 'pedido.criado' })).status).toBe(201);
    expect(await call(server, sandbox, 'POST', '/simulador/eventos', { evento: 'aplicativo.removido' })).toMatchObject({ status: 422 });
    expect(await call(server, sandbox, 'POST', '/simulador/eventos', { evento: 'x'.repeat(10_000) })).toMatchObject({ status: 422 });
  });

  it('has GraphQL twins, refused to a live seller with FORBIDDEN', async () => {
    const simulate = 'mutation { simulateOrders(input: { count: 2 }) { orders { id channel status } } }';
    const placed = await graphql<any>(server.url, simulate, { headers: sandbox.headers });
    expect(placed.body.data.simulateOrders.orders).toHaveLength(2);
    const trigger = 'mutation($evento: EventType!) { triggerEvent(input: { evento: $evento }) { evento summary } }';
    expect((await graphql<any>(server.url, trigger, { headers: sandbox.headers, variables: { evento: 'pedido_criado' } })).body.data.triggerEvent.evento).toBe('pedido.criado');
    const wipe = 'mutation($confirm: Boolean!) { wipeSandboxData(input: { confirm: $confirm }) { orders events deliveries } }';
    expect((await graphql<any>(server.url, wipe, { headers: sandbox.headers, variables: { confirm: false } })).body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    const schedule = 'mutation { setSimulatorSchedule(input: { ordersPerMinute: 0, payRate: 0.5, cancelRate: 0 }) { schedule { running payRate } } }';
    expect((await graphql<any>(server.url, schedule, { headers: sandbox.headers })).body.data.setSimulatorSchedule.schedule).toEqual({ running: false, payRate: 0.5 });

    // The marketplace's payment and cancellation, on the sandbox seller's own orders.
    const more = await graphql<any>(server.url, 'mutation { simulateOrders(input: { count: 20 }) { orders { id status } } }', { headers: sandbox.headers });
    const waiting = more.body.data.simulateOrders.orders.find((order: { status: string }) => order.status === 'pendente');
    const other = more.body.data.simulateOrders.orders.find((order: { id: string }) => order.id !== waiting.id);
    const pay = 'mutation($id: ID!) { simulatePayment(input: { orderId: $id }) { order { id status payments { status } } } }';
    const paid = await graphql<any>(server.url, pay, { headers: sandbox.headers, variables: { id: waiting.id } });
    expect(paid.body.errors).toBeUndefined();
    expect(paid.body.data.simulatePayment.order).toMatchObject({ id: waiting.id, status: 'aprovado' });
    expect(paid.body.data.simulatePayment.order.payments.every((payment: { status: string }) => payment.status === 'approved')).toBe(true);
    const cancel = 'mutation($id: ID!) { simulateCancellation(input: { orderId: $id, reason: "Changed my mind" }) { order { id status cancellationReason } } }';
    const cancelled = await graphql<any>(server.url, cancel, { headers: sandbox.headers, variables: { id: other.id } });
    expect(cancelled.body.errors).toBeUndefined();
    expect(cancelled.body.data.simulateCancellation.order).toEqual({ id: other.id, status: 'cancelado', cancellationReason: 'Changed my mind' });

    const orderId = placed.body.data.simulateOrders.orders[0].id;
    const operations = [
      simulate,
      `mutation { simulatePayment(input: { orderId: "${orderId}" }) { order { id } } }`,
      `mutation { simulateCancellation(input: { orderId: "${orderId}" }) { order { id } } }`,
      schedule,
      'mutation { wipeSandboxData(input: { confirm: true }) { orders } }',
      'mutation { triggerEvent(input: { evento: pedido_criado }) { summary } }',
      '{ simulatorSchedule { running } }',
    ];
    for (const operation of operations) {
      const { body } = await graphql<any>(server.url, operation, { headers: live.headers });
      expect({ operation, code: body.errors?.[0]?.extensions?.code }).toEqual({ operation, code: 'FORBIDDEN' });
    }
    expect((await call(server, sandbox, 'GET', `/pedidos/${orderId}`)).body.status).not.toBe('cancelado');
  });
});
