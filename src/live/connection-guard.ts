import type { IncomingMessage } from 'node:http';
import { GraphQLError } from 'graphql';
import { CloseCode } from 'graphql-ws';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { Authenticator } from '../auth/authenticator.js';
import { bearerSecret } from '../auth/secrets.js';
import { activeTokenIds, type Principal } from '../auth/auth.service.js';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import { AppError } from '../errors.js';
import type { RateLimits } from '../http/rate-limit.js';

export interface ConnectionGuardDeps {
  orm: Orm;
  config: Pick<Config, 'liveTokenCheckMs'>;
  logger: Logger;
  authenticator: Authenticator;
  rateLimits: RateLimits;
  /** The client's address as HTTP requests see it (TRUST_PROXY). */
  clientAddress(request: IncomingMessage): string;
}

const REVOKED = 'Forbidden: the token was revoked';

/**
 * The authentication rules of live connections, the same as over HTTP: a token resolved
 * cheaply (failures spend the client address's budget; 4429 once it is spent), every operation spending the token's request budget, and a revoked
 * token losing its connections. Operations check their token themselves; open
 * subscriptions are checked every LIVE_TOKEN_CHECK_MS with one query for all connections of
 * the process, so a revocation made by any process closes them (4403) within that time.
 */
export class ConnectionGuard {
  private readonly watched = new Map<WebSocket, string>();
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(private readonly deps: ConnectionGuardDeps) {}

  /** The principal of `connection_init`, or undefined once the socket is closed (4401, or 4429 over budget). */
  async authenticate(socket: WebSocket, request: IncomingMessage, params: Record<string, unknown> | undefined): Promise<Principal | undefined> {
    const header = params?.authorization ?? params?.Authorization;
    const secret = typeof header === 'string' ? bearerSecret(header) : undefined;
    const credential = await this.deps.authenticator.authenticate(() => this.deps.orm.em.fork(), secret);
    if (credential?.kind === 'token') return credential.principal;
    const decision = await this.deps.rateLimits.take({ ip: this.deps.clientAddress(request) });
    if (decision.allowed) socket.close(CloseCode.Unauthorized, 'Unauthorized: connection_init needs a valid authorization: Bearer token');
    else socket.close(CloseCode.TooManyInitialisationRequests, `Too many requests: retry in ${decision.retryAfterSeconds} s`);
    return undefined;
  }

  /**
   * Before each operation (subscribe message): it spends one request of the token's
   * budget, and a token revoked meanwhile closes the connection (4403).
   */
  async admitOperation(socket: WebSocket, request: IncomingMessage, principal: Principal): Promise<GraphQLError[] | undefined> {
    const decision = await this.deps.rateLimits.take({ principal, ip: this.deps.clientAddress(request) });
    if (!decision.allowed) {
      return [refusal(new AppError('RATE_LIMITED', `Rate limit exceeded; retry in ${decision.retryAfterSeconds} s`, { retryAfterSeconds: decision.retryAfterSeconds }))];
    }
    if (!(await activeTokenIds(this.deps.orm.em.fork(), [principal.tokenId])).has(principal.tokenId)) {
      socket.close(CloseCode.Forbidden, REVOKED);
      return [refusal(new AppError('UNAUTHENTICATED', 'The token was revoked'))];
    }
    return undefined;
  }

  /** Keeps an eye on an authenticated connection's token until the socket closes. */
  watch(socket: WebSocket, principal: Principal): void {
    this.watched.set(socket, principal.tokenId);
    socket.once('close', () => this.watched.delete(socket));
    this.timer ??= setInterval(() => void this.closeRevoked(), this.deps.config.liveTokenCheckMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async closeRevoked(): Promise<void> {
    if (this.watched.size === 0 || this.checking) return;
    this.checking = true;
    try {
      const asked = new Set(this.watched.values());
      const active = await activeTokenIds(this.deps.orm.em.fork(), [...asked]);
      // Connections watched while the query ran hold tokens it was not asked about: the
      // next round decides for them.
      for (const [socket, tokenId] of this.watched) {
        if (asked.has(tokenId) && !active.has(tokenId)) {
          this.watched.delete(socket);
          socket.close(CloseCode.Forbidden, REVOKED);
        }
      }
    } catch (error) {
      // The next round tries again; operations keep checking their token meanwhile.
      this.deps.logger.warn({ err: error }, 'could not check the tokens of live connections');
    } finally {
      this.checking = false;
    }
  }
}

function refusal(error: AppError): GraphQLError {
  return new GraphQLError(error.message, { originalError: error });
}
