/**
 * Webhook deliveries: a backlog drained to a local receiver, against a raw undici POST
 * loop to the same receiver; then deliveries while orders are ingested at half the
 * maximum rate, and single orders at rest, as event→receipt latency.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { createBenchDatabase } from '../lib/database.js';
import { load } from '../lib/load.js';
import { orderBody } from '../lib/orders.js';
import { cpuMsOf, startService, type Role } from '../lib/processes.js';
import { startReceiver, type Receiver } from '../lib/receiver.js';
import { percentile, report } from '../lib/report.js';

/** pedido.criado, pagamento.alterado and 3 × estoque.alterado. */
const EVENTS_PER_ORDER = 5;
const BACKLOG_ORDERS = 600;
const STEADY_BACKLOG_ORDERS = 3_000;
const STEADY_WINDOW = [0.2, 0.9] as const;
const RAW_CONCURRENCY = 32;

export async function subscribe(url: string, token: string, receiver: Receiver): Promise<void> {
  const response = await fetch(`${url}/webhooks/assinaturas`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url, events: ['pedido.criado', 'pagamento.alterado', 'estoque.alterado'] }),
  });
  if (response.status !== 201) throw new Error(`subscription refused: ${response.status} ${await response.text()}`);
}

/** The floor: the same number of POSTs of the same size, 32 at a time over keep-alive. */
async function rawLoop(receiver: Receiver, count: number, body: string): Promise<void> {
  const target = new URL(receiver.url);
  const pool = new Pool(target.origin, { connections: RAW_CONCURRENCY });
  let next = 0;
  await Promise.all(
    Array.from({ length: RAW_CONCURRENCY }, async () => {
      while (next++ < count) {
        const response = await pool.request({ method: 'POST', path: target.pathname, body, headers: { 'content-type': 'application/json' } });
        await response.body.dump();
      }
    }),
  );
  await pool.close();
}

/** How many of `times` fall in each `ms`-long interval from the first. */
function perInterval(times: readonly number[], ms: number): number[] {
  const counts: number[] = [];
  for (const time of times) {
    const index = Math.floor((time - times[0]!) / ms);
    while (counts.length <= index) counts.push(0);
    counts[index]!++;
  }
  return counts;
}

/** Receipts per second between the arrivals at fractions `from` and `to` of them. */
function rateBetween(arrivals: readonly number[], from: number, to: number): number {
  const first = Math.floor(from * (arrivals.length - 1));
  const last = Math.ceil(to * (arrivals.length - 1));
  return ((last - first) * 1000) / (arrivals[last]! - arrivals[first]!);
}

/** What one drain and its raw loop measured, as receipt times. */
interface Drained {
  expected: number;
  delivered: boolean;
  /** performance.now() when the dispatcher was spawned. */
  spawnedAt: number;
  arrivals: number[];
  rawArrivals: number[];
  cpuToFirstMs: number;
  cpuPerDeliveryMs: number;
}

/**
 * A backlog of `orders` orders' events, made while no dispatcher runs, then drained by a
 * fresh `ROLE=dispatcher` process; then the raw loop sends as many POSTs of the same size
 * to the same receiver. Answers the orders/s the ingest reached.
 */
async function drain(databaseUrl: string, token: string, orders: number): Promise<{ maxRate: number; drained: Drained }> {
  const receiver = await startReceiver();
  const api = await startService(databaseUrl, 'api');
  try {
    await subscribe(api.url, token, receiver);
    const ingest = await load({ url: api.url, method: 'POST', path: '/pedidos', token, connections: 32, amount: orders, body: () => orderBody() });
    const expected = orders * EVENTS_PER_ORDER;
    const spawnedAt = performance.now();
    const dispatcher = await startService(databaseUrl, 'dispatcher');
    await receiver.waitFor(1, 120_000);
    const cpuAtFirst = cpuMsOf(dispatcher.pid);
    const delivered = await receiver.waitFor(expected, 120_000);
    const cpuAtLast = cpuMsOf(dispatcher.pid);
    const arrivals = receiver.arrivals;
    await dispatcher.stop();
    receiver.arrivals = [];
    await rawLoop(receiver, expected, JSON.stringify({ id: '0', evento: 'pedido.criado', dataHora: '', data: JSON.parse(orderBody()) }));
    const cpuPerDeliveryMs = (cpuAtLast - cpuAtFirst) / (arrivals.length - 1);
    return { maxRate: ingest.requestsPerSecond, drained: { expected, delivered, spawnedAt, arrivals, rawArrivals: receiver.arrivals, cpuToFirstMs: cpuAtFirst, cpuPerDeliveryMs } };
  } finally {
    await api.stop();
    await receiver.close();
  }
}

function deliveredDetail({ delivered, expected, arrivals }: Drained): string {
  return delivered ? 'all delivered' : `only ${arrivals.length} of ${expected} in 120 s`;
}

/**
 * The short drain, as every run since the first has measured it: a fresh process, about a
 * second long, so a good part of it is V8 compiling the dispatcher's code (see
 * docs/performance.md). Answers the orders/s the ingest reached.
 */
export async function measureDrain(scenario: string, databaseUrl: string, token: string): Promise<number> {
  const { maxRate, drained } = await drain(databaseUrl, token, BACKLOG_ORDERS);
  const { expected, arrivals, rawArrivals, spawnedAt } = drained;
  const raw = rateBetween(rawArrivals, 0, 1);
  report({ scenario, name: `drain ${expected} deliveries, first → last receipt`, value: rateBetween(arrivals, 0, 1), unit: 'deliveries/s', baseline: raw, detail: `${deliveredDetail(drained)}; per 100 ms: ${perInterval(arrivals, 100).join(' ')}` });
  report({ scenario, name: `drain ${expected} deliveries, start included`, value: (arrivals.length * 1000) / (arrivals.at(-1)! - spawnedAt), unit: 'deliveries/s', baseline: raw, detail: `dispatcher spawned → first receipt ${Math.round(arrivals[0]! - spawnedAt)} ms` });
  // CPU, which the machine's other load disturbs far less than rates.
  report({ scenario, name: 'dispatcher CPU, start to first receipt', value: drained.cpuToFirstMs, unit: 'ms' });
  report({ scenario, name: `dispatcher CPU per delivery, ${expected} deliveries`, value: drained.cpuPerDeliveryMs, unit: 'ms' });
  return maxRate;
}

/**
 * Steady state: a backlog long enough that the dispatcher's warm-up and the drain's tail
 * (its last aggregates' chains) are a small part of it, measured on both sides between
 * the same fractions of their receipts.
 */
export async function measureSteadyDrain(scenario: string, databaseUrl: string, token: string): Promise<void> {
  const { drained } = await drain(databaseUrl, token, STEADY_BACKLOG_ORDERS);
  const { expected, arrivals, rawArrivals } = drained;
  const [from, to] = STEADY_WINDOW;
  const window = `receipts ${from * 100}–${to * 100}%`;
  report({ scenario, name: `drain ${expected} deliveries, steady state`, value: rateBetween(arrivals, from, to), unit: 'deliveries/s', baseline: rateBetween(rawArrivals, from, to), detail: `${window} on both sides; ${deliveredDetail(drained)}; first → last ${Math.round(rateBetween(arrivals, 0, 1))}/s; per 500 ms: ${perInterval(arrivals, 500).join(' ')}` });
  report({ scenario, name: `dispatcher CPU per delivery, ${expected} deliveries`, value: drained.cpuPerDeliveryMs, unit: 'ms' });
}

export async function measureDuringIngestion(scenario: string, databaseUrl: string, token: string, rate: number, roles: Role[] = ['all']): Promise<void> {
  const receiver = await startReceiver();
  const processes = [];
  for (const role of roles) processes.push(await startService(databaseUrl, role));
  const api = processes[0]!;
  try {
    await subscribe(api.url, token, receiver);
    const seconds = 8;
    const ingest = await load({ url: api.url, method: 'POST', path: '/pedidos', token, connections: 16, seconds, overallRate: Math.max(1, Math.round(rate)), body: () => orderBody() });
    const orders = ingest.statuses[201] ?? 0;
    const deliveredDuring = receiver.received;
    await receiver.waitFor(orders * EVENTS_PER_ORDER, 60_000);
    // Requests autocannon gave up on may still have created orders: their events count
    // too, and must not arrive among the single orders' below.
    await receiver.waitForQuiet(1_000, 60_000);
    const lags = receiver.lags;
    report({ scenario, name: `event→receipt p50, ingesting ${Math.round(rate)} orders/s`, value: percentile(lags, 50), unit: 'ms', detail: `${orders} orders answered 201, ${deliveredDuring} of ${orders * EVENTS_PER_ORDER} events delivered during the ${seconds} s, ${receiver.received} in all` });
    report({ scenario, name: `event→receipt p99, ingesting ${Math.round(rate)} orders/s`, value: percentile(lags, 99), unit: 'ms' });
    // At rest: one order at a time, the dispatcher idle between them. Sent with fetch, not
    // an autocannon run of one request: autocannon's teardown (its histograms) runs in this
    // process just as the order's webhooks arrive, and delayed their receipt by ~5-10 ms.
    receiver.lags = [];
    // Only the single orders' own events, whatever else still arrives.
    receiver.countFrom = Date.now();
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${api.url}/pedidos`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: orderBody() });
      const answer = await response.text();
      if (response.status !== 201) throw new Error(`order refused: ${response.status} ${answer}`);
      await receiver.waitForLags((i + 1) * EVENTS_PER_ORDER, 10_000);
      await sleep(50);
    }
    report({ scenario, name: 'event→receipt p50 at rest (single orders)', value: percentile(receiver.lags, 50), unit: 'ms', detail: `p99 ${percentile(receiver.lags, 99)} ms` });
  } finally {
    for (const process of processes) await process.stop();
    await receiver.close();
  }
}

export async function webhookThroughput(): Promise<void> {
  let maxRate: number;
  const drained = await createBenchDatabase();
  try {
    maxRate = await measureDrain('webhook-throughput', drained.url, drained.token);
  } finally {
    await drained.drop();
  }
  const steady = await createBenchDatabase();
  try {
    await measureSteadyDrain('webhook-throughput', steady.url, steady.token);
  } finally {
    await steady.drop();
  }
  // A fresh database: the drain's subscription points at a receiver that is gone.
  const ingested = await createBenchDatabase();
  try {
    await measureDuringIngestion('webhook-throughput', ingested.url, ingested.token, maxRate / 2);
  } finally {
    await ingested.drop();
  }
}
