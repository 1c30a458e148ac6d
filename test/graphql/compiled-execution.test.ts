import { ApolloServer, type GraphQLResponse } from '@apollo/server';
import {
  GraphQLError,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
} from 'graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { formatGraphQLError } from '../../src/graphql/apollo.js';
import { compiledExecutionGateway } from '../../src/graphql/compiled-execution.js';

/**
 * graphql-jit executes HTTP operations in place of graphql-js: every answer here, data,
 * errors (message, path, locations, code) and HTTP status, must be the one graphql-js gave
 * behind the same Apollo Server. A small schema that fails in each way a field can.
 */
const Thing: GraphQLInterfaceType = new GraphQLInterfaceType({
  name: 'Thing',
  fields: () => ({ id: { type: new GraphQLNonNull(GraphQLString) } }),
  resolveType: (value: { kind: string }) => value.kind,
});
const Book = new GraphQLObjectType({
  name: 'Book',
  interfaces: [Thing],
  fields: { id: { type: new GraphQLNonNull(GraphQLString) }, title: { type: new GraphQLNonNull(GraphQLString) } },
});
const Pen = new GraphQLObjectType({
  name: 'Pen',
  interfaces: [Thing],
  fields: {
    id: { type: new GraphQLNonNull(GraphQLString) },
    colour: { type: GraphQLString, resolve: async () => 'red' },
    refill: { type: GraphQLInt, resolve: () => Promise.reject(new AppError('NOT_FOUND', 'No refill for this pen')) },
  },
});

const books = [{ kind: 'Book', id: 'b1', title: 'One' }, { kind: 'Book', id: 'b2', title: null }];
const schema = new GraphQLSchema({
  types: [Book, Pen],
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      things: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Thing))), resolve: () => [books[0], { kind: 'Pen', id: 'p1' }] },
      refused: { type: GraphQLString, resolve: () => { throw new AppError('VALIDATION_FAILED', 'Invalid input', {}, [{ path: '/limit', message: 'too big' }]); } },
      unexpected: { type: GraphQLInt, resolve: () => { throw new Error('connection reset'); } },
      rejected: { type: GraphQLString, resolve: () => { throw new GraphQLError('Not that way', { extensions: { code: 'BAD_USER_INPUT' } }); } },
      book: { type: Book, resolve: () => books[1] },
      books: { type: new GraphQLList(new GraphQLNonNull(Book)), resolve: () => books },
      required: { type: new GraphQLNonNull(Book), resolve: () => books[1] },
      unknownThing: { type: Thing, resolve: () => ({ kind: 'Lamp', id: 'l1' }) },
      at: { type: GraphQLString, args: { at: { type: new GraphQLNonNull(GraphQLDateTimeISO) } }, resolve: (_, { at }) => (at as Date).toISOString() },
      page: { type: new GraphQLList(Book), args: { first: { type: GraphQLInt, defaultValue: 1 } }, resolve: (_, { first }) => books.slice(0, first as number) },
    },
  }),
});

const OPERATIONS: { name: string; query: string; variables?: Record<string, unknown>; operationName?: string }[] = [
  { name: 'abstract types and fragments', query: '{ things { __typename id ... on Book { title } ... on Pen { colour refill } } }' },
  { name: 'an AppError with details', query: '{ refused a: refused }' },
  { name: 'an unexpected error, masked', query: '{ unexpected refused }' },
  { name: 'a GraphQLError with its own code', query: '{ rejected }' },
  { name: 'null in a non-null field bubbles to the nullable parent', query: '{ book { id title } }' },
  { name: 'null in a non-null list item nulls the list', query: '{ books { id title } refused }' },
  { name: 'null bubbling to the root leaves data null', query: '{ required { title } }' },
  { name: 'a type the abstract type does not have', query: '{ unknownThing { id } }' },
  { name: 'variables and defaults', query: 'query ($first: Int) { page(first: $first) { id } other: page { id } }', variables: { first: 2 } },
  { name: 'a scalar variable that does not parse', query: 'query ($at: DateTimeISO!) { at(at: $at) }', variables: { at: 12345 } },
  { name: 'a variable of the wrong type', query: 'query ($first: Int) { page(first: $first) { id } }', variables: { first: 'two' } },
  { name: 'a missing required variable', query: 'query ($at: DateTimeISO!) { at(at: $at) }' },
  { name: 'a scalar variable that parses', query: 'query ($at: DateTimeISO!) { at(at: $at) }', variables: { at: '2026-01-02T03:04:05.000Z' } },
  { name: 'the operation named', query: 'query A { refused } query B { books { id } }', operationName: 'B' },
  { name: 'an operation name naming none', query: 'query A { refused }', operationName: 'B' },
  { name: 'several operations and no name', query: 'query A { refused } query B { books { id } }' },
];

/**
 * The status and body. Errors are compared in path order: graphql-jit lists a null in a
 * non-null field after the resolvers' errors, where graphql-js lists errors as they happen
 * (the spec leaves their order open).
 */
function answer(response: GraphQLResponse): unknown {
  if (response.body.kind !== 'single') throw new Error('a single result was expected');
  const { errors, ...result } = response.body.singleResult;
  const inPathOrder = errors && [...errors].sort((a, b) => JSON.stringify(a.path).localeCompare(JSON.stringify(b.path)));
  return { status: response.http.status, ...result, errors: inPathOrder };
}

describe('GraphQL executed by graphql-jit (compiled-execution.ts)', () => {
  let jit: ApolloServer;
  let graphqlJs: ApolloServer;
  beforeAll(async () => {
    jit = new ApolloServer({ gateway: compiledExecutionGateway(schema, 10 * 1024 * 1024), formatError: formatGraphQLError });
    graphqlJs = new ApolloServer({ schema, formatError: formatGraphQLError });
    await Promise.all([jit.start(), graphqlJs.start()]);
  });
  afterAll(async () => {
    await Promise.all([jit.stop(), graphqlJs.stop()]);
  });

  for (const operation of OPERATIONS) {
    it(`answers as graphql-js did: ${operation.name}`, async () => {
      const request = { query: operation.query, variables: operation.variables, operationName: operation.operationName };
      const expected = answer(await graphqlJs.executeOperation(request));
      // Twice: compiled, then from the cache of compiled operations.
      expect(answer(await jit.executeOperation(request))).toEqual(expected);
      expect(answer(await jit.executeOperation(request))).toEqual(expected);
    });
  }

  it('keeps the codes clients rely on', async () => {
    const refused = await jit.executeOperation({ query: '{ refused }' });
    expect(refused.body).toMatchObject({
      kind: 'single',
      singleResult: { data: { refused: null }, errors: [{ path: ['refused'], locations: [{ line: 1, column: 3 }], extensions: { code: 'VALIDATION_FAILED' } }] },
    });
    const badInput = await jit.executeOperation({ query: 'query ($at: DateTimeISO!) { at(at: $at) }', variables: { at: 12345 } });
    expect(badInput.http.status).toBe(400);
    expect(badInput.body).toMatchObject({ singleResult: { errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] } });
  });
});
