import { randomUUID } from 'node:crypto';
import {
  GraphQLError,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import depthLimit from 'graphql-depth-limit';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { WebSocketServer } from 'ws';
import type { Authenticator } from '../auth/authenticator.js';
import type { Principal } from '../auth/service.js';
import type { Config } from '../config.js';
import { forkForSeller, type Orm } from '../db/orm.js';
import { AppError } from '../errors.js';
import { eventsReadableWith } from '../events/read-scopes.js';
import { costOf, formatGraphQLError } from '../graphql/apollo.js';
import type { RateLimits } from '../http/rate-limit.js';
import type { RestApp } from '../http/rest.js';
import { ConnectionGuard } from './connection-guard.js';
import type { LiveContext } from './context.js';
import { LiveHub } from './hub.js';
import { connectPostgresFeed } from './postgres-feed.js';
import { connectRedisFeed } from './redis-feed.js';

export interface LiveDeps {
  config: Config;
  orm: Orm;
  logger: Logger;
  schema: GraphQLSchema;
  metrics: Registry;
  authenticator: Authenticator;
  rateLimits: RateLimits;
}

/** What a connection carries after connection_init. */
type ConnectionExtra = { principal: Principal };

/** How long closing sockets get to finish their close handshake at shutdown. */
const CLOSE_GRACE_MS = 1000;

/**
 * GraphQL over WebSocket (graphql-ws) on /graphql, sharing the HTTP port. The token goes
 * in `connection_init` (`{ authorization: "Bearer …" }`): none or a bad one closes with
 * 4401, one that can read no live event with 4403, and so does a subscription whose
 * scope the token lacks.
 */
export function attachLiveEvents(app: RestApp, deps: LiveDeps): LiveHub {
  const { config, orm, logger } = deps;
  const databaseUrl = orm.config.get('clientUrl')!;
  const hub = new LiveHub({
    orm,
    config,
    logger,
    metrics: deps.metrics,
    connectFeed: (target) =>
      config.redisUrl
        ? connectRedisFeed(target, { redisUrl: config.redisUrl, prefix: config.liveRedisPrefix, logger })
        : connectPostgresFeed(target, { databaseUrl, orm, logger }),
  });
  const wss = new WebSocketServer({ server: app.server, path: '/graphql' });
  const guard = new ConnectionGuard({ ...deps, config });
  const rules = [...specifiedRules, depthLimit(config.graphqlMaxDepth)];

  useServer<Record<string, unknown>, ConnectionExtra>(
    {
      schema: deps.schema,
      isProd: true,
      onConnect: async (ctx) => {
        const principal = await guard.authenticate(ctx.extra.socket, ctx.extra.request, ctx.connectionParams);
        if (!principal) return false;
        if (eventsReadableWith(principal.scopes).length === 0) {
          ctx.extra.socket.close(CloseCode.Forbidden, 'Forbidden: the token has neither orders:read nor catalog:read');
          return false;
        }
        ctx.extra.principal = principal;
        guard.watch(ctx.extra.socket, principal);
        return true;
      },
      onSubscribe: async (ctx, _id, payload) => {
        const refused = await guard.admitOperation(ctx.extra.socket, ctx.extra.request, ctx.extra.principal!);
        if (refused) return refused;
        let document;
        try {
          document = parse(payload.query);
        } catch (error) {
          return [tagged(error as GraphQLError, 'GRAPHQL_PARSE_FAILED')];
        }
        const errors = validate(deps.schema, document, rules);
        if (errors.length > 0) return errors.map((error) => tagged(error, 'GRAPHQL_VALIDATION_FAILED'));
        if (!getOperationAST(document, payload.operationName)) {
          return [tagged(new GraphQLError('Unable to identify the operation'), 'GRAPHQL_VALIDATION_FAILED')];
        }
        const cost = costOf({ schema: deps.schema, document, operationName: payload.operationName, variables: payload.variables ?? undefined });
        if (cost !== undefined && cost > config.graphqlMaxCost) {
          return [tagged(new GraphQLError(`Query cost ${cost} exceeds the limit of ${config.graphqlMaxCost}`), 'GRAPHQL_VALIDATION_FAILED')];
        }
        return { schema: deps.schema, document, operationName: payload.operationName, variableValues: payload.variables };
      },
      context: (ctx): LiveContext => {
        const principal = ctx.extra.principal!;
        return {
          principal,
          em: forkForSeller(orm, principal.sellerId),
          requestId: randomUUID(),
          config,
          loaders: new Map(),
          live: hub,
          closeConnection: (code, reason) => ctx.extra.socket.close(code, reason),
        };
      },
      // An operation refused for its scope closes the connection, as the contract asks.
      onOperation: (ctx, _id, _payload, _args, result) => {
        const code = authErrorOf(result);
        if (code) ctx.extra.socket.close(code, code === CloseCode.Forbidden ? 'Forbidden: the token lacks the scope' : 'Unauthorized');
      },
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: formatted(result.errors, logger) } : undefined),
      onError: (_ctx, _id, _payload, errors) => formatted(errors, logger),
    },
    wss,
    config.liveKeepAliveMs,
  );

  app.addHook('preClose', async () => {
    guard.stop();
    await closeSockets(wss);
    await hub.close();
  });
  return hub;
}

function tagged(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, extensions: { code } });
}

function authErrorOf(result: unknown): CloseCode | undefined {
  const errors = (result as ExecutionResult).errors;
  if (!errors || Symbol.asyncIterator in (result as object)) return undefined;
  const codes = errors.map((error) => (error.originalError instanceof AppError ? error.originalError.code : undefined));
  if (codes.includes('UNAUTHENTICATED')) return CloseCode.Unauthorized;
  if (codes.includes('FORBIDDEN')) return CloseCode.Forbidden;
  return undefined;
}

/** The same masking as over HTTP: AppError codes kept, anything unexpected logged and hidden. */
function formatted(errors: readonly GraphQLError[], logger: Logger) {
  return errors.map((error) => {
    const result = formatGraphQLError(error.toJSON(), error);
    if (result.extensions?.code === 'INTERNAL') logger.error({ err: error.originalError ?? error }, 'graphql-ws error');
    return result;
  });
}

/** Going away (1001) to every client; those that do not finish the handshake in time are cut. */
async function closeSockets(wss: WebSocketServer): Promise<void> {
  const closing = [...wss.clients].map(
    (socket) =>
      new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close(1001, 'Server shutting down');
      }),
  );
  await Promise.race([Promise.all(closing), new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
  for (const socket of wss.clients) socket.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
}
