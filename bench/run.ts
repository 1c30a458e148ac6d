/**
 * `npm run bench [-- <name>...]`: figures, not tests (nothing here fails CI). Each
 * scenario starts the service and the same-SQL baseline (bench/baseline-server.ts)
 * against its own database on DATABASE_URL's server and prints each figure with its
 * ratio to the baseline measured in the same run. Scale runs last: it loads a million
 * orders. docs/performance.md explains the figures.
 */
import { channelSync } from './scenarios/channel-sync.js';
import { fanout } from './scenarios/fanout.js';
import { hotSku } from './scenarios/hot-sku.js';
import { noisyNeighbour } from './scenarios/noisy-neighbour.js';
import { ordersIngest } from './scenarios/orders-ingest.js';
import { ordersList } from './scenarios/orders-list.js';
import { replica } from './scenarios/replica.js';
import { scale } from './scenarios/scale.js';
import { scaleOut } from './scenarios/scale-out.js';
import { stack } from './scenarios/stack.js';
import { tenants } from './scenarios/tenants.js';
import { webhookThroughput } from './scenarios/webhook-throughput.js';

const SCENARIOS: Record<string, () => Promise<void>> = {
  'orders-ingest': ordersIngest,
  'orders-list': ordersList,
  'webhook-throughput': webhookThroughput,
  'noisy-neighbour': noisyNeighbour,
  fanout,
  'hot-sku': hotSku,
  stack,
  'scale-out': scaleOut,
  replica,
  tenants,
  scale,
  'channel-sync': channelSync,
};

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !(name in SCENARIOS));
  if (unknown.length > 0) {
    console.error(`unknown bench ${unknown.join(', ')}; known: ${Object.keys(SCENARIOS).join(', ')}`);
    process.exit(2);
  }
  console.log(`ponte bench, node ${process.version}, ${new Date().toISOString()}`);
  for (const name of names.length > 0 ? names : Object.keys(SCENARIOS)) await SCENARIOS[name]!();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
