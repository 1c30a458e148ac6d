import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { recordedEvents } from '../support/catalog.js';
import { addPayment, createOrder, orderBody, orderSeller } from '../orders/fixtures.js';
import { gql, gqlErrorCode } from './fixtures.js';

const CLOSE = `mutation ($input: CloseSettlementCycleInput!) {
  closeSettlementCycle(input: $input) { settlementCycle { id periodStart periodEnd gross fees net feePercent payoutDate paymentCount entries { payment order amount fee } } } }`;
const CYCLES = `{ settlementCycles(first: 50) { edges { node { id gross periodStart periodEnd } } } }`;

/** Periods of last year: always over, whatever today is. */
const YEAR = new Date().getUTCFullYear() - 1;
const pad = (n: number) => String(n).padStart(2, '0');
/** An instant of last year. */
const at = (month: number, day: number, time = '00:00:00.000') => `${YEAR}-${pad(month)}-${pad(day)}T${time}Z`;
/** A calendar date `days` after an instant, as payout dates are written. */
const daysAfter = (instant: string, days: number) => new Date(Date.parse(instant) + days * 86_400_000).toISOString().slice(0, 10);
const period = (start: string, end: string) => ({ periodStart: start, periodEnd: end });

describe('payments: settlement cycles', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp({ env: { SETTLEMENT_FEE_PERCENT: '2.50', SETTLEMENT_PAYOUT_DAYS: '30' } });
  });
  afterAll(() => server.close());

  const pay = async (target: TestSeller, amount: string, paidAt: string, status = 'approved') => {
    const order = (await createOrder(server, target, orderBody())).body;
    const reply = await addPayment(server, target, order.id, { method: 'pix', status, amount, paidAt });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return { orderId: order.id, paymentId: reply.body.payments.at(-1).id as string };
  };
  const close = (seller: TestSeller, input: { periodStart: string; periodEnd: string }) => gql(server, seller, CLOSE, { input }).then((data) => data.closeSettlementCycle.settlementCycle);
  const closeCode = (seller: TestSeller, input: { periodStart: string; periodEnd: string }) => gqlErrorCode(server, seller, CLOSE, { input });
  const cyclesOf = async (seller: TestSeller) =>
    ((await gql(server, seller, CYCLES)).settlementCycles.edges as { node: { periodStart: string; periodEnd: string } }[]).map((edge) => edge.node);

  it('settles the approved payments of the period once, with the fee rule, and records ciclo.criado', async () => {
    const seller = await orderSeller(server);
    const other = await orderSeller(server);
    const inside = await pay(seller, '120.00', at(1, 10, '12:00:00.000'));
    const small = await pay(seller, '0.20', at(1, 31, '23:59:59.000'));
    await pay(seller, '50.00', at(1, 15), 'refused');
    await pay(seller, '70.00', at(2, 1)); // the period's end is exclusive
    await pay(other, '999.00', at(1, 10, '12:00:00.000')); // another seller's

    const input = period(at(1, 1), at(2, 1));
    const cycle = await close(seller, input);
    const payoutDate = daysAfter(input.periodEnd, 30);
    expect(cycle).toMatchObject({ ...input, gross: '120.20', fees: '3.01', net: '117.19', feePercent: '2.50', payoutDate, paymentCount: 2 });
    expect(cycle.entries).toEqual([
      { payment: inside.paymentId, order: inside.orderId, amount: '120.00', fee: '3.00' },
      { payment: small.paymentId, order: small.orderId, amount: '0.20', fee: '0.01' },
    ]);

    const events = await recordedEvents(server.orm, seller.id, 'ciclo.criado');
    expect(events.map((row) => row.payload)).toEqual([
      {
        idCiclo: cycle.id,
        inicioPeriodo: input.periodStart,
        fimPeriodo: input.periodEnd,
        valorBruto: '120.20',
        taxas: '3.01',
        valorLiquido: '117.19',
        percentualTaxa: '2.50',
        dataRepasse: payoutDate,
        quantidadePagamentos: 2,
        moeda: 'BRL',
      },
    ]);
    expect(await recordedEvents(server.orm, other.id, 'ciclo.criado')).toEqual([]);
    expect((await gql(server, seller, CYCLES)).settlementCycles.edges).toEqual([{ node: { id: cycle.id, gross: '120.20', ...input } }]);
    expect((await gql(server, other, CYCLES)).settlementCycles.edges).toEqual([]);
  });

  it('refuses overlapping, inverted and unfinished periods', async () => {
    const seller = await orderSeller(server);
    await close(seller, period(at(1, 1), at(2, 1)));
    expect(await closeCode(seller, period(at(1, 31), at(2, 2)))).toBe('CONFLICT');
    expect(await closeCode(seller, period(at(1, 15), at(1, 16)))).toBe('CONFLICT');
    expect(await closeCode(seller, period(at(3, 1), at(2, 2)))).toBe('VALIDATION_FAILED');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(await closeCode(seller, period(at(2, 1), tomorrow))).toBe('VALIDATION_FAILED');
    expect(await recordedEvents(server.orm, seller.id, 'ciclo.criado')).toHaveLength(1);
  });

  it('closes periods adjacent on either side, and a payment at the shared instant settles in the later one only', async () => {
    const seller = await orderSeller(server);
    const atBoundary = await pay(seller, '10.00', at(3, 1));
    const february = await close(seller, period(at(2, 1), at(3, 1)));
    const march = await close(seller, period(at(3, 1), at(3, 8)));
    const before = await close(seller, period(at(1, 25), at(2, 1)));
    expect(february.entries).toEqual([]);
    expect(march.entries).toEqual([{ payment: atBoundary.paymentId, order: atBoundary.orderId, amount: '10.00', fee: '0.25' }]);
    expect(before.paymentCount).toBe(0);
    expect(await cyclesOf(seller)).toHaveLength(3);
  });

  it('closes concurrent requests one at a time: never two overlapping cycles', async () => {
    const seller = await orderSeller(server);
    const same = period(at(2, 1), at(2, 8));
    const identical = await Promise.all([1, 2, 3].map(() => closeCode(seller, same)));
    expect(identical.filter((code) => code === undefined)).toHaveLength(1);
    expect(identical.filter((code) => code === 'CONFLICT')).toHaveLength(2);

    // Adjacent and overlapping requests at once: whichever order they run in, the
    // cycles stored never overlap and every refusal is a CONFLICT.
    const requests = [period(at(2, 8), at(2, 15)), period(at(2, 8), at(2, 15)), period(at(2, 15), at(2, 22)), period(at(2, 12), at(2, 18))];
    const codes = await Promise.all(requests.map((input) => closeCode(seller, input)));
    expect(codes.every((code) => code === undefined || code === 'CONFLICT')).toBe(true);
    const cycles = (await cyclesOf(seller)).sort((a, b) => a.periodStart.localeCompare(b.periodStart));
    expect(cycles).toHaveLength(1 + codes.filter((code) => code === undefined).length);
    cycles.slice(1).forEach((cycle, index) => expect(cycle.periodStart >= cycles[index]!.periodEnd, JSON.stringify(cycles)).toBe(true));
  });
});
