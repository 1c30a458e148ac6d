import { fastifyApolloHandler } from '@as-integrations/fastify';
import swagger from '@fastify/swagger';
import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import type { Principal } from './auth/auth.service.js';
import type { Config } from './config.js';
import type { GraphQLContext } from './graphql/context.js';
import { Authenticator, type Credential } from './auth/authenticator.js';
import { startCredentialCache } from './auth/credential-cache.js';
import { bearerSecret } from './auth/secrets.js';
import { scopeToSeller } from './db/orm.js';
import { ReadReplicas } from './db/replicas.js';
import { buildProbeServer, createFastify, type ServerDeps } from './http/app.js';
import { startApollo } from './graphql/apollo.js';
import { operationLimits } from './graphql/limits.js';
import { handleGraphQLRouteError } from './graphql/route-errors.js';
import { buildGraphQLSchemas } from './graphql/schema.js';
import { SUBGRAPH_PATH, subgraphAccess } from './graphql/subgraph-access.js';
import { registerHealth } from './http/health.js';
import { registerMetrics } from './http/metrics.js';
import { registerConsole } from './http/console.js';
import { registerErrorPages } from './http/error-pages.js';
import { openApiOptions } from './http/openapi/document.js';
import { registerOpenApiDocuments } from './http/openapi/openapi.routes.js';
import { registerRateLimits } from './http/rate-limit.js';
import { authorize, type RestApp } from './http/rest.js';
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
  const replicas = await ReadReplicas.start({
    primaryUrl: orm.config.get('clientUrl')!,
    replicaUrls: config.databaseReadUrls,
    entities: orm.config.get('entities') as EntityClass[],
    maxLagMs: config.replicaMaxLagMs,
    checkMs: config.replicaCheckMs,
    logger: deps.logger,
    metrics,
  });
  app.addHook('onClose', async () => replicas?.stop());
  registerHealth(app, orm, replicas);

  const rateLimits = await registerRateLimits(app, config);
  const credentials = await startCredentialCache<Credential>(config.authCacheMs, { orm, logger: deps.logger });
  app.addHook('onClose', async () => credentials?.close());
  const authenticator = new Authenticator(metrics, credentials?.cache);
  app.decorateRequest('principal', undefined);
  app.decorateRequest('applicationId', undefined);
  // A request's entity manager is forked when first used, scoped to the caller's seller:
  // a request answered from memory (a cached token, `{ __typename }`) forks none.
  const forks = new WeakMap<FastifyRequest, EntityManager>();
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
  // A caller's writes, recorded once answered (committed): its next reads wait for a replica that has them.
  app.addHook('onResponse', async (request) => {
    const writer = writerOf(request);
    if (replicas && writer && (request.wrote || (!READ_METHODS.has(request.method) && !GRAPHQL_PATHS.has(request.routeOptions.url ?? '')))) replicas.wrote(writer);
  });
  app.decorateRequest('wrote', false);
  // Who calls, then their budget, then their scope: a refused request still spends budget.
  // The credential is resolved first, so a valid one never pays for its address's budget.
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

  await registerConsole(app, config.consoleDir);
  buildListQueries(config.pageSizeMax);
  await app.register(async (rest) => {
    rest.addHook('preValidation', refuseUnstorableText);
    for (const routes of api.routes) await rest.register(async (scope) => routes(scope as RestApp, { config, orm }));
  });

  const schemas = await buildGraphQLSchemas(api.graphql);
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
  // Subscriptions over graphql-ws on the same path and port (dispatchers serve no API).
  if (config.role !== 'dispatcher') {
    attachLiveEvents(app, { config, orm, logger: deps.logger, schema: schemas.client, limits, metrics, authenticator, rateLimits });
  }

  return app;
}


/**
 * A GraphQL request's context. Its entity manager is the request's, forked on first use,
 * through a getter on the prototype: Apollo copies a context's own properties for each
 * operation, which would call a getter of the object itself and fork for every request.
 */
class HttpGraphQLContext implements GraphQLContext {
  readonly principal: Principal | undefined;
  readonly requestId: string;
  readonly origin: string;
  readonly loaders = new Map<string, unknown>();
  readonly log: FastifyBaseLogger;

  constructor(
    private readonly request: FastifyRequest,
    readonly config: Config,
  ) {
    this.principal = request.principal;
    this.requestId = String(request.id);
    this.origin = `${request.protocol}://${request.host}`;
    this.log = request.log;
  }

  get em(): EntityManager {
    return this.request.em;
  }

  lagTolerantRead<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.request.lagTolerantRead(work);
  }

  noteWrite(): void {
    this.request.wrote = true;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Their POSTs are mostly reads: a mutation marks its own request (writePlugin in src/graphql/apollo.ts). */
const GRAPHQL_PATHS = new Set(['/graphql', SUBGRAPH_PATH]);

/** Whose writes a request's reads must see: its token's, or its application's. */
function writerOf(request: FastifyRequest): string | undefined {
  if (request.principal) return `token:${request.principal.tokenId}`;
  return request.applicationId === undefined ? undefined : `app:${request.applicationId}`;
}
