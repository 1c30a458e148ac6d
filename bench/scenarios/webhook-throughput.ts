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
const RAW_CONCURRENCY = 32;

async function subscribe(url: string, token: string, receiver: Receiver): Promise<void> {
  const response = await fetch(`${url}/webhooks/assinaturas`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url, events: ['pedido.criado', 'pagamento.alterado', 'estoque.alterado'] }),
  });
  if (response.status !== 201) throw new Error(`subscription refused: ${response.status} ${await response.text()}`);
}

/** The floor: the same number of POSTs of the same size, 32 at a time over keep-alive. */
async function rawLoop(receiver: Receiver, count: number, body: string): Promise<number> {
  const target = new URL(receiver.url);
  const pool = new Pool(target.origin, { connections: RAW_CONCURRENCY });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: RAW_CONCURRENCY }, async () => {
      while (next++ < count) {
        const response = await pool.request({ method: 'POST', path: target.pathname, body, headers: { 'content-type': 'application/json' } });
        await response.body.dump();
      }
    }),
  );
  const ms = performance.now() - started;
  await pool.close();
  return (count * 1000) / ms;
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

export async function measureDrain(scenario: string, databaseUrl: string, token: string, orders = BACKLOG_ORDERS): Promise<number> {
  const receiver = await startReceiver();
  const api = await startService(databaseUrl, 'api');
  let maxRate = 0;
  try {
    await subscribe(api.url, token, receiver);
    const ingest = await load({ url: api.url, method: 'POST', path: '/pedidos', token, connections: 32, amount: orders, body: () => orderBody() });
    maxRate = ingest.requestsPerSecond;
    const expected = orders * EVENTS_PER_ORDER;
    const started = performance.now();
    const dispatcher = await startService(databaseUrl, 'dispatcher');
    await receiver.waitFor(1, 120_000);
    const cpuAtFirst = cpuMsOf(dispatcher.pid);
    const done = await receiver.waitFor(expected, 120_000);
    const cpuAtLast = cpuMsOf(dispatcher.pid);
    const { firstAt = Number.NaN, lastAt = Number.NaN, received } = receiver;
    const profile = perInterval(receiver.arrivals, 100).join(' ');
    await dispatcher.stop();
    const raw = await rawLoop(receiver, expected, JSON.stringify({ id: '0', evento: 'pedido.criado', dataHora: '', data: JSON.parse(orderBody()) }));
    const detail = done ? 'all delivered' : `only ${received} in 120 s`;
    // Steady state is the figure comparable to the raw loop, which has no process to start;
    // the same drain with the dispatcher's start is reported beside it, never instead.
    report({ scenario, name: `drain ${expected} deliveries, steady state`, value: ((received - 1) * 1000) / (lastAt - firstAt), unit: 'deliveries/s', baseline: raw, detail: `first → last receipt; ${detail}; per 100 ms: ${profile}` });
    report({ scenario, name: `drain ${expected} deliveries, start included`, value: (received * 1000) / (lastAt - started), unit: 'deliveries/s', baseline: raw, detail: `dispatcher spawned → first receipt ${Math.round(firstAt - started)} ms` });
    // CPU, which the machine's other load disturbs far less than rates.
    report({ scenario, name: 'dispatcher CPU, start to first receipt', value: cpuAtFirst, unit: 'ms' });
    report({ scenario, name: 'dispatcher CPU per delivery, steady state', value: (cpuAtLast - cpuAtFirst) / (received - 1), unit: 'ms' });
  } finally {
    await api.stop();
    await receiver.close();
  }
  return maxRate;
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
  // A fresh database: the drain's subscription points at a receiver that is gone.
  const ingested = await createBenchDatabase();
  try {
    await measureDuringIngestion('webhook-throughput', ingested.url, ingested.token, maxRate / 2);
  } finally {
    await ingested.drop();
  }
}
