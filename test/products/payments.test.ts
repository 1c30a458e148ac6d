import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { recordedEvents } from '../support/catalog.js';
import { addPayment, createOrder, orderBody, orderSeller } from '../orders/fixtures.js';
import { gql, gqlErrorCode } from './fixtures.js';

const CLOSE = `mutation ($input: CloseSettlementCycleInput!) {
  closeSettlementCycle(input: $input) { id periodStart periodEnd gross fees net feePercent payoutDate paymentCount entries { payment order amount fee } } }`;
const CYCLES = `{ settlementCycles(first: 10) { edges { node { id gross } } } }`;

describe('payments: settlement cycles', () => {
  let server: TestApp;
  let seller: TestSeller;
  let other: TestSeller;

  beforeAll(async () => {
    server = await startTestApp({ env: { SETTLEMENT_FEE_PERCENT: '2.50', SETTLEMENT_PAYOUT_DAYS: '30' } });
    seller = await orderSeller(server);
    other = await orderSeller(server);
  });
  afterAll(() => server.close());

  const pay = async (target: TestSeller, amount: string, paidAt: string, status = 'approved') => {
    const order = (await createOrder(server, target, orderBody())).body;
    const reply = await addPayment(server, target, order.id, { method: 'pix', status, amount, paidAt });
    return { orderId: order.id, paymentId: reply.body.payments.at(-1).id as string };
  };

  it('settles the approved payments of the period once, with the fee rule, and records ciclo.criado', async () => {
    const inside = await pay(seller, '120.00', '2026-01-10T12:00:00.000Z');
    const small = await pay(seller, '0.20', '2026-01-31T23:59:59.000Z');
    await pay(seller, '50.00', '2026-01-15T00:00:00.000Z', 'refused');
    await pay(seller, '70.00', '2026-02-01T00:00:00.000Z'); // the period's end is exclusive
    await pay(other, '999.00', '2026-01-10T12:00:00.000Z'); // another seller's

    const input = { periodStart: '2026-01-01T00:00:00.000Z', periodEnd: '2026-02-01T00:00:00.000Z' };
    const { closeSettlementCycle: cycle } = await gql(server, seller, CLOSE, { input });
    expect(cycle).toMatchObject({
      ...input,
      gross: '120.20',
      fees: '3.01',
      net: '117.19',
      feePercent: '2.50',
      payoutDate: '2026-03-03',
      paymentCount: 2,
    });
    expect(cycle.entries).toEqual([
      { payment: inside.paymentId, order: inside.orderId, amount: '120.00', fee: '3.00' },
      { payment: small.paymentId, order: small.orderId, amount: '0.20', fee: '0.01' },
    ]);

    const events = await recordedEvents(server.orm, seller.id, 'ciclo.criado');
    expect(events.map((row) => row.payload)).toEqual([
      {
        cycleId: cycle.id,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        gross: '120.20',
        fees: '3.01',
        net: '117.19',
        feePercent: '2.50',
        payoutDate: '2026-03-03',
        paymentCount: 2,
        currency: 'BRL',
      },
    ]);
    expect(await recordedEvents(server.orm, other.id, 'ciclo.criado')).toEqual([]);
    expect((await gql(server, seller, CYCLES)).settlementCycles.edges).toEqual([{ node: { id: cycle.id, gross: '120.20' } }]);
    expect((await gql(server, other, CYCLES)).settlementCycles.edges).toEqual([]);
  });

  it('refuses overlapping, inverted and unfinished periods', async () => {
    const overlap = { periodStart: '2026-01-31T00:00:00.000Z', periodEnd: '2026-02-02T00:00:00.000Z' };
    expect(await gqlErrorCode(server, seller, CLOSE, { input: overlap })).toBe('CONFLICT');
    const inverted = { periodStart: '2026-03-01T00:00:00.000Z', periodEnd: '2026-02-02T00:00:00.000Z' };
    expect(await gqlErrorCode(server, seller, CLOSE, { input: inverted })).toBe('VALIDATION_FAILED');
    const future = { periodStart: '2026-02-01T00:00:00.000Z', periodEnd: '2999-01-01T00:00:00.000Z' };
    expect(await gqlErrorCode(server, seller, CLOSE, { input: future })).toBe('VALIDATION_FAILED');
    expect(await recordedEvents(server.orm, seller.id, 'ciclo.criado')).toHaveLength(1);
  });

  it('closes concurrent adjacent-and-overlapping requests one at a time', async () => {
    const input = { periodStart: '2026-02-01T00:00:00.000Z', periodEnd: '2026-02-08T00:00:00.000Z' };
    const results = await Promise.all([1, 2, 3].map(() => gqlErrorCode(server, seller, CLOSE, { input })));
    expect(results.filter((code) => code === undefined)).toHaveLength(1);
    expect(results.filter((code) => code === 'CONFLICT')).toHaveLength(2);
  });
});
