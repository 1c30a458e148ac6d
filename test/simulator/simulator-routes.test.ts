import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestApp } from '../../src/http/rest.js';
import { isValidCpf, isValidUf } from '../../src/orders/brazilian-documents.js';
import { call, createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { recordedEvents } from '../support/catalog.js';
import { createSandboxTestSeller, SANDBOX_CATALOGUE } from '../support/sandbox.js';

const SKUS: string[] = SANDBOX_CATALOGUE.map((entry) => entry.sku);

/**
 * Every method and path the server registered, read from Fastify's route tree (each line a
 * node: its segment after its ancestors', and its methods). HEAD, GET's automatic twin, is left out.
 */
function registeredRoutes(app: RestApp): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const ancestors: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = line.match(/^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]+)\))?$/);
    if (!node) continue;
    ancestors.length = node[1]!.length / 4;
    ancestors.push(node[2]!);
    for (const method of node[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, path: ancestors.join('') });
  }
  return routes;
}

async function stockOf(server: TestApp, seller: TestSeller, sku: string) {
  return (await call(server, seller, 'GET', `/estoque/${sku}`)).body as { onHand: number; reserved: number; available: number };
}

describe('the simulated marketplace (REST)', () => {
  let server: TestApp;
  let sandbox: TestSeller;
  let live: TestSeller;

  beforeAll(async () => {
    server = await startTestApp();
    sandbox = await createSandboxTestSeller(server.orm);
    live = await createTestSeller(server.orm, { name: 'Live seller' });
  });
  afterAll(async () => server?.close());

  it('gives sandbox sellers ponte_sk_test_ tokens and says so in viewer', async () => {
    expect(sandbox.token).toMatch(/^ponte_sk_test_[A-Za-z0-9_-]{43}$/);
    expect(live.token).toMatch(/^ponte_sk_[A-Za-z0-9_-]{43}$/);
    const query = '{ viewer { sandbox seller { id } } }';
    expect((await graphql(server.url, query, { headers: sandbox.headers })).body.data).toEqual({ viewer: { sandbox: true, seller: { id: sandbox.id } } });
    expect((await graphql(server.url, query, { headers: live.headers })).body.data).toEqual({ viewer: { sandbox: false, seller: { id: live.id } } });
  });

  it('places realistic orders against the stock published to simulador', async () => {
    const before = await Promise.all(SKUS.map((sku) => stockOf(server, sandbox, sku)));
    const { status, body } = await call(server, sandbox, 'POST', '/simulador/pedidos', { count: 12 });
    expect(status).toBe(201);
    expect(body.orders).toHaveLength(12);
    for (const order of body.orders) {
      expect(order.channel).toBe('simulador');
      expect(order.externalId).toMatch(/^SIM-\d{14}$/);
      expect(isValidCpf(order.customer.document)).toBe(true);
      expect(isValidUf(order.deliveryAddress.state)).toBe(true);
      expect(order.deliveryAddress.postalCode).toMatch(/^\d{8}$/);
      expect(order.items.length).toBeGreaterThan(0);
      for (const item of order.items) {
        const entry = SANDBOX_CATALOGUE.find((candidate) => candidate.sku === item.sku)!;
        expect(item.unitPrice).toBe(entry.price);
      }
      const paid = order.payments.filter((payment: { status: string }) => payment.status === 'approved').reduce((sum: number, payment: { amount: string }) => sum + Number(payment.amount), 0);
      expect(order.status).toBe(paid >= Number(order.amounts.total) - 0.001 ? 'aprovado' : 'pendente');
    }
    // Reserved, as a channel's order reserves.
    const units = (sku: string) => body.orders.flatMap((order: any) => order.items).filter((item: any) => item.sku === sku).reduce((sum: number, item: any) => sum + item.quantity, 0);
    const after = await Promise.all(SKUS.map((sku) => stockOf(server, sandbox, sku)));
    SKUS.forEach((sku, index) => expect(after[index]!.reserved - before[index]!.reserved).toBe(units(sku)));
    expect((await recordedEvents(server.orm, sandbox.id, 'pedido.criado')).length).toBeGreaterThanOrEqual(12);
  });

  it('sells only the SKUs asked for, and says which ones are not on sale', async () => {
    const { status, body } = await call(server, sandbox, 'POST', '/simulador/pedidos', { count: 2, skus: ['MOCHILA'] });
    expect(status).toBe(201);
    expect(body.orders.flatMap((order: any) => order.items.map((item: any) => item.sku))).toEqual(expect.arrayContaining(['MOCHILA']));
    expect(new Set(body.orders.flatMap((order: any) => order.items.map((item: any) => item.sku)))).toEqual(new Set(['MOCHILA']));
    const refused = await call(server, sandbox, 'POST', '/simulador/pedidos', { skus: ['MOCHILA', 'NAO-EXISTE'] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: '/skus/1', in: 'body' })]);
    expect((await call(server, sandbox, 'POST', '/simulador/pedidos', { count: 0 })).status).toBe(422);
    expect((await call(server, sandbox, 'POST', '/simulador/pedidos', { count: 51 })).status).toBe(422);
  });

  it('places only orders waiting for their payment when asked (pending: true), over REST and GraphQL', async () => {
    // A quarter of the usual mix waits: eight of eight waiting by chance is 1 in 65 536.
    const { status, body } = await call(server, sandbox, 'POST', '/simulador/pedidos', { count: 8, pending: true });
    expect(status).toBe(201);
    expect(body.orders).toHaveLength(8);
    for (const order of body.orders) {
      expect(order.status).toBe('pendente');
      expect(order.payments).toEqual([expect.objectContaining({ method: 'boleto', status: 'pending', amount: order.amounts.total })]);
    }
    const placed = await graphql<any>(server.url, 'mutation { simulateOrders(input: { count: 8, pending: true }) { orders { status } } }', { headers: sandbox.headers });
    expect(placed.body.data.simulateOrders.orders).toEqual(Array.from({ length: 8 }, () => ({ status: 'pendente' })));
    const refused = await call(server, sandbox, 'POST', '/simulador/pedidos', { pending: 'yes' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: '/pending', in: 'body' })]);
  });

  it('pays a waiting order and cancels one as the marketplace would', async () => {
    const { body } = await call(server, sandbox, 'POST', '/simulador/pedidos', { count: 20 });
    const waiting = body.orders.find((order: any) => order.status === 'pendente');
    const approved = body.orders.find((order: any) => order.status === 'aprovado');
    expect(waiting && approved).toBeTruthy();

    const paid = await call(server, sandbox, 'POST', `/simulador/pedidos/${waiting.id}/pagamento`);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('aprovado');
    expect(paid.body.payments.every((payment: { status: string }) => payment.status === 'approved')).toBe(true);
    const again = await call(server, sandbox, 'POST', `/simulador/pedidos/${waiting.id}/pagamento`);
    expect(again).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION' } });

    const reservedBefore = await stockOf(server, sandbox, approved.items[0].sku);
    const cancelled = await call(server, sandbox, 'POST', `/simulador/pedidos/${approved.id}/cancelamento`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelado', cancellationReason: 'Cancelled by the buyer on simulador' });
    expect(cancelled.body.payments.map((payment: { status: string }) => payment.status)).toEqual(approved.payments.map(() => 'refunded'));
    const reservedAfter = await stockOf(server, sandbox, approved.items[0].sku);
    expect(reservedBefore.reserved - reservedAfter.reserved).toBe(
      approved.items.filter((item: any) => item.sku === approved.items[0].sku).reduce((sum: number, item: any) => sum + item.quantity, 0),
    );
    const refunds = (await recordedEvents(server.orm, sandbox.id, 'pagamento.alterado')).filter((event) => event.payload.orderId === approved.id && event.payload.status === 'refunded');
    expect(refunds).toHaveLength(approved.payments.length);
  });

  it('acts only on its own orders: another channel\'s is a conflict, another seller\'s is not found', async () => {
    const own = await call(server, sandbox, 'POST', '/pedidos', {
      channel: 'loja',
      externalId: 'LOJA-1',
      customer: { name: 'Maria Silva', document: '529.982.247-25' },
      deliveryAddress: { recipient: 'Maria', street: 'Rua A', number: '1', district: 'Centro', city: 'São Paulo', state: 'SP', postalCode: '01001-000' },
      items: [{ sku: 'CANECA', quantity: 1, unitPrice: '49.90' }],
    });
    expect(own.status).toBe(201);
    expect(await call(server, sandbox, 'POST', `/simulador/pedidos/${own.body.id}/pagamento`)).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect((await call(server, sandbox, 'POST', '/simulador/pedidos/0190a0a0-0000-7000-8000-000000000000/pagamento')).status).toBe(404);
    expect((await call(server, sandbox, 'POST', '/simulador/pedidos/not-a-uuid/cancelamento', {})).status).toBe(404);
  });

  it('keeps a schedule, validated', async () => {
    expect(await call(server, sandbox, 'GET', '/simulador/agenda')).toEqual({
      status: 200,
      body: { ordersPerMinute: 0, payRate: 0, cancelRate: 0, running: false, nextRunAt: null },
    });
    const set = await call(server, sandbox, 'PUT', '/simulador/agenda', { ordersPerMinute: 0, payRate: 0.5, cancelRate: 0.25 });
    expect(set).toEqual({ status: 200, body: { ordersPerMinute: 0, payRate: 0.5, cancelRate: 0.25, running: false, nextRunAt: null } });
    for (const bad of [{ ordersPerMinute: -1, payRate: 0, cancelRate: 0 }, { ordersPerMinute: 601, payRate: 0, cancelRate: 0 }, { ordersPerMinute: 1, payRate: 1.5, cancelRate: 0 }, { ordersPerMinute: 1, payRate: 0 }]) {
      expect((await call(server, sandbox, 'PUT', '/simulador/agenda', bad)).status).toBe(422);
    }
  });

  it('refuses a live seller on every /simulador path, whatever it sends, and changes nothing', async () => {
    const { body: order } = await call(server, live, 'GET', '/pedidos');
    const eventsBefore = (await recordedEvents(server.orm, live.id)).length;
    const id = '0190a0a0-0000-7000-8000-000000000000';
    const routes = registeredRoutes(server.app).filter((route) => route.path.startsWith('/simulador'));
    expect(routes).toEqual(expect.arrayContaining([{ method: 'POST', path: '/simulador/pedidos' }, { method: 'POST', path: '/simulador/pedidos/:id/pagamento' }, { method: 'DELETE', path: '/simulador/dados' }]));
    // Each with a plausible body, a malformed one and none: refused before the body is read.
    const bodies: unknown[] = [{ count: 1, ordersPerMinute: 60, payRate: 1, cancelRate: 0, evento: 'pedido.criado' }, { count: 'many', evento: 'no.such' }, undefined];
    const requests = routes.flatMap(({ method, path }) =>
      (method === 'GET' || method === 'DELETE' ? [undefined] : bodies).map((body) => [method, path.replace(/:\w+/g, id), body] as const),
    );
    for (const [method, path, body] of requests) {
      const reply = await call(server, live, method, path, body);
      expect({ method, path, status: reply.status, code: reply.body.code }).toEqual({ method, path, status: 403, code: 'FORBIDDEN' });
    }
    expect((await call(server, live, 'GET', '/pedidos')).body).toEqual(order);
    expect((await recordedEvents(server.orm, live.id)).length).toBe(eventsBefore);
  });

  it('keeps a sandbox seller\'s data apart from a live seller\'s', async () => {
    const liveOrder = await call(server, live, 'GET', '/pedidos');
    const sandboxOrders = await call(server, sandbox, 'GET', '/pedidos');
    expect(liveOrder.body.data).toEqual([]);
    const someone = sandboxOrders.body.data[0];
    expect((await call(server, live, 'GET', `/pedidos/${someone.id}`)).status).toBe(404);
    expect((await call(server, live, 'GET', '/produtos')).body.data).toEqual([]);
  });
});
