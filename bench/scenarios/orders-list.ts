/** A page of 50 orders with items, payments and history: REST and GraphQL, against the same SQL. */
import { createBenchDatabase, seedOrders } from '../lib/database.js';
import { load } from '../lib/load.js';
import { startBaseline, startService, type Role } from '../lib/processes.js';
import { report } from '../lib/report.js';

export const GRAPHQL_LIST = JSON.stringify({
  query: `query ($first: Int!) { orders(first: $first) { edges { node {
    id number status amounts { total } customer { name }
    items { sku quantity total } payments { method amount } statusHistory { status at }
  } } pageInfo { hasNextPage endCursor } } }`,
  variables: { first: 50 },
});

const CONNECTIONS = 16;

/** Also used by scale, on a million orders and with the api role alone. */
export async function measureLists(scenario: string, databaseUrl: string, token: string, role: Role = 'all', seconds = 6): Promise<void> {
  const service = await startService(databaseUrl, role);
  const baseline = await startBaseline(databaseUrl);
  try {
    const rest = { path: '/pedidos?limit=50', token, connections: CONNECTIONS, seconds };
    const graphql = { ...rest, method: 'POST' as const, path: '/graphql', body: () => GRAPHQL_LIST };
    // Warm both up (JIT, pools) before anything is counted.
    await load({ ...rest, url: service.url, seconds: 2 });
    await load({ ...rest, url: baseline.url, seconds: 2 });
    const restBase = await load({ ...rest, url: baseline.url });
    const restService = await load({ ...rest, url: service.url });
    report({ scenario, name: `GET /pedidos?limit=50, ${CONNECTIONS} conn`, value: restService.requestsPerSecond, unit: 'req/s', baseline: restBase.requestsPerSecond, detail: `p50 ${restService.p50} ms vs ${restBase.p50} ms, ${JSON.stringify(restService.statuses)}` });
    await load({ ...graphql, url: service.url, seconds: 2 });
    const gqlBase = await load({ ...graphql, url: baseline.url });
    const gqlService = await load({ ...graphql, url: service.url });
    report({ scenario, name: `GraphQL orders(first: 50), ${CONNECTIONS} conn`, value: gqlService.requestsPerSecond, unit: 'req/s', baseline: gqlBase.requestsPerSecond, detail: `p50 ${gqlService.p50} ms vs ${gqlBase.p50} ms, ${JSON.stringify(gqlService.statuses)}` });
  } finally {
    await service.stop();
    await baseline.stop();
  }
}

export async function ordersList(): Promise<void> {
  const database = await createBenchDatabase();
  try {
    await seedOrders(database.url, database.sellerId, 2_000);
    await measureLists('orders-list', database.url, database.token);
  } finally {
    await database.drop();
  }
}
