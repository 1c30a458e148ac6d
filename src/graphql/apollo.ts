import { ApolloServer, type ApolloServerPlugin, type GraphQLRequestListener } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { FastifyInstance } from 'fastify';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import Negotiator from 'negotiator';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, databaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors.js';
import { compiledExecutionGateway } from './compiled-execution.js';
import type { GraphQLContext } from './context.js';
import type { OperationCost, OperationLimits } from './limits.js';
import { storableInputPlugin } from './storable-input.js';

type ApolloContext = GraphQLContext & { log: FastifyInstance['log'] };

/** Codes graphql-js and Apollo give to client mistakes: shown as they are. */
const CLIENT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_REQUEST',
]);

/**
 * The AppError behind a GraphQL error: thrown by a resolver, or by a plugin before
 * execution; a database that cannot be reached counts as UNAVAILABLE.
 */
function appErrorOf(error: unknown): AppError | undefined {
  const unwrapped = unwrapResolverError(error);
  const original = unwrapped instanceof GraphQLError && unwrapped.originalError ? unwrapped.originalError : unwrapped;
  if (original instanceof AppError) return original;
  return isDatabaseUnavailable(original) ? databaseUnavailable() : undefined;
}

/** AppError → `extensions.code` (+ its details); anything unexpected → masked INTERNAL. */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = appErrorOf(error);
  if (original) {
    return {
      message: original.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: {
        ...original.details,
        code: original.code,
        ...(original.errors ? { errors: original.errors } : {}),
      },
    };
  }
  const code = apolloRefusal(error) ? 'BAD_REQUEST' : formatted.extensions?.code;
  if (typeof code === 'string' && CLIENT_CODES.has(code)) {
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code } };
  }
  return { message: 'An unexpected error occurred', path: formatted.path, extensions: { code: 'INTERNAL' } };
}

/**
 * A request Apollo refused as a client's mistake without giving it a code (an automatic
 * persisted query whose hash does not match its text): it set HTTP 400 and nothing else.
 */
function apolloRefusal(error: unknown): boolean {
  if (!(error instanceof GraphQLError) || error.extensions.code !== undefined) return false;
  const http = error.extensions.http as { status?: number } | undefined;
  return http?.status === 400;
}

function isUnexpected(error: GraphQLError): boolean {
  if (appErrorOf(error) || apolloRefusal(error)) return false;
  const code = error.extensions?.code;
  return !(typeof code === 'string' && CLIENT_CODES.has(code));
}

/** Logs masked errors with the request id, and answers 401/403/503 when that is all there is to say. */
const errorPlugin: ApolloServerPlugin<ApolloContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue }) {
        for (const error of errors.filter(isUnexpected)) {
          contextValue.log.error({ err: unwrapResolverError(error), requestId: contextValue.requestId }, 'graphql error');
        }
      },
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const errors = response.body.singleResult.errors ?? [];
        const codes = new Set(errors.map((error) => error.extensions?.code));
        // No data: none at all, or only nulls (a nullable root field refused for auth).
        const data = response.body.singleResult.data;
        const withoutData = errors.length > 0 && (!data || Object.values(data).every((value) => value === null));
        if (withoutData && codes.size === 1 && codes.has('UNAUTHENTICATED')) response.http.status = 401;
        if (withoutData && codes.size === 1 && codes.has('FORBIDDEN')) response.http.status = 403;
        if (codes.has('UNAVAILABLE')) response.http.headers.set('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        if (withoutData && codes.size === 1 && codes.has('UNAVAILABLE')) response.http.status = 503;
      },
    };
  },
};

/**
 * The cost limit runs once the operation is resolved, because the cost of `first: $n`
 * depends on the variables (a validation rule never sees them). Every priced response,
 * refused or not, says what it cost in `extensions.cost`.
 */
function costPlugin(limits: OperationLimits): ApolloServerPlugin<ApolloContext> {
  return {
    async requestDidStart() {
      let cost: OperationCost | undefined;
      return {
        async didResolveOperation({ request, document, schema, operationName }) {
          const pricing = limits.priceOperation({ schema, document, operationName, variables: request.variables });
          cost = pricing.cost;
          if (pricing.refusal) throw pricing.refusal;
        },
        async willSendResponse({ response }) {
          if (cost && response.body.kind === 'single') {
            response.body.singleResult.extensions = { ...response.body.singleResult.extensions, cost };
          }
        },
      };
    },
  };
}

/** Request errors: the operation never ran. */
const REQUEST_ERROR_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT']);

/**
 * GraphQL over HTTP: a client that asks for `application/json` rather than
 * `application/graphql-response+json` gets 200 for a request error, as the spec asks for
 * that media type (an intermediary may swap a non-2xx JSON body for its own). Without an
 * Accept header the 400 stays (docs/security.md#graphql-over-http).
 */
const legacyJsonStatusPlugin: ApolloServerPlugin<ApolloContext> = {
  async requestDidStart({ request }) {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single' || response.http.status !== 400) return;
        if (!asksForLegacyJson(request.http?.headers.get('accept'))) return;
        const { data, errors = [] } = response.body.singleResult;
        const requestErrorsOnly = errors.length > 0 && errors.every((error) => REQUEST_ERROR_CODES.has(String(error.extensions?.code)));
        if (data === undefined && requestErrorsOnly) response.http.status = 200;
      },
    };
  },
};

function asksForLegacyJson(accept: string | undefined): boolean {
  if (!accept || !/application\/json/i.test(accept)) return false;
  return new Negotiator({ headers: { accept } }).mediaType([GRAPHQL_RESPONSE_JSON, 'application/json']) === 'application/json';
}

const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json';

/** A mutation tells its context, so that the caller's next reads see it (read replicas, src/db/replicas.ts). */
const writeHooks: GraphQLRequestListener<ApolloContext> = {
  async didResolveOperation({ operation, contextValue }) {
    if (operation?.operation === 'mutation') contextValue.noteWrite?.();
  },
};
const writePlugin: ApolloServerPlugin<ApolloContext> = {
  async requestDidStart() {
    return writeHooks;
  },
};

/** GraphQL answers are per caller and never cached: `cache-control: no-store`, as before. */
const noStorePlugin: ApolloServerPlugin<ApolloContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (!response.http.headers.has('cache-control')) response.http.headers.set('cache-control', 'no-store');
      },
    };
  },
};

export async function startApollo(app: FastifyInstance, schema: GraphQLSchema, limits: OperationLimits): Promise<ApolloServer<ApolloContext>> {
  const apollo = new ApolloServer<ApolloContext>({
    gateway: compiledExecutionGateway(schema, limits.maxResponseBytes),
    formatError: formatGraphQLError,
    includeStacktraceInErrorResponses: false,
    introspection: true,
    parseOptions: limits.parseOptions,
    validationRules: limits.validationRules,
    // Credentials travel only in the Authorization header, which no cross-site form or
    // simple request can set without a CORS preflight: a request carrying it is no CSRF.
    csrfPrevention: { requestHeaders: ['authorization', 'x-apollo-operation-name', 'apollo-require-preflight'] },
    plugins: [
      fastifyApolloDrainPlugin(app),
      errorPlugin,
      costPlugin(limits),
      legacyJsonStatusPlugin,
      storableInputPlugin,
      writePlugin,
      ApolloServerPluginInlineTraceDisabled(),
      // No type sets a cache hint, so the default cache-control plugin only ever answered
      // no-store, after wrapping every field's resolver to collect hints: about a tenth of
      // a list page's CPU (docs/history/performance-changes.md). noStorePlugin keeps the
      // header.
      ApolloServerPluginCacheControlDisabled(),
      noStorePlugin,
    ],
  });
  await apollo.start();
  return apollo;
}
