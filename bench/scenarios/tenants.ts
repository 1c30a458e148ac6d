/**
 * Many sellers: 1,000 sellers with 10 webhook subscriptions each (to one local receiver,
 * `pedido.criado`), orders spread over them at random, ingested through a `ROLE=api`
 * process while a `ROLE=dispatcher` process delivers; against one seller with 10
 * subscriptions taking the same number of orders, in the same run and database server.
 * Orders/s, deliveries/s (ingest start → last receipt) and event→receipt p50/p99, which
 * shows whether sellers wait on each other's backlogs at this size.
 */
import { createSeller, createToken, OPERATOR } from '../../src/auth/auth.service.js';
import { SCOPES } from '../../src/auth/scopes.js';
import { putChannel } from '../../src/catalog/channel.service.js';
import { upsertProducts } from '../../src/catalog/product.service.js';
import { updateStock } from '../../src/catalog/stock.service.js';
import { createOrm, forkForSeller, type Orm } from '../../src/db/orm.js';
import { ENTITIES } from '../../src/modules.js';
import { createSubscription } from '../../src/webhooks/subscription.service.js';
import { CHANNEL, createBenchDatabase, withClient } from '../lib/database.js';
import { load } from '../lib/load.js';
import { orderBody } from '../lib/orders.js';
import { startService } from '../lib/processes.js';
import { startReceiver, type Receiver } from '../lib/receiver.js';
import { percentile, report } from '../lib/report.js';

const SELLERS = Number(process.env.BENCH_TENANTS ?? 1_000);
const SUBSCRIPTIONS = 10;
const ORDERS = 1_500;
const SKUS = ['T-A', 'T-B', 'T-C'];
const SEED_CONCURRENCY = 8;

/** A seller that takes orders on CHANNEL for SKUS, with SUBSCRIPTIONS subscriptions to the receiver; its token. */
async function seedSeller(orm: Orm, index: number, receiver: Receiver): Promise<string> {
  const seller = await createSeller(orm.em.fork(), `Seller ${index}`);
  const { token } = await createToken(orm.em.fork(), { sellerId: seller.id, issuer: OPERATOR });
  const em = () => forkForSeller(orm, seller.id);
  await putChannel(em(), seller.id, CHANNEL, { name: 'Loja própria' });
  await upsertProducts(em(), seller.id, SKUS.map((sku) => ({ sku, title: `Produto ${sku}` })));
  for (const sku of SKUS) await updateStock(em(), seller.id, sku, { onHand: 100_000_000 });
  const caller = { sellerId: seller.id, scopes: new Set(SCOPES) };
  const settings = { webhookAllowPrivateTargets: true, webhookSubscriptionsMax: 50 };
  for (let i = 0; i < SUBSCRIPTIONS; i++) await createSubscription(em(), caller, { url: receiver.url, events: ['pedido.criado'] }, settings);
  return token;
}

async function seed(url: string, sellers: number, receiver: Receiver): Promise<string[]> {
  const orm = await createOrm(url, { entities: ENTITIES });
  try {
    const tokens: string[] = [];
    for (let start = 0; start < sellers; start += SEED_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(SEED_CONCURRENCY, sellers - start) }, (_, i) => seedSeller(orm, start + i, receiver));
      tokens.push(...(await Promise.all(batch)));
    }
    return tokens;
  } finally {
    await orm.close(true);
  }
}

interface Run {
  ordersPerSecond: number;
  deliveriesPerSecond: number;
  p50: number;
  p99: number;
  delivered: boolean;
}

async function run(sellers: number): Promise<Run> {
  const receiver = await startReceiver();
  const database = await createBenchDatabase();
  const seeding = performance.now();
  const tokens = await seed(database.url, sellers, receiver);
  console.log(`tenants: ${sellers} sellers × ${SUBSCRIPTIONS} subscriptions seeded in ${Math.round((performance.now() - seeding) / 1000)} s`);
  await withClient(database.url, (client) => client.query('vacuum analyze'));
  const api = await startService(database.url, 'api');
  const dispatcher = await startService(database.url, 'dispatcher');
  try {
    receiver.countFrom = Date.now();
    const started = performance.now();
    const token = () => tokens[Math.floor(Math.random() * tokens.length)]!;
    const ingest = await load({ url: api.url, method: 'POST', path: '/pedidos', token, connections: 32, amount: ORDERS, body: () => orderBody({ skus: SKUS }) });
    const ingestMs = performance.now() - started;
    const expected = (ingest.statuses[201] ?? 0) * SUBSCRIPTIONS;
    const delivered = await receiver.waitFor(expected, 300_000);
    return {
      ordersPerSecond: ((ingest.statuses[201] ?? 0) * 1000) / ingestMs,
      deliveriesPerSecond: (receiver.received * 1000) / (receiver.lastAt! - started),
      p50: percentile(receiver.lags, 50),
      p99: percentile(receiver.lags, 99),
      delivered,
    };
  } finally {
    await api.stop();
    await dispatcher.stop();
    await receiver.close();
    await database.drop();
  }
}

export async function tenants(): Promise<void> {
  const one = await run(1);
  const many = await run(SELLERS);
  const scenario = 'tenants';
  const detail = (figures: Run) => (figures.delivered ? 'all delivered' : 'NOT all delivered in 300 s');
  report({ scenario, name: `orders/s, ${SELLERS} sellers × ${SUBSCRIPTIONS} subscriptions`, value: many.ordersPerSecond, unit: 'orders/s', baseline: one.ordersPerSecond, detail: `baseline: one seller × ${SUBSCRIPTIONS} subscriptions, ${ORDERS} orders each` });
  report({ scenario, name: 'deliveries/s, ingest start → last receipt', value: many.deliveriesPerSecond, unit: 'deliveries/s', baseline: one.deliveriesPerSecond, detail: `${detail(many)}; baseline ${detail(one)}` });
  report({ scenario, name: 'event→receipt p50', value: many.p50, unit: 'ms', detail: `one seller ${one.p50} ms` });
  report({ scenario, name: 'event→receipt p99', value: many.p99, unit: 'ms', detail: `one seller ${one.p99} ms` });
}
