/** POST /pedidos at 1 and 32 connections, one seller, against the same statements in node:http + pg. */
import { createBenchDatabase, settle, withClient } from '../lib/database.js';
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
      const run = async (url: string, runSeconds = seconds) => {
        const result = await load({ ...options, url, seconds: runSeconds });
        await settle(databaseUrl);
        return result;
      };
      await run(service.url, 2);
      await run(baseline.url, 2);
      const base = await run(baseline.url);
      const measured = await run(service.url);
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
    await measureCommitPositionCost(scenario, databaseUrl, token, service.url, seconds);
  } finally {
    await service.stop();
    await baseline.stop();
  }
  return best;
}

/**
 * What the deferred trigger that stamps commit_position costs: the same load with it
 * switched off, back to back, is the ratio. Creation without an Idempotency-Key no longer
 * fires it (its events draw their positions in the statement sent with its commit, under
 * the same lock, which stays on here), so for this load the ratio is ~1× by design.
 */
async function measureCommitPositionCost(scenario: string, databaseUrl: string, token: string, url: string, seconds: number): Promise<void> {
  const options = { url, method: 'POST' as const, path: '/pedidos', token, connections: 32, seconds, body: () => orderBody() };
  const trigger = (action: 'enable' | 'disable') =>
    withClient(databaseUrl, (client) => client.query(`alter table outbox_event ${action} trigger outbox_event_commit_position`));
  const withStamp = await load(options);
  await settle(databaseUrl);
  await trigger('disable');
  try {
    const withoutStamp = await load(options);
    await settle(databaseUrl);
    report({ scenario, name: 'POST /pedidos, 32 conn, commit_position on', value: withStamp.requestsPerSecond, unit: 'orders/s', baseline: withoutStamp.requestsPerSecond, detail: 'baseline here: the same service with the trigger off (creation\'s events draw their positions in their statement either way)' });
  } finally {
    await trigger('enable');
  }
}

export async function ordersIngest(): Promise<void> {
  const database = await createBenchDatabase();
  try {
    await measureIngest('orders-ingest', database.url, database.token);
  } finally {
    await database.drop();
  }
}
