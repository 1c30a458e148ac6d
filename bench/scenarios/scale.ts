/**
 * The list and ingest figures again with a million orders in the table, and with the API
 * and the dispatcher as separate processes (ROLE=api + ROLE=dispatcher), as a larger
 * installation runs them.
 */
import { createBenchDatabase, seedOrders, withClient } from '../lib/database.js';
import { report } from '../lib/report.js';
import { measureIngest } from './orders-ingest.js';
import { measureLists } from './orders-list.js';
import { measureDuringIngestion } from './webhook-throughput.js';

export async function scale(): Promise<void> {
  const orders = Number(process.env.BENCH_SCALE_ORDERS ?? 1_000_000);
  const database = await createBenchDatabase();
  try {
    const started = performance.now();
    await seedOrders(database.url, database.sellerId, orders);
    report({ scenario: 'scale', name: `seeded ${orders} orders (generate_series)`, value: (performance.now() - started) / 1000, unit: 's' });
    await measureLists('scale', database.url, database.token, 'api');
    const maxRate = await measureIngest('scale', database.url, database.token, 'api');
    // The ingest figures ran with ROLE=api alone, so their events still wait to be fanned
    // out, and a subscription made before that receives them (docs/webhooks.md): minutes-old
    // events would then count in a latency that is meant for events made while it runs.
    await withClient(database.url, (client) => client.query('delete from webhook_fanout_queue'));
    await measureDuringIngestion('scale', database.url, database.token, maxRate / 2, ['api', 'dispatcher']);
  } finally {
    await database.drop();
  }
}
