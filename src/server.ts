import { createHash, randomUUID } from 'node:crypto';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { authenticateToken, requireScope } from './auth/service.js';
import { bearerSecret } from './auth/secrets.js';
import type { Config } from './config.js';
import { forkForSeller, type Orm } from './db/orm.js';
import { AppError } from './errors.js';
import { startApollo } from './graphql/apollo.js';
import { buildGraphQLSchema } from './graphql/schema.js';
import { registerHealth } from './http/health.js';
import { registerMetrics } from './http/metrics.js';
import { parseJsonStrictly } from './http/json-body.js';
import { handleError, sendProblem } from './http/problem.js';
import type { RestApp } from './http/rest.js';
import { validatorCompiler } from './http/validation.js';
import { attachLiveEvents } from './live/websocket.js';
import { ROUTES } from './modules.js';

export interface ServerDeps {
  config: Config;
  orm: Orm;
  logger: Logger;
  /** Shared rate-limit counters across processes when REDIS_URL is set. */
  redis?: Redis;
  /** The process's metrics registry, shared with its workers; a new one when absent. */
  metrics?: Registry;
}

/**
 * Builds the HTTP server: REST routes, GraphQL, health, metrics and the OpenAPI
 * document. No business rule lives here.
 */
export async function buildServer(deps: ServerDeps): Promise<RestApp> {
  if (deps.config.role === 'dispatcher') return buildProbeServer(deps);
  const { config, orm } = deps;
  const app = createFastify(deps);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ponte REST API',
        version: '1.0.0',
        description: 'Orders, catalogue, stock and webhooks of the Ponte integration hub. Errors are RFC 9457 problem+json.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'ponte_sk_… token' },
          application: { type: 'http', scheme: 'bearer', description: 'ponte_app_… application credential (per-product webhooks)' },
        },
      },
      security: [{ bearer: [] }],
    },
  });
  app.get('/openapi.json', { schema: { hide: true }, config: { rateLimit: false } }, async () => app.swagger());

  const metrics = registerMetrics(app, deps.metrics);
  registerHealth(app, orm);

  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    enableDraftSpec: true,
    keyGenerator: rateLimitKey,
    ...(rateLimitStore(app, config) ?? {}),
  });

  app.decorateRequest('principal', undefined);
  app.decorateRequest('em', undefined as never);
  app.addHook('onRequest', async (request) => {
    request.em = orm.em.fork();
    const secret = bearerSecret(request.headers.authorization);
    request.principal = secret ? await authenticateToken(request.em, secret) : undefined;
    if (request.principal) request.em = forkForSeller(orm, request.principal.sellerId);
    const scope = request.routeOptions.config.scope;
    if (scope) requireScope(request.principal, scope);
  });

  for (const routes of ROUTES) await app.register(async (scope) => routes(scope as RestApp, { config, orm }));

  const { schema } = await buildGraphQLSchema();
  const apollo = await startApollo(app, schema, config);
  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    schema: { hide: true },
    handler: fastifyApolloHandler(apollo, {
      context: async (request) => ({
        principal: request.principal,
        em: request.em,
        requestId: String(request.id),
        config,
        loaders: new Map(),
        log: request.log,
      }),
    }),
  });
  // Subscriptions over graphql-ws on the same path and port (dispatchers serve no API).
  if (config.role !== 'dispatcher') attachLiveEvents(app, { config, orm, logger: deps.logger, schema, metrics });

  return app;
}

/** A dispatcher process answers probes and metrics only (DESIGN §11): no API, no GraphQL. */
async function buildProbeServer(deps: ServerDeps): Promise<RestApp> {
  const app = createFastify(deps);
  registerMetrics(app, deps.metrics);
  registerHealth(app, deps.orm);
  return app;
}

function createFastify(deps: ServerDeps): RestApp {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: deps.config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    // Malformed percent-encoding and over-long path parameters fail before routing: same problem+json.
    frameworkErrors: (error, request, reply) => handleError(error, request, reply),
  }).withTypeProvider<TypeBoxTypeProvider>();

  parseJsonStrictly(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, new AppError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`)),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  return app;
}

/** With REDIS_URL the counters live in Redis, so the per-token limit holds across processes. */
function rateLimitStore(app: RestApp, config: Config): { redis: Redis; nameSpace: string } | undefined {
  if (!config.redisUrl) return undefined;
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  return { redis, nameSpace: 'ponte-rate-limit:' };
}

/** Per token when there is one (the documented limit), otherwise per client address. */
function rateLimitKey(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return header ? `token:${createHash('sha256').update(header).digest('base64url')}` : `ip:${request.ip}`;
}
