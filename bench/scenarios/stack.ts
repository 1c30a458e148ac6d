/**
 * Per-request overhead: GraphQL `{ __typename }` with a token, 32 connections, against a
 * bare Apollo Server 5 on the same request (bench/apollo-baseline.ts). The service pays
 * what every request pays (routing, the token, the rate limit, the operation limits,
 * metrics) and nothing a field would add. Measured twice, alternating, after warming
 * both; besides throughput, each side's CPU per request (from /proc), which the other
 * work on a shared machine disturbs less than throughput.
 */
import { createBenchDatabase } from '../lib/database.js';
import { load, type LoadOptions } from '../lib/load.js';
import { cpuMsOf, startApolloBaseline, startService, type RunningProcess } from '../lib/processes.js';
import { report } from '../lib/report.js';

const CONNECTIONS = 32;
const TYPENAME = JSON.stringify({ query: '{ __typename }' });

async function measure(target: RunningProcess, request: Omit<LoadOptions, 'url'>) {
  const cpuBefore = cpuMsOf(target.pid);
  const result = await load({ ...request, url: target.url });
  const answered = Object.values(result.statuses).reduce((sum, count) => sum + count, 0);
  return { ...result, cpuMsPerRequest: (cpuMsOf(target.pid) - cpuBefore) / answered };
}

export async function stack(): Promise<void> {
  const database = await createBenchDatabase();
  const service = await startService(database.url, 'api');
  const apollo = await startApolloBaseline();
  try {
    const request = { method: 'POST' as const, path: '/graphql', token: database.token, connections: CONNECTIONS, body: () => TYPENAME };
    await load({ ...request, url: service.url, seconds: 3 });
    await load({ ...request, url: apollo.url, seconds: 3 });
    for (const round of [1, 2]) {
      const base = await measure(apollo, request);
      const measured = await measure(service, request);
      report({
        scenario: 'stack',
        name: `GraphQL { __typename } with a token, ${CONNECTIONS} conn (${round})`,
        value: measured.requestsPerSecond,
        unit: 'req/s',
        baseline: base.requestsPerSecond,
        detail: `baseline: bare Apollo Server 5; p50 ${measured.p50} ms p99 ${measured.p99} ms vs ${base.p50}/${base.p99} ms, ${JSON.stringify(measured.statuses)}`,
      });
      // Inverted so that, like throughput, higher is better: requests per CPU second.
      report({
        scenario: 'stack',
        name: `  the same, requests per CPU second (${round})`,
        value: 1000 / measured.cpuMsPerRequest,
        unit: 'req/cpu-s',
        baseline: 1000 / base.cpuMsPerRequest,
        detail: `${measured.cpuMsPerRequest.toFixed(3)} ms vs ${base.cpuMsPerRequest.toFixed(3)} ms of CPU a request`,
      });
    }
  } finally {
    await service.stop();
    await apollo.stop();
    await database.drop();
  }
}
