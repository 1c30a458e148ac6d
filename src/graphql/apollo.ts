import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { FastifyInstance } from 'fastify';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import depthLimit from 'graphql-depth-limit';
import { createComplexityRule, fieldExtensionsEstimator, simpleEstimator } from 'graphql-query-complexity';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { GraphQLContext } from './context.js';

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

/** AppError → `extensions.code` (+ its details); anything unexpected → masked INTERNAL. */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) {
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
  const original = unwrapResolverError(error);
  if (original instanceof AppError) return false;
  const code = error.extensions?.code;
  return !(typeof code === 'string' && CLIENT_CODES.has(code));
}

/** Logs masked errors with the request id, and answers 401/403 when that is all there is to say. */
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
        const onlyAuthErrors = errors.length > 0 && !response.body.singleResult.data;
        if (onlyAuthErrors && codes.size === 1 && codes.has('UNAUTHENTICATED')) response.http.status = 401;
        if (onlyAuthErrors && codes.size === 1 && codes.has('FORBIDDEN')) response.http.status = 403;
      },
    };
  },
};

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
      createComplexityRule({
        maximumComplexity: config.graphqlMaxCost,
        // Fields declare their cost with type-graphql's `complexity` option; the rest cost 1.
        estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
        createError: (max, actual) =>
          new GraphQLError(`Query cost ${actual} exceeds the limit of ${max}`, {
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
          }),
      }),
    ],
    plugins: [fastifyApolloDrainPlugin(app), errorPlugin, ApolloServerPluginInlineTraceDisabled()],
  });
  await apollo.start();
  return apollo;
}
