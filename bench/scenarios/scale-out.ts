/**
 * Several processes on one database: orders ingested through two `ROLE=api` processes at
 * once while two `ROLE=dispatcher` processes deliver their events, against one `ROLE=all`
 * process doing both, measured in the same run on the same database. Every delivery's
 * `webhook-id` is counted at the receiver: none may arrive twice (no process dies here,
 * so at-least-once leaves no duplicate) and none may be missing.
 */
import { createBenchDatabase, withClient } from '../lib/database.js';
import { load } from '../lib/load.js';
import { orderBody } from '../lib/orders.js';
import { startService, type RunningProcess } from '../lib/processes.js';
import { startReceiver, type Receiver } from '../lib/receiver.js';
import { report } from '../lib/report.js';
import { subscribe } from './webhook-throughput.js';

const CONNECTIONS = 32;
const SECONDS = 10;
const DRAIN_TIMEOUT_MS = 180_000;

interface Phase {
  ordersPerSecond: number;
  deliveriesPerSecond: number;
  expected: number;
  distinct: number;
  duplicates: number;
}

/** Ingests through `apis` (the connections split between them) and waits until every delivery owed has arrived. */
async function phase(databaseUrl: string, token: string, apis: RunningProcess[], receiver: Receiver): Promise<Phase> {
  const [ordersBefore, deliveriesBefore] = await counts(databaseUrl);
  const started = performance.now();
  const results = await Promise.all(
    apis.map((api) => load({ url: api.url, method: 'POST', path: '/pedidos', token, connections: CONNECTIONS / apis.length, seconds: SECONDS, body: () => orderBody() })),
  );
  const ingestMs = performance.now() - started;
  // Deliveries are owed once the fan-out has run: wait until none is open and the fan-out queue is empty.
  await waitUntilDrained(databaseUrl);
  const [ordersAfter, deliveriesAfter] = await counts(databaseUrl);
  const expected = deliveriesAfter - deliveriesBefore;
  const arrivals = receiver.arrivals.slice(-expected);
  const errors = results.reduce((sum, result) => sum + result.errors, 0);
  if (errors > 0) console.error(`scale-out: ${errors} ingest errors`);
  const duplicates = [...receiver.ids.values()].reduce((sum, count) => sum + count - 1, 0);
  return {
    ordersPerSecond: ((ordersAfter - ordersBefore) * 1000) / ingestMs,
    deliveriesPerSecond: arrivals.length > 1 ? ((arrivals.length - 1) * 1000) / (arrivals.at(-1)! - started) : 0,
    expected,
    distinct: receiver.ids.size,
    duplicates,
  };
}

async function counts(databaseUrl: string): Promise<[number, number]> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ orders: number; deliveries: number }>(
      'select (select count(*)::int from sales_order) as orders, (select count(*)::int from webhook_delivery) as deliveries',
    );
    return [rows[0]!.orders, rows[0]!.deliveries];
  });
}

async function waitUntilDrained(databaseUrl: string): Promise<void> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  await withClient(databaseUrl, async (client) => {
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ open: number }>(
        `select (select count(*)::int from webhook_delivery where status in ('pending', 'retrying'))
              + (select count(*)::int from webhook_fanout_queue) as open`,
      );
      if (rows[0]!.open === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`scale-out: deliveries still open after ${DRAIN_TIMEOUT_MS} ms`);
  });
}

export async function scaleOut(): Promise<void> {
  const database = await createBenchDatabase();
  const receiver = await startReceiver();
  const started: RunningProcess[] = [];
  const start = async (role: 'all' | 'api' | 'dispatcher') => {
    const process = await startService(database.url, role);
    started.push(process);
    return process;
  };
  try {
    const single = await start('all');
    await subscribe(single.url, database.token, receiver);
    const one = await phase(database.url, database.token, [single], receiver);
    await single.stop();
    started.length = 0;
    receiver.ids.clear();
    const apis = [await start('api'), await start('api')];
    await start('dispatcher');
    await start('dispatcher');
    const four = await phase(database.url, database.token, apis, receiver);
    const detail = (figures: Phase) => `${figures.expected} deliveries owed, ${figures.distinct} distinct received, ${figures.duplicates} twice`;
    report({ scenario: 'scale-out', name: `orders/s, 2 api + 2 dispatcher, ${CONNECTIONS} conn`, value: four.ordersPerSecond, unit: 'orders/s', baseline: one.ordersPerSecond, detail: 'baseline: one ROLE=all process, same run' });
    report({ scenario: 'scale-out', name: 'deliveries/s, ingest start → last receipt', value: four.deliveriesPerSecond, unit: 'deliveries/s', baseline: one.deliveriesPerSecond, detail: `${detail(four)}; baseline ${detail(one)}` });
    report({ scenario: 'scale-out', name: 'deliveries lost (owed, never received)', value: four.expected - four.distinct, unit: 'deliveries', detail: `one process: ${one.expected - one.distinct}` });
    report({ scenario: 'scale-out', name: 'deliveries received twice', value: four.duplicates, unit: 'deliveries', detail: `one process: ${one.duplicates}` });
  } finally {
    for (const process of started) await process.stop();
    await receiver.close();
    await database.drop();
  }
}
