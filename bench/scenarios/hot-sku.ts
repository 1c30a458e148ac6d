/** 200 concurrent orders on one SKU that has 150 units: how fast, and whether any unit is oversold. */
import { createBenchDatabase, settle, skuOf, withClient } from '../lib/database.js';
import { load } from '../lib/load.js';
import { orderBody } from '../lib/orders.js';
import { startBaseline, startService, type RunningProcess } from '../lib/processes.js';
import { report } from '../lib/report.js';

const UNITS = 150;
const ORDERS = 200;

async function run(target: RunningProcess, token: string, databaseUrl: string, sellerId: string) {
  const sku = skuOf(0);
  await withClient(databaseUrl, (client) =>
    client.query(`update stock set on_hand = $3, reserved = 0, available = $3 where seller_id = $1 and sku = $2`, [sellerId, sku, UNITS]),
  );
  const started = performance.now();
  const result = await load({
    url: target.url, method: 'POST', path: '/pedidos', token, connections: ORDERS, amount: ORDERS, timeoutSeconds: 120,
    body: () => orderBody({ skus: [sku] }),
  });
  const ms = performance.now() - started;
  await settle(databaseUrl);
  const [row] = await withClient(databaseUrl, async (client) =>
    (await client.query<{ on_hand: number; reserved: number }>(`select on_hand, reserved from stock where seller_id = $1 and sku = $2`, [sellerId, sku])).rows,
  );
  return { ordersPerSecond: ((result.statuses[201] ?? 0) * 1000) / ms, oversold: Math.max(0, row!.reserved - row!.on_hand), statuses: result.statuses };
}

export async function hotSku(): Promise<void> {
  const database = await createBenchDatabase();
  const service = await startService(database.url, 'all');
  const baseline = await startBaseline(database.url);
  try {
    const base = await run(baseline, database.token, database.url, database.sellerId);
    const measured = await run(service, database.token, database.url, database.sellerId);
    report({ scenario: 'hot-sku', name: `${ORDERS} orders at once on ${UNITS} units`, value: measured.ordersPerSecond, unit: 'orders/s', baseline: base.ordersPerSecond, detail: `service ${JSON.stringify(measured.statuses)}, baseline ${JSON.stringify(base.statuses)}` });
    report({ scenario: 'hot-sku', name: 'oversold units', value: measured.oversold, unit: 'units', detail: `baseline ${base.oversold}` });
  } finally {
    await service.stop();
    await baseline.stop();
    await database.drop();
  }
}
