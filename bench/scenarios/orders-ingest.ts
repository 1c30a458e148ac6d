/** POST /pedidos at 1 and 32 connections, one seller, against the same statements in node:http + pg. */
import { createBenchDatabase } from '../lib/database.js';
import { load } from '../lib/load.js';
import { orderBody } from '../lib/orders.js';
import { startBaseline, startService, type Role } from '../lib/processes.js';
import { report } from '../lib/report.js';

/** Also used by scale, on a million orders and with the api role alone. */
export async function measureIngest(scenario: string, databaseUrl: string, token: string, role: Role = 'all', seconds = 6): Promise<number> {
  const service = await startService(databaseUrl, role);
  const baseline = await startBaseline(databaseUrl);
  let best = 0;
  try {
    for (const connections of [1, 32]) {
      const options = { method: 'POST' as const, path: '/pedidos', token, connections, seconds, body: () => orderBody() };
      await load({ ...options, url: service.url, seconds: 2 });
      await load({ ...options, url: baseline.url, seconds: 2 });
      const base = await load({ ...options, url: baseline.url });
      const measured = await load({ ...options, url: service.url });
      best = Math.max(best, measured.requestsPerSecond);
      report({
        scenario,
        name: `POST /pedidos, ${connections} conn`,
        value: measured.requestsPerSecond,
        unit: 'orders/s',
        baseline: base.requestsPerSecond,
        detail: `p50 ${measured.p50} ms p99 ${measured.p99} ms vs ${base.p50}/${base.p99} ms, ${JSON.stringify(measured.statuses)} base ${JSON.stringify(base.statuses)}`,
      });
    }
  } finally {
    await service.stop();
    await baseline.stop();
  }
  return best;
}

export async function ordersIngest(): Promise<void> {
  const database = await createBenchDatabase();
  try {
    await measureIngest('orders-ingest', database.url, database.token);
  } finally {
    await database.drop();
  }
}
