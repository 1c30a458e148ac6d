/**
 * `npm run bench:list-cpu`: the service's CPU per list page, in-process, which a loaded
 * machine disturbs far less than throughput does. Serves `GET /pedidos?limit=50` and the
 * bench's GraphQL list (orders-list) through `app.inject`, 16 requests in flight, and
 * prints the process's CPU time (`process.cpuUsage()`) per request for each, best and
 * median of the rounds. Run it under `node --cpu-prof` to see where that time goes;
 * `BENCH_LISTS=graphql` (or `rest`) serves only that one, so the profile is of it alone.
 */
import { buildServer } from '../src/server.js';
import { loadConfig } from '../src/config.js';
import { createOrm } from '../src/db/orm.js';
import { createLogger } from '../src/logger.js';
import { ENTITIES } from '../src/modules.js';
import { createBenchDatabase, seedOrders } from './lib/database.js';
import { GRAPHQL_LIST } from './scenarios/orders-list.js';

const IN_FLIGHT = 16;
const REQUESTS_PER_ROUND = 320;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const LISTS = (process.env.BENCH_LISTS ?? 'rest,graphql').split(',');

type Inject = () => Promise<{ statusCode: number; body: string }>;

async function cpuPerRequest(request: Inject): Promise<number> {
  let sent = 0;
  const worker = async (): Promise<void> => {
    while (sent < REQUESTS_PER_ROUND) {
      sent++;
      const response = await request();
      if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body.slice(0, 300)}`);
    }
  };
  const start = process.cpuUsage();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / REQUESTS_PER_ROUND;
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `best ${sorted[0]!.toFixed(2)} ms, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} ms`;
}

async function main(): Promise<void> {
  const database = await createBenchDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000', DATABASE_URL: database.url });
  const orm = await createOrm(database.url, { entities: ENTITIES });
  try {
    await seedOrders(database.url, database.sellerId, 500);
    const app = await buildServer({ config, orm, logger: createLogger(config) });
    await app.ready();
    const authorization = `Bearer ${database.token}`;
    const rest: Inject = () => app.inject({ method: 'GET', url: '/pedidos?limit=50', headers: { authorization } });
    const graphql: Inject = () =>
      app.inject({ method: 'POST', url: '/graphql', headers: { authorization, 'content-type': 'application/json' }, payload: GRAPHQL_LIST });
    const lists = [
      { name: 'rest', label: 'REST    GET /pedidos?limit=50', request: rest, figures: [] as number[] },
      { name: 'graphql', label: 'GraphQL orders(first: 50)    ', request: graphql, figures: [] as number[] },
    ].filter((list) => LISTS.includes(list.name));
    for (const list of lists) await cpuPerRequest(list.request); // warm-up: JIT, pools, caches
    for (let round = 0; round < ROUNDS; round++) {
      for (const list of lists) list.figures.push(await cpuPerRequest(list.request));
    }
    console.log(`CPU per request, ${IN_FLIGHT} in flight, ${ROUNDS} rounds of ${REQUESTS_PER_ROUND}`);
    for (const list of lists) console.log(`${list.label}: ${summary(list.figures)}`);
    console.log(`resident memory after the rounds: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
    await app.close();
  } finally {
    await orm.close(true);
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
