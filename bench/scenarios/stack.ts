/**
 * Per-request overhead: GraphQL `{ __typename }` with a token, 32 connections, against a
 * bare Apollo Server 5 on the same request (bench/apollo-baseline.ts). The service pays
 * what every request pays (routing, the token, the rate limit, the operation limits,
 * metrics) and nothing a field would add. Measured twice, alternating, after warming both.
 */
import { createBenchDatabase } from '../lib/database.js';
import { load } from '../lib/load.js';
import { startApolloBaseline, startService } from '../lib/processes.js';
import { report } from '../lib/report.js';

const CONNECTIONS = 32;
const TYPENAME = JSON.stringify({ query: '{ __typename }' });

export async function stack(): Promise<void> {
  const database = await createBenchDatabase();
  const service = await startService(database.url, 'api');
  const apollo = await startApolloBaseline();
  try {
    const request = { method: 'POST' as const, path: '/graphql', token: database.token, connections: CONNECTIONS, body: () => TYPENAME };
    await load({ ...request, url: service.url, seconds: 3 });
    await load({ ...request, url: apollo.url, seconds: 3 });
    for (const round of [1, 2]) {
      const base = await load({ ...request, url: apollo.url });
      const measured = await load({ ...request, url: service.url });
      report({
        scenario: 'stack',
        name: `GraphQL { __typename } with a token, ${CONNECTIONS} conn (${round})`,
        value: measured.requestsPerSecond,
        unit: 'req/s',
        baseline: base.requestsPerSecond,
        detail: `baseline: bare Apollo Server 5; p50 ${measured.p50} ms p99 ${measured.p99} ms vs ${base.p50}/${base.p99} ms, ${JSON.stringify(measured.statuses)}`,
      });
    }
  } finally {
    await service.stop();
    await apollo.stop();
    await database.drop();
  }
}
