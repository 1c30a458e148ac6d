import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { bearerSecret, hashSecret, secretMatches } from '../auth/secrets.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { sendProblem } from './problem.js';

type MetricsConfig = Pick<Config, 'role' | 'metricsToken' | 'metricsPort' | 'host'>;

/**
 * A registry per server, so several servers in one process (tests) do not collide. The
 * process passes its own when its workers report into the same `/metrics`.
 *
 * The process metrics (CPU, memory, event loop lag, GC, handles) keep prom-client's
 * usual names (`process_cpu_seconds_total`, `nodejs_eventloop_lag_seconds`…), which the
 * stock Node.js dashboards query, labelled with the process's `role` (all, api, dispatcher).
 */
export function createMetricsRegistry(config: Pick<Config, 'role'>, registry = new Registry()): Registry {
  collectDefaultMetrics({ register: registry, labels: { role: config.role } });
  return registry;
}

/**
 * Counts and times the app's requests and serves `/metrics` on the app, unless
 * METRICS_PORT moves it to a server of its own (startMetricsServer).
 */
export function registerMetrics(app: FastifyInstance, config: MetricsConfig, registry?: Registry): Registry {
  const metrics = registry ?? createMetricsRegistry(config);
  const duration = new Histogram({
    name: 'ponte_http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics],
  });
  const total = new Counter({
    name: 'ponte_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [metrics],
  });
  // Each label set's children, found once: prom-client hashes the labels on every call.
  const children = new Map<string, { duration: { observe(value: number): void }; total: { inc(): void } }>();
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids in paths would explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = children.get(key);
    if (!child) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      child = { duration: duration.labels(labels), total: total.labels(labels) };
      children.set(key, child);
    }
    child.duration.observe(reply.elapsedTime / 1000);
    child.total.inc();
  });
  if (config.metricsPort === undefined) serveMetrics(app, config, metrics);
  return metrics;
}

/** The `/metrics` route: Prometheus text, behind METRICS_TOKEN when one is set. */
function serveMetrics(app: FastifyInstance, config: MetricsConfig, registry: Registry): void {
  // Hashed once; each scrape compares hashes in constant time.
  const tokenHash = config.metricsToken === undefined ? undefined : hashSecret(config.metricsToken);
  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false, authenticate: false } }, async (request, reply) => {
    if (tokenHash !== undefined && !presentsToken(bearerSecret(request.headers.authorization), tokenHash)) return refuse(reply);
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

function refuse(reply: FastifyReply): FastifyReply {
  reply.header('www-authenticate', 'Bearer realm="metrics"');
  return sendProblem(reply, new AppError('UNAUTHENTICATED', 'The metrics need METRICS_TOKEN as a bearer token'));
}

function presentsToken(given: string | undefined, tokenHash: string): boolean {
  return given !== undefined && secretMatches(given, tokenHash);
}

/**
 * With METRICS_PORT: `/metrics` alone on a port of its own (on HOST), e.g. one that only
 * the monitoring network reaches; the token, when set, still applies.
 */
export async function startMetricsServer(config: MetricsConfig, registry: Registry): Promise<FastifyInstance | undefined> {
  if (config.metricsPort === undefined) return undefined;
  const server = Fastify({ logger: false });
  serveMetrics(server, config, registry);
  await server.listen({ port: config.metricsPort, host: config.host });
  return server;
}
