import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkForSeller } from '../../src/db/orm.js';
import { OutboxEvent } from '../../src/events/outbox-event.entity.js';
import { startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { ACCESS_KEY, MOVE_TO, addPayment, approvedPayment, call, changeStatus, orderIn, orderSeller } from './fixtures.js';

// The status machine as docs/orders.md states it, written out here rather than read from
// src/: a wrong table in the code must fail these tests, not be copied into them.
const STATUSES = ['pendente', 'aprovado', 'faturado', 'enviado', 'entregue', 'cancelado'] as const;
type Status = (typeof STATUSES)[number];
const ALLOWED: Record<Status, Status[]> = {
  pendente: ['aprovado', 'cancelado'],
  aprovado: ['faturado', 'cancelado'],
  faturado: ['enviado', 'cancelado'],
  enviado: ['entregue'],
  entregue: [],
  cancelado: [],
};
/** What PATCH may ask for: aprovado only ever comes from a payment. */
const MANUAL_TARGETS = ['faturado', 'enviado', 'entregue', 'cancelado'] as const;
const canTransition = (from: Status, to: Status) => ALLOWED[from].includes(to);

describe('PATCH /pedidos/{id}/status and POST /pedidos/{id}/pagamentos', () => {
  let server: TestApp;
  let seller: TestSeller;
  beforeAll(async () => {
    server = await startTestApp();
    seller = await orderSeller(server);
  });
  afterAll(() => server.close());

  const eventsOf = (orderId: string, type: string) =>
    forkForSeller(server.orm, seller.id).find(OutboxEvent, { aggregateId: orderId, type }, { orderBy: { sequence: 'asc' } });

  describe.each(STATUSES)('from %s', (from) => {
    for (const to of MANUAL_TARGETS) {
      if (canTransition(from, to)) {
        it(`moves to ${to}, appends the history and records pedido.status_alterado`, async () => {
          const order = await orderIn(server, seller, from);
          const { status, body } = await changeStatus(server, seller, order.id, { ...MOVE_TO[to], note: `to ${to}` });
          expect(status).toBe(200);
          expect(body.status).toBe(to);
          expect(body.statusHistory.map((entry: { status: string }) => entry.status)).toEqual([
            ...order.statusHistory.map((entry: { status: string }) => entry.status),
            to,
          ]);
          const last = body.statusHistory.at(-1);
          expect(last).toEqual({ status: to, at: body.updatedAt, note: `to ${to}` });
          const events = await eventsOf(order.id, 'pedido.status_alterado');
          expect(events.at(-1)!.payload).toEqual({ orderId: order.id, number: order.number, from, to, at: body.updatedAt, note: `to ${to}` });
        });
      } else {
        it(`refuses ${to} with 409 INVALID_TRANSITION listing the allowed moves, changing nothing`, async () => {
          const order = await orderIn(server, seller, from);
          const { status, body } = await changeStatus(server, seller, order.id, MOVE_TO[to]!);
          expect(status).toBe(409);
          expect(body).toMatchObject({ code: 'INVALID_TRANSITION', from, to, allowed: ALLOWED[from] });
          expect((await call(server, seller, 'GET', `/pedidos/${order.id}`)).body).toEqual(order);
          expect(await eventsOf(order.id, 'pedido.status_alterado')).toHaveLength(order.statusHistory.length - 1);
        });
      }
    }

    it(canTransition(from, 'aprovado') ? 'moves to aprovado when approved payments cover the total' : 'keeps its status when a payment arrives', async () => {
      const order = await orderIn(server, seller, from);
      const { status, body } = await addPayment(server, seller, order.id, approvedPayment(order.amounts.total));
      expect(status).toBe(201);
      expect(body.status).toBe(canTransition(from, 'aprovado') ? 'aprovado' : from);
      expect(body.payments).toHaveLength(order.payments.length + 1);
    });
  });

  it('accepts only the four documented targets', async () => {
    const order = await orderIn(server, seller, 'pendente');
    for (const status of ['aprovado', 'pendente', 'devolvido']) {
      const { status: code, body } = await changeStatus(server, seller, order.id, { status });
      expect(code).toBe(422);
      expect(body.errors[0]).toMatchObject({ path: '/status', in: 'body' });
    }
  });

  it('requires an invoice with a valid access key, a shipment and a reason, and nothing beyond the target\'s own', async () => {
    const order = await orderIn(server, seller, 'aprovado');
    const wrongKey = `${ACCESS_KEY.slice(0, 43)}${(Number(ACCESS_KEY[43]) + 1) % 10}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 'faturado' }, '/invoice'],
      [{ status: 'faturado', invoice: { number: '1', series: '1', accessKey: wrongKey } }, '/invoice/accessKey'],
      [{ status: 'enviado' }, '/shipment'],
      [{ status: 'cancelado' }, '/reason'],
      [{ status: 'entregue', reason: 'x' }, '/reason'],
    ];
    for (const [body, path] of cases) {
      const reply = await changeStatus(server, seller, order.id, body);
      expect(reply.status, path).toBe(422);
      expect(reply.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    const invoiced = await changeStatus(server, seller, order.id, MOVE_TO.faturado!);
    expect(invoiced.body.invoice).toEqual({ number: '123', series: '1', accessKey: ACCESS_KEY });
    const shipped = await changeStatus(server, seller, order.id, {
      status: 'enviado',
      shipment: { carrier: 'Jadlog', trackingCode: 'JD1', trackingUrl: 'https://example.com/t/JD1' },
    });
    expect(shipped.body.shipment).toEqual({ carrier: 'Jadlog', trackingCode: 'JD1', trackingUrl: 'https://example.com/t/JD1' });
  });

  it('keeps the cancellation reason and uses it as the history note', async () => {
    const order = await orderIn(server, seller, 'pendente');
    const { body } = await changeStatus(server, seller, order.id, { status: 'cancelado', reason: 'out of stock at the carrier' });
    expect(body.cancellationReason).toBe('out of stock at the carrier');
    expect(body.statusHistory.at(-1).note).toBe('out of stock at the carrier');
  });

  it('approves only when approved payments add up to the total, updating a payment resent with its transactionId', async () => {
    const order = await orderIn(server, seller, 'pendente');
    const pending = { method: 'credit_card', status: 'pending', amount: order.amounts.total, transactionId: 'tx-1' };
    const first = await addPayment(server, seller, order.id, pending);
    expect(first.status).toBe(201);
    expect(first.body.status).toBe('pendente');

    const refused = await addPayment(server, seller, order.id, approvedPayment('100.00'));
    expect(refused.body.status).toBe('pendente');

    const confirmed = await addPayment(server, seller, order.id, { ...pending, status: 'approved', paidAt: '2026-01-02T03:04:05Z' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('aprovado');
    expect(confirmed.body.payments).toHaveLength(2);
    expect(confirmed.body.payments[0]).toMatchObject({ transactionId: 'tx-1', status: 'approved', paidAt: '2026-01-02T03:04:05.000Z' });
    expect(confirmed.body.statusHistory.at(-1)).toMatchObject({ status: 'aprovado', note: 'payment confirmed' });

    const paymentEvents = await eventsOf(order.id, 'pagamento.alterado');
    expect(paymentEvents.map((event) => event.payload.status)).toEqual(['pending', 'approved', 'approved']);
    expect(paymentEvents[2]!.payload).toEqual({ orderId: order.id, paymentId: first.body.payments[0].id, status: 'approved', amount: order.amounts.total });
  });

  it('applies concurrent moves of one order one at a time', async () => {
    const order = await orderIn(server, seller, 'aprovado');
    const replies = await Promise.all([
      changeStatus(server, seller, order.id, MOVE_TO.cancelado!),
      changeStatus(server, seller, order.id, MOVE_TO.cancelado!),
      changeStatus(server, seller, order.id, MOVE_TO.faturado!),
    ]);
    // faturado may win first, and faturado → cancelado is allowed, so one or two moves
    // apply; never both cancellations, and every applied move left exactly one event.
    const applied = replies.filter((reply) => reply.status === 200).length;
    expect([replies[0]!.status, replies[1]!.status].sort()).toEqual([200, 409]);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(3 - applied);
    expect(await eventsOf(order.id, 'pedido.status_alterado')).toHaveLength(1 + applied);
    expect((await call(server, seller, 'GET', `/pedidos/${order.id}`)).body.status).toBe('cancelado');
  });

  it('answers 404 for another seller\'s order and for unknown ids', async () => {
    const order = await orderIn(server, seller, 'pendente');
    const other = await orderSeller(server);
    for (const path of [`/pedidos/${order.id}`, '/pedidos/not-a-uuid', '/pedidos/01900000-0000-7000-8000-000000000000']) {
      expect((await call(server, other, 'GET', path)).status).toBe(404);
    }
    const move = await changeStatus(server, other, order.id, MOVE_TO.cancelado!);
    expect(move).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await addPayment(server, other, order.id, approvedPayment())).status).toBe(404);
    expect((await call(server, seller, 'GET', `/pedidos/${order.id}`)).body.status).toBe('pendente');
  });
});
