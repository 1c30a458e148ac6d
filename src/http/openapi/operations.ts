import type { SwaggerTransform } from '@fastify/swagger';
import type { ErrorCode } from '../../errors.js';
import { ANY_SCOPE } from '../rest.js';
import { COLLECTION_KEY } from './collection-hints.js';

/** The security schemes of every document: a seller's API token and an application's credential. */
export const SECURITY_SCHEMES = {
  sellerToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'A seller\'s API token (`ponte_sk_…`). Each operation lists the scope it needs; a token without it is answered 403.',
  },
  applicationCredential: {
    type: 'http',
    scheme: 'bearer',
    description: 'An application\'s credential (`ponte_app_…`): the per-product webhook registrations and the application\'s own credentials.',
  },
} as const;

/** The seller token scopes an operation needs (`["orders:read"]`), beside its security requirement. */
export const SCOPES_KEY = 'x-required-scopes';

/** Where the route's documented errors travel from the per-route transform to the document transform. */
export const PROBLEMS_KEY = 'x-ponte-problems';

const VERBS: Record<string, (item: boolean) => string> = {
  GET: (item) => (item ? 'get' : 'list'),
  POST: () => 'create',
  PUT: () => 'put',
  PATCH: () => 'update',
  DELETE: () => 'delete',
};

/**
 * Completes each route's operation from what the route already declares, so no route
 * states it twice: the security requirement from `config.scope` (the scope as the
 * requirement's role) or the route's own `security`; the errors it can answer from its
 * shape and config (see `problemsOf`); an operationId when the route names none (the
 * method and the path's words: `GET /canais/:code` → `getCanais`). Routes name their own
 * operationId where that reads better for client generators.
 */
export const describeOperation: SwaggerTransform = ({ schema, url, route }) => {
  if (!schema || schema.hide) return { schema, url };
  const scope = route.config?.scope;
  const needed = scope && scope !== ANY_SCOPE ? scope : undefined;
  // A bearer scheme has no scopes in OpenAPI's model (only OAuth2 flows do): the
  // requirement names the scheme, and the scope travels in SCOPES_KEY and the description.
  const security = schema.security ?? (scope ? [{ sellerToken: [] }] : []);
  const method = String(route.method);
  const summary = typeof schema.summary === 'string' ? schema.summary : undefined;
  return {
    url,
    schema: {
      ...schema,
      operationId: schema.operationId ?? derivedOperationId(method, url),
      description: [schema.description ?? (summary ? `${summary.replace(/\.$/, '')}.` : undefined), whoMayCall(security, needed)].filter(Boolean).join('\n\n'),
      security,
      ...(needed ? { [SCOPES_KEY]: [needed] } : {}),
      ...(route.config?.collection ? { [COLLECTION_KEY]: route.config.collection } : {}),
      [PROBLEMS_KEY]: problemsOf(schema, { scoped: scope !== undefined && scope !== ANY_SCOPE, secured: security.length > 0, limited: route.config?.rateLimit !== false, path: url }),
    },
  };
};

/** The operation's caller, in words: every operation description ends with it. */
function whoMayCall(security: readonly Record<string, unknown>[], scope: string | undefined): string {
  if (security.some((requirement) => 'applicationCredential' in requirement)) return 'Called with the application\'s credential (`ponte_app_…`).';
  if (security.length === 0) return 'Needs no credential.';
  return scope ? `Needs a seller token with the \`${scope}\` scope (403 \`FORBIDDEN\` without it).` : 'Any seller token may call it.';
}

function derivedOperationId(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  const item = segments.at(-1)?.startsWith(':') ?? false;
  const words = segments.filter((segment) => !segment.startsWith(':') && segment !== 'api' && !/^v\d+$/.test(segment));
  const noun = words.map((word) => word.replace(/(^|[-_])(\w)/g, (_match, _separator, letter: string) => letter.toUpperCase())).join('');
  return `${(VERBS[method] ?? ((_item: boolean) => method.toLowerCase()))(item)}${noun}`;
}

interface RouteShape {
  /** The route needs a scope a valid token may lack. */
  scoped: boolean;
  /** The route needs a credential. */
  secured: boolean;
  /** The route spends the caller's rate-limit budget. */
  limited: boolean;
  path: string;
}

/**
 * The errors every route of this shape can answer (a route adds its own domain errors,
 * e.g. 409, to its `response`): a body can be malformed (400), too large (413), not JSON
 * (415) or invalid (422); parameters invalid (422); a path names something that may not
 * exist (404); a credential missing or refused (401), a scope missing (403); the rate limit
 * (429) and a database outage (503) can meet any route.
 */
function problemsOf(schema: { body?: unknown; querystring?: unknown; params?: unknown; headers?: unknown }, shape: RouteShape): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (schema.body) codes.push('BAD_REQUEST');
  if (shape.secured) codes.push('UNAUTHENTICATED');
  if (shape.scoped) codes.push('FORBIDDEN');
  if (shape.path.includes(':')) codes.push('NOT_FOUND');
  if (schema.body) codes.push('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  if (schema.body || schema.querystring || schema.params || schema.headers) codes.push('VALIDATION_FAILED');
  if (shape.limited) codes.push('RATE_LIMITED');
  codes.push('UNAVAILABLE');
  return codes;
}
