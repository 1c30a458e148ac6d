import { randomUUID } from 'node:crypto';
import type { ExecutionArgs, ExecutionResult, FormattedExecutionResult, GraphQLError, GraphQLSchema } from 'graphql';
import { CloseCode, type Context, type ServerOptions, type SubscribePayload } from 'graphql-ws';
import type { Extra } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { Gauge, type Registry } from 'prom-client';
import { WebSocket } from 'ws';
import type { Authenticator } from '../auth/authenticator.js';
import type { Principal } from '../auth/auth.service.js';
import type { Config } from '../config.js';
import { forkForSeller, type Orm } from '../db/orm.js';
import { eventsReadableWith } from '../events/read-scopes.js';
import type { OperationCost, OperationLimits } from '../graphql/limits.js';
import { withinResponseCeiling } from '../graphql/response-size.js';
import { clientAddressOf } from '../http/client-address.js';
import type { RateLimits } from '../http/rate-limit.js';
import { TOO_MANY_CONNECTIONS_CLOSE_CODE } from './close-codes.js';
import { ConnectionGuard } from './connection-guard.js';
import type { LiveContext } from './context.js';
import type { LiveHub } from './hub.js';
import { OperationChecks } from './operation-checks.js';
import { maskedErrors, tooManyOperations } from './live-errors.js';
import { isRefusedSubscription, refusedErrorsOf, refusedStream } from './refused-subscriptions.js';
import { audienceOf, SharedResults, type Delivery } from './shared-results.js';
import { TokenLimits } from './token-limits.js';

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
export type ConnectionExtra = { principal: Principal };

type ConnectionParams = Record<string, unknown>;
type LiveConnection = Context<ConnectionParams, Extra & Partial<ConnectionExtra>>;

/**
 * The graphql-ws hooks of the live endpoint, one step each: admitting a connection,
 * releasing it, admitting an operation, giving it its context, shaping its results.
 */
export class LiveEndpoint {
  private readonly tokenLimits: TokenLimits;
  private readonly guard: ConnectionGuard;
  private readonly checks: OperationChecks;
  /** The cost of each query or mutation (not subscription), for its result's `extensions.cost`. */
  private readonly costs = new WeakMap<object, OperationCost>();
  /** How each operation's results reach its socket, for subscriptions (see SharedResults). */
  private readonly deliveries = new WeakMap<object, Delivery>();
  private readonly shared = new SharedResults();

  constructor(
    private readonly deps: LiveDeps,
    private readonly hub: LiveHub,
  ) {
    this.tokenLimits = new TokenLimits(deps.config);
    this.guard = new ConnectionGuard({ ...deps, clientAddress: clientAddressOf(deps.config.trustProxy) });
    this.checks = new OperationChecks(deps.schema, deps.limits);
    countConnections(deps.metrics, this.tokenLimits);
  }

  serverOptions(): ServerOptions<ConnectionParams, Extra & Partial<ConnectionExtra>> & { isProd: boolean } {
    return {
      schema: this.deps.schema,
      isProd: true,
      onConnect: (ctx) => this.admitConnection(ctx),
      onClose: (ctx) => this.releaseConnection(ctx),
      onSubscribe: (ctx, _id, payload) => this.admitOperation(ctx, payload),
      context: (ctx, id, _payload, args) => this.contextOf(ctx, id, args),
      subscribe: (args) => this.shared.subscribe(args, this.deliveries.get(args)!),
      // A subscription refused before its stream starts ends with an `error` message for it alone.
      onOperation: (_ctx, _id, _payload, args, result) => (isRefusedSubscription(args, result) ? refusedStream(result.errors) : undefined),
      onNext: (_ctx, _id, _payload, args, executed) => this.resultOf(args, executed),
      onError: (_ctx, _id, _payload, errors) => maskedErrors(refusedErrorsOf(errors) ?? errors, this.deps.logger),
    };
  }

  /** Stops watching connections for revoked tokens. */
  stop(): void {
    this.guard.stop();
  }

  /** A token that can read live events, on a socket still open, within the connection limits. */
  private async admitConnection(ctx: LiveConnection): Promise<boolean> {
    const { socket } = ctx.extra;
    const principal = await this.guard.authenticate(socket, ctx.extra.request, ctx.connectionParams);
    if (!principal) return false;
    if (eventsReadableWith(principal.scopes).length === 0) {
      socket.close(CloseCode.Forbidden, 'Forbidden: the token has neither orders:read nor catalog:read');
      return false;
    }
    // A socket closed while the token was looked up has run onClose already: count nothing.
    if (socket.readyState !== WebSocket.OPEN) return false;
    const full = this.tokenLimits.openConnection(principal);
    if (full) {
      const { config } = this.deps;
      const maximum = full === 'token' ? config.liveMaxConnectionsPerToken : config.liveMaxConnectionsPerSeller;
      socket.close(TOO_MANY_CONNECTIONS_CLOSE_CODE, `Too many connections: this ${full} already holds ${maximum}`);
      return false;
    }
    ctx.extra.principal = principal;
    this.guard.watch(socket, principal);
    return true;
  }

  private releaseConnection(ctx: LiveConnection): void {
    if (ctx.extra.principal) this.tokenLimits.closeConnection(ctx.extra.principal);
  }

  /** Within the connection's operation limit and the token's request budget, and passing the HTTP checks. */
  private async admitOperation(ctx: LiveConnection, payload: SubscribePayload): Promise<ExecutionArgs | readonly GraphQLError[]> {
    const maximum = this.deps.config.liveMaxSubscriptionsPerConnection;
    // graphql-ws has already recorded this operation among the connection's.
    if (Object.keys(ctx.subscriptions).length > maximum) return [tooManyOperations(maximum)];
    const refused = await this.guard.admitOperation(ctx.extra.socket, ctx.extra.request, ctx.extra.principal!);
    if (refused) return refused;
    const checked = this.checks.check(payload);
    if (!('args' in checked)) return checked;
    if (checked.cost) this.costs.set(checked.args, checked.cost);
    return checked.args;
  }

  private contextOf(ctx: LiveConnection, id: string, args: ExecutionArgs): LiveContext {
    const { config, orm, logger } = this.deps;
    const principal = ctx.extra.principal!;
    const { socket, request } = ctx.extra;
    this.deliveries.set(args, {
      id,
      audience: audienceOf(principal, args),
      send: (message) => sendOn(socket, message),
      format: (result) => (result.errors ? { ...result, errors: maskedErrors(result.errors, logger) } : result),
    });
    return {
      principal,
      em: forkForSeller(orm, principal.sellerId),
      requestId: randomUUID(),
      origin: `${config.tlsCertFile ? 'https' : 'http'}://${request.headers.host ?? `${config.host}:${config.port}`}`,
      config,
      loaders: new Map(),
      live: this.hub,
      closeConnection: (code, reason) => socket.close(code, reason),
      admitReplay: () => this.tokenLimits.takeReplay(principal.tokenId),
    };
  }

  /** Errors masked; queries and mutations (the ones with a cost) meet the response ceiling, events do not need it. */
  private resultOf(args: ExecutionArgs, executed: ExecutionResult): FormattedExecutionResult | undefined {
    const cost = this.costs.get(args);
    if (!executed.errors && !cost) return undefined;
    const result = cost ? withinResponseCeiling(executed, this.deps.limits.maxResponseBytes) : executed;
    return {
      ...result,
      ...(result.errors ? { errors: maskedErrors(result.errors, this.deps.logger) } : {}),
      ...(cost ? { extensions: { ...result.extensions, cost } } : {}),
    };
  }
}

function countConnections(metrics: Registry, tokenLimits: TokenLimits): void {
  new Gauge({
    name: 'ponte_live_connections',
    help: 'Authenticated WebSocket connections in this process',
    registers: [metrics],
    collect() {
      this.set(tokenLimits.connectionCount);
    },
  });
}

/** As graphql-ws writes its own messages: nothing once the socket is closing, settled when the socket took the data. */
function sendOn(socket: WebSocket, message: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.readyState !== WebSocket.OPEN) return resolve();
    socket.send(message, (error) => (error ? reject(error) : resolve()));
  });
}
