import { readFileSync } from 'node:fs';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { Authenticator } from './auth/authenticator.js';
import { bearerSecret } from './auth/secrets.js';
import type { Config } from './config.js';
import { forkForSeller, type Orm } from './db/orm.js';
import { AppError } from './errors.js';
import { startApollo } from './graphql/apollo.js';
import { operationLimits } from './graphql/limits.js';
import { handleGraphQLRouteError } from './graphql/route-errors.js';
import { buildGraphQLSchema } from './graphql/schema.js';
import { registerHealth } from './http/health.js';
import { hostRewriter } from './http/host-mounts.js';
import { registerMetrics } from './http/metrics.js';
import { parseJsonStrictly } from './http/json-body.js';
import { registerConsole } from './http/console.js';
import { registerErrorPages } from './http/error-pages.js';
import { openApiOptions } from './http/openapi/document.js';
import { registerOpenApiDocuments } from './http/openapi/openapi.routes.js';
import { handleError, sendProblem } from './http/problem.js';
import { registerRateLimits } from './http/rate-limit.js';
import { requestIdOf } from './http/request-id.js';
import { authorize, type RestApp } from './http/rest.js';
import { refuseUnstorableText } from './http/storable-input.js';
import { buildListQueries, validatorCompiler } from './http/validation.js';
import { attachLiveEvents } from './live/websocket.js';
import { GRAPHQL, HOSTS, INTERFACES, ROUTES } from './modules.js';

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
 * document, with the routes and resolvers src/modules.ts assembles. No business rule
 * lives here.
 */
export async function buildServer(deps: ServerDeps): Promise<RestApp> {
  if (deps.config.role === 'dispatcher') return buildProbeServer(deps);
  const { config, orm } = deps;
  const app = createFastify(deps);
  await app.register(swagger, openApiOptions(INTERFACES));
  registerOpenApiDocuments(app, INTERFACES);
  registerErrorPages(app);

  const metrics = registerMetrics(app, config, deps.metrics);
  registerHealth(app, orm);

  const rateLimits = await registerRateLimits(app, config);
  const authenticator = new Authenticator(metrics);
  app.decorateRequest('principal', undefined);
  app.decorateRequest('applicationId', undefined);
  app.decorateRequest('em', undefined as never);
  // Who calls, then their budget, then their scope: a refused request still spends budget,
  // and a client out of budget is refused before its unknown credential costs a query.
  app.addHook('onRequest', async (request, reply) => {
    // `/metrics` checks its own token, which is no API credential.
    if (request.routeOptions.config.authenticate === false) return;
    const limited = request.routeOptions.config.rateLimit !== false;
    request.em = orm.em.fork();
    const credential = await authenticator.authenticate(request.em, bearerSecret(request.headers.authorization), async (passedRecently) => {
      if (limited && !passedRecently && (await rateLimits.exhausted(request))) await rateLimits.limitRequest(request, reply);
    });
    request.principal = credential?.kind === 'token' ? credential.principal : undefined;
    request.applicationId = credential?.kind === 'application' ? credential.applicationId : undefined;
    if (request.principal) request.em = forkForSeller(orm, request.principal.sellerId);
    if (limited) await rateLimits.limitRequest(request, reply);
    const scope = request.routeOptions.config.scope;
    if (scope) authorize(request.principal, scope);
  });

  await registerConsole(app, config.consoleDir);
  buildListQueries(config.pageSizeMax);
  await app.register(async (rest) => {
    rest.addHook('preValidation', refuseUnstorableText);
    for (const routes of ROUTES) await rest.register(async (scope) => routes(scope as RestApp, { config, orm }));
  });

  const { schema } = await buildGraphQLSchema(GRAPHQL);
  const limits = operationLimits(config);
  const apollo = await startApollo(app, schema, limits);
  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    schema: { hide: true },
    errorHandler: handleGraphQLRouteError,
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
  if (config.role !== 'dispatcher') {
    attachLiveEvents(app, { config, orm, logger: deps.logger, schema, limits, metrics, authenticator, rateLimits });
  }

  return app;
}

/** A dispatcher process answers probes and metrics only (README.md, `ROLE`): no API, no GraphQL. */
async function buildProbeServer(deps: ServerDeps): Promise<RestApp> {
  const app = createFastify(deps);
  registerMetrics(app, deps.config, deps.metrics);
  registerHealth(app, deps.orm);
  return app;
}

function createFastify(deps: ServerDeps): RestApp {
  const app = Fastify({
    ...httpsOptions(deps.config),
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: deps.config.bodyLimitBytes,
    requestIdHeader: false,
    genReqId: requestIdOf,
    return503OnClosing: true,
    // A product published on its own host (LOGISTICS_URL…) answers there at the root too.
    rewriteUrl: hostRewriter(HOSTS.flatMap((mounts) => mounts(deps.config))),
    // Malformed percent-encoding and over-long path parameters fail before routing: same problem+json.
    frameworkErrors: (error, request, reply) => handleError(error, request, reply),
  }).withTypeProvider<TypeBoxTypeProvider>() as RestApp;

  parseJsonStrictly(app);
  // Bodies are JSON only: anything else (text/plain included, which Fastify would read
  // as a string) answers 415 rather than failing validation as "must be object".
  app.removeContentTypeParser('text/plain');
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

/**
 * With TLS_CERT_FILE and TLS_KEY_FILE the service speaks HTTPS itself (WebSockets become
 * wss on the same port); without them, plain HTTP for a proxy or load balancer that
 * terminates TLS in front of it (docs/security.md#https).
 */
function httpsOptions(config: Config): { https: { cert: Buffer; key: Buffer } } | Record<string, never> {
  if (!config.tlsCertFile || !config.tlsKeyFile) return {};
  return { https: { cert: readFileSync(config.tlsCertFile), key: readFileSync(config.tlsKeyFile) } };
}
