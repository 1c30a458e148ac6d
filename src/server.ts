import { fastifyApolloHandler } from '@as-integrations/fastify';
import swagger from '@fastify/swagger';
import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import type { Registry } from 'prom-client';
import { Authenticator, type Credential } from './auth/authenticator.js';
import { startCredentialCache } from './auth/credential-cache.js';
import { bearerSecret } from './auth/secrets.js';
import type { Config } from './config.js';
import { scopeToSeller, type Orm } from './db/orm.js';
import { ReadReplicas } from './db/replicas.js';
import { buildProbeServer, createFastify, type ServerDeps } from './http/app.js';
import { startApollo } from './graphql/apollo.js';
import { HttpGraphQLContext } from './graphql/http-context.js';
import { operationLimits, type OperationLimits } from './graphql/limits.js';
import { handleGraphQLRouteError } from './graphql/route-errors.js';
import { buildGraphQLSchemas, type GraphQLSchemas, type SchemaParts } from './graphql/schema.js';
import { SUBGRAPH_PATH, subgraphAccess } from './graphql/subgraph-access.js';
import { registerHealth } from './http/health.js';
import { registerMetrics } from './http/metrics.js';
import { registerConsole } from './http/console.js';
import { registerErrorPages } from './http/error-pages.js';
import { openApiOptions } from './http/openapi/document.js';
import { registerOpenApiDocuments } from './http/openapi/openapi.routes.js';
import { registerRateLimits, type RateLimits } from './http/rate-limit.js';
import { authorize, type RestApp, type RestRoutes, type RouteDeps } from './http/rest.js';
import { refuseUnstorableText } from './http/storable-input.js';
import { buildListQueries } from './http/validation.js';
import { attachLiveEvents } from './live/websocket.js';
import { loadModuleApis } from './modules.js';

export type { ServerDeps } from './http/app.js';

/**
 * Builds the HTTP server: REST routes, GraphQL, health, metrics and the OpenAPI
 * document, with the routes and resolvers src/modules.ts assembles. No business rule
 * lives here.
 */
export async function buildServer(deps: ServerDeps): Promise<RestApp> {
  if (deps.config.role === 'dispatcher') return buildProbeServer(deps);
  const { config, orm } = deps;
  const api = await loadModuleApis();
  const app = createFastify(deps, api.hosts);
  await app.register(swagger, openApiOptions(api.interfaces));
  registerOpenApiDocuments(app, api.interfaces);
  registerErrorPages(app);

  const metrics = registerMetrics(app, config, deps.metrics);
  const replicas = await startReplicas(app, deps, metrics);
  registerHealth(app, orm, replicas);
  const rateLimits = await registerRateLimits(app, config);
  const authenticator = await startAuthenticator(app, deps, metrics);
  const forks = decorateRequests(app, orm, replicas);
  recordWritesForReplicas(app, replicas);
  authenticateRequests(app, { authenticator, rateLimits, forks });

  await registerConsole(app, config.consoleDir);
  buildListQueries(config.pageSizeMax);
  await registerRestRoutes(app, api.routes, { config, orm });
  const { schemas, limits } = await registerGraphQL(app, api.graphql, config);
  // Subscriptions over graphql-ws on the same path and port.
  attachLiveEvents(app, { config, orm, logger: deps.logger, schema: schemas.client, limits, metrics, authenticator, rateLimits });
  return app;
}

async function startReplicas(app: RestApp, { config, orm, logger }: ServerDeps, metrics: Registry): Promise<ReadReplicas | undefined> {
  const replicas = await ReadReplicas.start({
    primaryUrl: orm.config.get('clientUrl')!,
    replicaUrls: config.databaseReadUrls,
    entities: orm.config.get('entities') as EntityClass[],
    maxLagMs: config.replicaMaxLagMs,
    checkMs: config.replicaCheckMs,
    logger,
    metrics,
  });
  app.addHook('onClose', async () => replicas?.stop());
  return replicas;
}

async function startAuthenticator(app: RestApp, { config, orm, logger }: ServerDeps, metrics: Registry): Promise<Authenticator> {
  const credentials = await startCredentialCache<Credential>(config.authCacheMs, { orm, logger });
  app.addHook('onClose', async () => credentials?.close());
  return new Authenticator(metrics, credentials?.cache);
}

/** Each request's entity manager, by request: the one authentication scopes in place. */
type RequestForks = WeakMap<FastifyRequest, EntityManager>;

function decorateRequests(app: RestApp, orm: Orm, replicas: ReadReplicas | undefined): RequestForks {
  app.decorateRequest('principal', undefined);
  app.decorateRequest('applicationId', undefined);
  // A request's entity manager is forked when first used, scoped to the caller's seller:
  // a request answered from memory (a cached token, `{ __typename }`) forks none.
  const forks: RequestForks = new WeakMap();
  app.decorateRequest('em', {
    getter(this: FastifyRequest) {
      let em = forks.get(this);
      if (!em) {
        em = orm.em.fork();
        if (this.principal) scopeToSeller(em, this.principal.sellerId);
        forks.set(this, em);
      }
      return em;
    },
  });
  app.decorateRequest('lagTolerantRead', function <T>(this: FastifyRequest, work: (em: EntityManager) => Promise<T>): Promise<T> {
    if (!replicas) return work(this.em);
    return replicas.read(writerOf(this), this.principal?.sellerId, work, () => this.em);
  });
  app.decorateRequest('wrote', false);
  return forks;
}

/** A caller's writes, recorded once answered (committed): its next reads wait for a replica that has them. */
function recordWritesForReplicas(app: RestApp, replicas: ReadReplicas | undefined): void {
  app.addHook('onResponse', async (request) => {
    const writer = writerOf(request);
    if (replicas && writer && (request.wrote || (!READ_METHODS.has(request.method) && !GRAPHQL_PATHS.has(request.routeOptions.url ?? '')))) replicas.wrote(writer);
  });
}

/**
 * Who calls, then their budget, then their scope: a refused request still spends budget.
 * The credential is resolved first, so a valid one never pays for its address's budget.
 */
function authenticateRequests(app: RestApp, { authenticator, rateLimits, forks }: { authenticator: Authenticator; rateLimits: RateLimits; forks: RequestForks }): void {
  app.addHook('onRequest', async (request, reply) => {
    // `/metrics` checks its own token, which is no API credential. A route exempt from the
    // rate limit is public and takes no credential either: looking one up there would let
    // anyone make us query the database without limit.
    const { authenticate, rateLimit } = request.routeOptions.config;
    if (authenticate === false || rateLimit === false) return;
    const credential = await authenticator.authenticate(() => request.em, bearerSecret(request.headers.authorization));
    request.principal = credential?.kind === 'token' ? credential.principal : undefined;
    request.applicationId = credential?.kind === 'application' ? credential.applicationId : undefined;
    // A token is looked up with a raw statement, so a fork made for the lookup holds no
    // entity: it is scoped in place rather than forked again.
    const lookupFork = forks.get(request);
    if (lookupFork && request.principal) scopeToSeller(lookupFork, request.principal.sellerId);
    await rateLimits.limitRequest(request, reply);
    const scope = request.routeOptions.config.scope;
    if (scope) authorize(request.principal, scope);
  });
}

/** Every module's routes, each in its own plugin, after the check that refuses unstorable text. */
async function registerRestRoutes(app: RestApp, routes: readonly RestRoutes[], deps: RouteDeps): Promise<void> {
  await app.register(async (rest) => {
    rest.addHook('preValidation', refuseUnstorableText);
    for (const moduleRoutes of routes) await rest.register(async (scope) => moduleRoutes(scope as RestApp, deps));
  });
}

/** The client schema at /graphql and, for gateways that present its token, the federation subgraph. */
async function registerGraphQL(app: RestApp, parts: SchemaParts, config: Config): Promise<{ schemas: GraphQLSchemas; limits: OperationLimits }> {
  const schemas = await buildGraphQLSchemas(parts);
  const limits = operationLimits(config);
  const graphqlHandler = async (schema: GraphQLSchema) =>
    fastifyApolloHandler(await startApollo(app, schema, limits), {
      context: async (request) => new HttpGraphQLContext(request, config),
    });
  const graphqlRoute = { method: ['GET', 'POST', 'OPTIONS'], schema: { hide: true }, errorHandler: handleGraphQLRouteError };
  app.route({ ...graphqlRoute, url: '/graphql', handler: await graphqlHandler(schemas.client) });
  // The federation subgraph only for gateways that present its token; without one, no such path.
  if (config.graphqlSubgraphToken !== undefined) {
    const onRequest = subgraphAccess(config.graphqlSubgraphToken);
    app.route({ ...graphqlRoute, url: SUBGRAPH_PATH, onRequest, handler: await graphqlHandler(schemas.subgraph) });
  }
  return { schemas, limits };
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Their POSTs are mostly reads: a mutation marks its own request (writePlugin in src/graphql/apollo.ts). */
const GRAPHQL_PATHS = new Set(['/graphql', SUBGRAPH_PATH]);

/** Whose writes a request's reads must see: its token's, or its application's. */
function writerOf(request: FastifyRequest): string | undefined {
  if (request.principal) return `token:${request.principal.tokenId}`;
  return request.applicationId === undefined ? undefined : `app:${request.applicationId}`;
}
