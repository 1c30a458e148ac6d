import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import { execute, getVariableValues, GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLSchema, type SourceLocation } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';
import { withinResponseCeiling } from './response-size.js';

type Gateway = ApolloServerOptionsWithGateway<BaseContext>['gateway'];
type Executor = Awaited<ReturnType<Gateway['load']>>['executor'];

/** Operations compiled and kept: each is a few closures; the 500 most recently used. */
const COMPILED_OPERATIONS = 500;

/**
 * Executes each HTTP operation with graphql-jit: an operation is compiled once into
 * JavaScript that resolves and completes its own selection, then reused for every
 * request with the same query text and operation name. graphql-js's execution (an info
 * object, an argument coercion and a promise check per field) was the largest share of a
 * GraphQL list page after garbage collection (docs/history/performance-changes.md).
 *
 * Apollo takes a custom executor only from a gateway: this one has a fixed schema. Parsing,
 * validation (with our depth/alias/directive rules), the cost plugin and error formatting
 * stay Apollo's; an operation Apollo could not resolve is left to graphql-js, whose errors
 * Apollo expects there. Subscriptions run over graphql-ws, not here.
 */
export function compiledExecutionGateway(schema: GraphQLSchema, maxResponseBytes: number): Gateway {
  const compiled = new LRUCache<string, CompiledQuery>({ max: COMPILED_OPERATIONS });
  const executor: Executor = async (request) => {
    const { document, queryHash, context } = request;
    const { variables, operationName } = request.request;
    if (!request.operation) return execute({ schema, document, operationName, contextValue: context, variableValues: variables });
    // graphql-js's coercion first, so that variables that do not fit get its errors, word
    // for word (graphql-jit words a scalar's refusal differently), and Apollo its BAD_USER_INPUT.
    const coercion = getVariableValues(schema, request.operation.variableDefinitions ?? [], variables ?? {}, { maxErrors: 50 });
    if (coercion.errors) return { errors: coercion.errors };
    const key = `${queryHash}\n${operationName ?? ''}`;
    let query = compiled.get(key);
    if (!query) {
      const compilation = compile(schema, document, operationName);
      if (!isCompiledQuery(compilation)) return compilation;
      compiled.set(key, (query = compilation));
    }
    return withinResponseCeiling(withGraphQLErrors(await query.query(undefined, context, variables)), maxResponseBytes);
  };
  return {
    async load() {
      return { schema, executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    async stop() {},
  };
}

function compile(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): CompiledQuery | ExecutionResult {
  return compileQuery(schema, document, operationName ?? undefined, {
    // Leaves go through their type's serialize (our scalars, enums) as graphql-js does.
    disableLeafSerialization: false,
    // The response is written by Apollo with JSON.stringify, as before.
    customJSONSerializer: false,
  });
}

/**
 * graphql-jit reports a field's error with an object of its own on graphql-js's prototype,
 * without `extensions` when the thrown error had none: Apollo reads `extensions.code` and
 * would answer INTERNAL_SERVER_ERROR for it. Each becomes the GraphQLError graphql-js would
 * have made (message, path, locations, the thrown error as originalError, its extensions),
 * so formatError and unwrapResolverError see what they did before.
 */
function withGraphQLErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  return { ...result, errors: result.errors.map(asGraphQLError) };
}

function asGraphQLError(error: GraphQLError): GraphQLError {
  if (error instanceof GraphQLError && error.constructor === GraphQLError) return error;
  const converted = new GraphQLError(error.message, { path: error.path, originalError: error.originalError, extensions: error.extensions });
  (converted as { locations?: readonly SourceLocation[] }).locations = error.locations;
  return converted;
}
