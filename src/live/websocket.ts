import { randomUUID } from 'node:crypto';
import {
  GraphQLError,
  getOperationAST,
  getVariableValues,
  parse,
  specifiedRules,
  validate,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { Gauge, type Registry } from 'prom-client';
import { WebSocket, WebSocketServer } from 'ws';
import type { Authenticator } from '../auth/authenticator.js';
import type { Principal } from '../auth/auth.service.js';
import type { Config } from '../config.js';
import { forkForSeller, type Orm } from '../db/orm.js';
import { AppError } from '../errors.js';
import { eventsReadableWith } from '../events/read-scopes.js';
import { formatGraphQLError } from '../graphql/apollo.js';
import type { OperationCost, OperationLimits } from '../graphql/limits.js';
import { unstorableInputError } from '../graphql/storable-input.js';
import type { RateLimits } from '../http/rate-limit.js';
import type { RestApp } from '../http/rest.js';
import { TOO_MANY_CONNECTIONS_CLOSE_CODE } from './close-codes.js';
import { clientAddressOf } from '../http/client-address.js';
import { ConnectionGuard } from './connection-guard.js';
import type { LiveContext } from './context.js';
import { LiveHub } from './hub.js';
import { connectPostgresFeed } from './postgres-feed.js';
import { connectRedisFeed } from './redis-feed.js';
import { audienceOf, SharedResults, type Delivery } from './shared-results.js';
import { TokenLimits } from './token-limits.js';
import { withinResponseCeiling } from '../graphql/response-size.js';

export interface LiveDeps {
  config: Config;
  orm: Orm;
  logger: Logger;
  schema: GraphQLSchema;
  /** The same parse, validation and cost limits as over HTTP. */
  limits: OperationLimits;
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
 * 4401, one that can read no live event or that was revoked with 4403. A subscription
 * whose scope the token lacks gets an `error` message for that operation alone, the
 * connection stays. Operations meet the HTTP limits (depth, aliases, tokens, cost);
 * messages, operations per connection, connections per token and replays have their own
 * (docs/live-events.md, Limits).
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
  // maxPayload holds before connection_init too: ws reads the frame header and closes with 1009.
  const wss = new WebSocketServer({ server: app.server, path: '/graphql', maxPayload: config.liveMaxMessageBytes });
  const { limits } = deps;
  const rules = [...specifiedRules, ...limits.validationRules];
  const tokenLimits = new TokenLimits(config);
  const guard = new ConnectionGuard({ ...deps, config, clientAddress: clientAddressOf(config.trustProxy) });
  new Gauge({
    name: 'ponte_live_connections',
    help: 'Authenticated WebSocket connections in this process',
    registers: [deps.metrics],
    collect() {
      this.set(tokenLimits.connectionCount);
    },
  });
  /** The cost of each query or mutation (not subscription), for its result's `extensions.cost`. */
  const costs = new WeakMap<object, OperationCost>();
  /** How each operation's results reach its socket, for subscriptions (see SharedResults). */
  const deliveries = new WeakMap<object, Delivery>();
  const shared = new SharedResults();

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
        // A socket closed while the token was looked up has run onClose already: count nothing.
        if (ctx.extra.socket.readyState !== WebSocket.OPEN) return false;
        const full = tokenLimits.openConnection(principal);
        if (full) {
          const maximum = full === 'token' ? config.liveMaxConnectionsPerToken : config.liveMaxConnectionsPerSeller;
          ctx.extra.socket.close(TOO_MANY_CONNECTIONS_CLOSE_CODE, `Too many connections: this ${full} already holds ${maximum}`);
          return false;
        }
        ctx.extra.principal = principal;
        guard.watch(ctx.extra.socket, principal);
        return true;
      },
      onClose: (ctx) => {
        if (ctx.extra.principal) tokenLimits.closeConnection(ctx.extra.principal);
      },
      onSubscribe: async (ctx, _id, payload) => {
        // graphql-ws has already recorded this operation among the connection's.
        if (Object.keys(ctx.subscriptions).length > config.liveMaxSubscriptionsPerConnection) {
          return [tooManyOperations(config.liveMaxSubscriptionsPerConnection)];
        }
        const refused = await guard.admitOperation(ctx.extra.socket, ctx.extra.request, ctx.extra.principal!);
        if (refused) return refused;
        let document;
        try {
          document = parse(payload.query, limits.parseOptions);
        } catch (error) {
          return [tagged(error as GraphQLError, 'GRAPHQL_PARSE_FAILED')];
        }
        const errors = validate(deps.schema, document, rules);
        if (errors.length > 0) return errors.map((error) => tagged(error, 'GRAPHQL_VALIDATION_FAILED'));
        const operation = getOperationAST(document, payload.operationName);
        if (!operation) return [tagged(new GraphQLError('Unable to identify the operation'), 'GRAPHQL_VALIDATION_FAILED')];
        const { cost, refusal } = limits.priceOperation({ schema: deps.schema, document, operationName: payload.operationName, variables: payload.variables });
        if (refusal) return [tagged(refusal, 'GRAPHQL_VALIDATION_FAILED')];
        const unstorable = unstorableInputError(document, payload.variables);
        if (unstorable) return [unstorable];
        // Variables that do not fit their types (an unknown enum value…) are the client's
        // mistake, as over HTTP (BAD_USER_INPUT), not an unexpected error to mask.
        const coercion = getVariableValues(deps.schema, operation.variableDefinitions ?? [], payload.variables ?? {}, { maxErrors: 10 });
        if (coercion.errors) return coercion.errors.map((error) => tagged(error, 'BAD_USER_INPUT'));
        const args = { schema: deps.schema, document, operationName: payload.operationName, variableValues: payload.variables };
        if (cost && operation.operation !== 'subscription') costs.set(args, cost);
        return args;
      },
      context: (ctx, id, _payload, args): LiveContext => {
        const principal = ctx.extra.principal!;
        const { socket } = ctx.extra;
        deliveries.set(args, {
          id,
          audience: audienceOf(principal, args),
          send: (message) => sendOn(socket, message),
          format: (result) => (result.errors ? { ...result, errors: formatted(result.errors, logger) } : result),
        });
        return {
          principal,
          em: forkForSeller(orm, principal.sellerId),
          requestId: randomUUID(),
          origin: `${config.tlsCertFile ? 'https' : 'http'}://${ctx.extra.request.headers.host ?? `${config.host}:${config.port}`}`,
          config,
          loaders: new Map(),
          live: hub,
          closeConnection: (code, reason) => ctx.extra.socket.close(code, reason),
          admitReplay: () => tokenLimits.takeReplay(principal.tokenId),
        };
      },
      subscribe: (args) => shared.subscribe(args, deliveries.get(args)!),
      // A subscription refused before its stream starts (scope, arguments, replay budget)
      // ends with an `error` message for that operation alone; the connection and its
      // other operations go on (docs/live-events.md, "Close codes and errors").
      onOperation: (_ctx, _id, _payload, args, result) => (isRefusedSubscription(args, result) ? refusedStream(result.errors) : undefined),
      onNext: (_ctx, _id, _payload, args, executed) => {
        const cost = costs.get(args);
        if (!executed.errors && !cost) return undefined;
        // Queries and mutations (the ones with a cost) meet the response ceiling; events do not need it.
        const result = cost ? withinResponseCeiling(executed, limits.maxResponseBytes) : executed;
        return {
          ...result,
          ...(result.errors ? { errors: formatted(result.errors, logger) } : {}),
          ...(cost ? { extensions: { ...result.extensions, cost } } : {}),
        };
      },
      onError: (_ctx, _id, _payload, errors) => formatted(refusedErrorsOf(errors) ?? errors, logger),
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

/** As graphql-ws writes its own messages: nothing once the socket is closing, settled when the socket took the data. */
function sendOn(socket: WebSocket, message: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.readyState !== WebSocket.OPEN) return resolve();
    socket.send(message, (error) => (error ? reject(error) : resolve()));
  });
}

function tooManyOperations(maximum: number): GraphQLError {
  const error = new AppError('LIMIT_EXCEEDED', `A connection may hold ${maximum} operations at once: complete one first, or open another connection`, {
    limit: 'LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION',
    maximum,
  });
  return new GraphQLError(error.message, { originalError: error });
}

function tagged(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, extensions: { code } });
}

/** graphql-js answers a subscription that could not start with a result (its errors) instead of a stream. */
function isRefusedSubscription(args: ExecutionArgs, result: unknown): result is ExecutionResult & { errors: readonly GraphQLError[] } {
  if (Symbol.asyncIterator in (result as object) || !(result as ExecutionResult).errors) return false;
  return getOperationAST(args.document, args.operationName)?.operation === 'subscription';
}

/** Carries a refused subscription's errors through graphql-ws, which turns a failing stream into an `error` message. */
class SubscriptionRefused extends Error {
  constructor(readonly errors: readonly GraphQLError[]) {
    super('The subscription was refused');
  }
}

/** A stream that fails at once: graphql-ws answers it with one `error` message and no `complete`. */
async function* refusedStream(errors: readonly GraphQLError[]): AsyncGenerator<never> {
  throw new SubscriptionRefused(errors);
}

/** The refusal's own errors (codes, paths) in place of graphql-ws's wrapper. */
function refusedErrorsOf(errors: readonly GraphQLError[]): readonly GraphQLError[] | undefined {
  const [only] = errors;
  return errors.length === 1 && only!.originalError instanceof SubscriptionRefused ? only!.originalError.errors : undefined;
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
