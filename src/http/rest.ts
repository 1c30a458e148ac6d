import { Type } from 'typebox';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Principal } from '../auth/auth.service.js';
import { requireAuthentication, requireScope } from '../auth/auth.service.js';
import type { Scope } from '../auth/scopes.js';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import type { CollectionHint } from './openapi/collection-hints.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | undefined;
    /** The application of a `ponte_app_…` credential (per-product routes), when that is what came. */
    applicationId: string | undefined;
    /** Scoped to the caller's seller once authenticated; unscoped (and so refusing tenant queries) before. */
    em: EntityManager;
    /**
     * Runs a read that tolerates lag (a list, a detail) on a read replica that has the
     * caller's own writes, or on the primary (`em`) without one (src/db/replicas.ts).
     */
    lagTolerantRead<T>(work: (em: EntityManager) => Promise<T>): Promise<T>;
    /** Set by a GraphQL mutation: the request wrote, whatever its method (see lagTolerantRead). */
    wrote: boolean;
  }
  interface FastifyContextConfig {
    /**
     * The scope a route needs, or ANY_SCOPE for any valid token; routes without one are
     * public (health, metrics, docs) or check their own credential (applications).
     */
    scope?: Scope | typeof ANY_SCOPE;
    /** false: the route checks a credential of its own (METRICS_TOKEN), not API tokens. */
    authenticate?: false;
    /** How the HTTP-client collections try the route, where they cannot infer it (collection-hints.ts). */
    collection?: CollectionHint;
  }
}

export type RestApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** What route plugins may use; they translate HTTP into service calls and nothing more. */
export interface RouteDeps {
  config: Config;
  orm: Orm;
}

export type RestRoutes = (app: RestApp, deps: RouteDeps) => void | Promise<void>;

/** A route any valid token may call, whatever its scopes (a token's own token list). */
export const ANY_SCOPE = 'any';

/** 401 without a principal, 403 without the route's scope. */
export function authorize(principal: Principal | undefined, scope: Scope | typeof ANY_SCOPE): Principal {
  return scope === ANY_SCOPE ? requireAuthentication(principal) : requireScope(principal, scope);
}

/** The authenticated principal of a route that declared its scope. */
export function callerOf(request: FastifyRequest): Principal {
  const scope = request.routeOptions.config.scope;
  if (!scope) throw new Error(`route ${request.routeOptions.url} reads the caller but declares no scope`);
  return authorize(request.principal, scope);
}

/** The response of a route that answers 204: no body (the OpenAPI documents show it without content). */
export const NO_CONTENT = Type.Null({ description: 'Done; no content' });
