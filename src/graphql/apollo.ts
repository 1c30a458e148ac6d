import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { FastifyInstance } from 'fastify';
import { GraphQLError, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import depthLimit from 'graphql-depth-limit';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';
import type { Config } from '../config.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, databaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors.js';
import type { GraphQLContext } from './context.js';
import { storableInputPlugin } from './storable-input.js';

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
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && CLIENT_CODES.has(code)) {
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code } };
  }
  return { message: 'An unexpected error occurred', path: formatted.path, extensions: { code: 'INTERNAL' } };
}

function isUnexpected(error: GraphQLError): boolean {
  if (appErrorOf(error)) return false;
  const code = error.extensions?.code;
  return !(typeof code === 'string' && CLIENT_CODES.has(code));
}

/** Logs masked errors with the request id, and answers 401/403/503 when that is all there is to say. */
const errorPlugin: ApolloServerPlugin<GraphQLContext & { log: FastifyInstance['log'] }> = {
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
        const withoutData = errors.length > 0 && !response.body.singleResult.data;
        if (withoutData && codes.size === 1 && codes.has('UNAUTHENTICATED')) response.http.status = 401;
        if (withoutData && codes.size === 1 && codes.has('FORBIDDEN')) response.http.status = 403;
        if (codes.has('UNAVAILABLE')) response.http.headers.set('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        if (withoutData && codes.size === 1 && codes.has('UNAVAILABLE')) response.http.status = 503;
      },
    };
  },
};

/** The operation's cost (undefined when its variables do not fit): HTTP and graphql-ws share the limit. */
export function costOf(operation: {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName: string | null | undefined;
  variables: Record<string, unknown> | undefined;
}): number | undefined {
  try {
    return getComplexity({
      schema: operation.schema,
      query: operation.document,
      operationName: operation.operationName ?? undefined,
      variables: operation.variables ?? {},
      // Fields declare their cost with type-graphql's `complexity` option; the rest cost 1.
      estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
    });
  } catch {
    // Variables that do not fit their types: execution answers that as BAD_USER_INPUT.
    return undefined;
  }
}

/**
 * The cost limit runs once the operation is resolved, because the cost of `first: $n`
 * depends on the variables (a validation rule never sees them).
 */
function costLimitPlugin(maximum: number): ApolloServerPlugin<GraphQLContext & { log: FastifyInstance['log'] }> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema, operationName }) {
          const cost = costOf({ schema, document, operationName, variables: request.variables });
          if (cost !== undefined && cost > maximum) {
            throw new GraphQLError(`Query cost ${cost} exceeds the limit of ${maximum}`, {
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}

export async function startApollo(
  app: FastifyInstance,
  schema: GraphQLSchema,
  config: Config,
): Promise<ApolloServer<GraphQLContext & { log: FastifyInstance['log'] }>> {
  const apollo = new ApolloServer<GraphQLContext & { log: FastifyInstance['log'] }>({
    schema,
    formatError: formatGraphQLError,
    includeStacktraceInErrorResponses: false,
    introspection: true,
    validationRules: [
      depthLimit(config.graphqlMaxDepth),
    ],
    plugins: [
      fastifyApolloDrainPlugin(app),
      errorPlugin,
      costLimitPlugin(config.graphqlMaxCost),
      storableInputPlugin,
      ApolloServerPluginInlineTraceDisabled(),
    ],
  });
  await apollo.start();
  return apollo;
}
