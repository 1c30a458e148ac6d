/**
 * Reads on a streaming replica: the order list (REST and GraphQL, 16 connections, 2,000
 * orders) served by a `ROLE=api` process reading the primary alone, against one with
 * DATABASE_READ_URL set to a replica, alternating, in the same run. Both servers are the
 * scenario's own (bench/lib/streaming-pair.ts) on this machine, so the replica shares the
 * cores with the primary, the service and the load: the figure shows what routing costs
 * and whether it holds up, not what a replica on its own machine adds.
 */
import { databaseUrlFor } from '../../src/db/databases.js';
import { createBenchDatabase, seedOrders, withClient } from '../lib/database.js';
import { load } from '../lib/load.js';
import { freePort, startService, type RunningProcess } from '../lib/processes.js';
import { report } from '../lib/report.js';
import { startStreamingPair } from '../lib/streaming-pair.js';
import { GRAPHQL_LIST } from './orders-list.js';

const CONNECTIONS = 16;
const ORDERS = 2_000;

async function replicaReads(service: RunningProcess): Promise<number> {
  const text = await (await fetch(`${service.url}/metrics`)).text();
  return Number(/^ponte_db_reads_total\{target="replica"\} (\S+)$/m.exec(text)?.[1] ?? 0);
}

async function caughtUp(replicaUrl: string): Promise<void> {
  await withClient(replicaUrl, async (client) => {
    for (;;) {
      const { rows } = await client.query<{ count: number }>('select count(*)::int as count from sales_order').catch(() => ({ rows: [{ count: 0 }] }));
      if (rows[0]!.count >= ORDERS) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
}

export async function replica(): Promise<void> {
  const pair = await startStreamingPair({ freePort });
  try {
    const database = await createBenchDatabase({ server: pair.primaryUrl });
    await seedOrders(database.url, database.sellerId, ORDERS);
    const replicaUrl = databaseUrlFor(pair.replicaUrl, new URL(database.url).pathname.slice(1));
    await caughtUp(replicaUrl);
    const primaryOnly = await startService(database.url, 'api');
    const withReplica = await startService(database.url, 'api', { DATABASE_READ_URL: replicaUrl });
    try {
      const rest = { path: '/pedidos?limit=50', token: database.token, connections: CONNECTIONS, seconds: 6 };
      const graphql = { ...rest, method: 'POST' as const, path: '/graphql', body: () => GRAPHQL_LIST };
      for (const target of [primaryOnly, withReplica]) await load({ ...rest, url: target.url, seconds: 2 });
      for (const round of [1, 2]) {
        for (const [name, request] of [['GET /pedidos?limit=50', rest], ['GraphQL orders(first: 50)', graphql]] as const) {
          const base = await load({ ...request, url: primaryOnly.url });
          const before = await replicaReads(withReplica);
          const measured = await load({ ...request, url: withReplica.url });
          const onReplica = (await replicaReads(withReplica)) - before;
          report({
            scenario: 'replica',
            name: `${name}, ${CONNECTIONS} conn, reads on the replica (${round})`,
            value: measured.requestsPerSecond,
            unit: 'req/s',
            baseline: base.requestsPerSecond,
            detail: `baseline: the primary alone; ${onReplica} reads on the replica; p50 ${measured.p50} ms vs ${base.p50} ms, ${JSON.stringify(measured.statuses)}`,
          });
        }
      }
    } finally {
      await primaryOnly.stop();
      await withReplica.stop();
      await database.drop();
    }
  } finally {
    await pair.remove();
  }
}
