/**
 * `npm run bench:orders`: what a page of orders costs over GraphQL with its items,
 * payments and history, by page size. The figures are ratios against the 5-order page
 * measured in the same run, so they compare shapes, not machines: with DataLoader
 * batching, a 50-order page should cost far less than 10 times a 5-order page, and the
 * SQL statements per page should not grow with its size.
 *
 * Uses DATABASE_URL's server (a scratch database, dropped at the end) or an embedded one.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { putChannel } from '../src/catalog/channel.service.js';
import { upsertProducts } from '../src/catalog/product.service.js';
import { updateStock } from '../src/catalog/stock.service.js';
import { createSeller, createToken, OPERATOR } from '../src/auth/auth.service.js';
import { loadConfig } from '../src/config.js';
import { createDatabase, dropDatabase } from '../src/db/databases.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { createOrm, forkForSeller, migrate } from '../src/db/orm.js';
import { createLogger } from '../src/logger.js';
import { ENTITIES } from '../src/modules.js';
import { createOrder } from '../src/orders/order.service.js';
import { buildServer } from '../src/server.js';

const ORDERS = 400;
const ROUNDS = 25;
const SIZES = [5, 50, 200];
const QUERY = `query ($first: Int!) { orders(first: $first) { edges { node {
  id number status amounts { total } customer { name }
  items { sku quantity total } payments { method amount } statusHistory { status at }
} } pageInfo { hasNextPage endCursor } } }`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000' });
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: '.data/bench', port: 54349, database: 'postgres' });
  const serverUrl = process.env.DATABASE_URL ?? embedded!.url;
  const name = `ponte_bench_${randomBytes(4).toString('hex')}`;
  const orm = await createOrm(await createDatabase(serverUrl, name), { entities: ENTITIES });
  let statements = 0;
  try {
    await migrate(orm);
    const seller = await createSeller(orm.em.fork(), 'Bench');
    const { token } = await createToken(orm.em.fork(), { sellerId: seller.id, issuer: OPERATOR });
    const em = () => forkForSeller(orm, seller.id);
    await putChannel(em(), seller.id, 'loja-propria', { name: 'Loja própria' });
    await upsertProducts(em(), seller.id, [{ sku: 'A', title: 'A' }, { sku: 'B', title: 'B' }]);
    for (const sku of ['A', 'B']) await updateStock(em(), seller.id, sku, { onHand: 1_000_000 });
    for (let i = 0; i < ORDERS; i++) {
      await createOrder(em(), seller.id, {
        channel: 'loja-propria',
        externalId: `bench-${i}`,
        customer: { name: 'Maria', email: 'maria@example.com', document: '52998224725' },
        deliveryAddress: { recipient: 'Maria', street: 'Rua', number: '1', district: 'Centro', city: 'São Paulo', state: 'SP', postalCode: '01310100' },
        items: [
          { sku: 'A', quantity: 1, unitPrice: '10.00' },
          { sku: 'B', quantity: 2, unitPrice: '5.00' },
        ],
        payments: [{ method: 'pix', status: 'approved', amount: '20.00' }],
      });
    }

    const app = await buildServer({ config, orm, logger: createLogger(config) });
    await app.ready();
    // Count the SQL statements the ORM sends while serving one page.
    const connection = orm.em.getConnection();
    const execute = connection.execute.bind(connection);
    connection.execute = ((...args: Parameters<typeof execute>) => {
      statements++;
      return execute(...args);
    }) as typeof connection.execute;

    const page = async (first: number) => {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ query: QUERY, variables: { first } }),
      });
      if (response.statusCode !== 200 || response.json().errors) throw new Error(response.body);
    };

    const results: { size: number; ms: number; statements: number }[] = [];
    for (const size of SIZES) {
      for (let i = 0; i < 5; i++) await page(size); // warm-up
      const times: number[] = [];
      statements = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const start = performance.now();
        await page(size);
        times.push(performance.now() - start);
      }
      results.push({ size, ms: median(times), statements: statements / ROUNDS });
    }
    await app.close();

    const base = results[0]!;
    console.log(`orders page over GraphQL (items, payments, history), ${ORDERS} orders, median of ${ROUNDS}`);
    console.log('size  time/base  per-order/base  statements/page');
    for (const result of results) {
      const timeRatio = result.ms / base.ms;
      const perOrder = timeRatio / (result.size / base.size);
      console.log(
        `${String(result.size).padStart(4)}  ${timeRatio.toFixed(2).padStart(9)}  ${perOrder.toFixed(2).padStart(14)}  ${result.statements.toFixed(1).padStart(15)}`,
      );
    }
  } finally {
    await orm.close(true);
    await dropDatabase(serverUrl, name);
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
