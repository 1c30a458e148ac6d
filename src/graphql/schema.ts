import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap.js';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { lexicographicSortSchema, parse, type GraphQLSchema } from 'graphql';
import { buildSchema, createResolversMap, type PubSub } from 'type-graphql';
import { RESOLVERS } from '../modules.js';
import { authChecker } from './auth-checker.js';

const FEDERATION_LINK =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])';

/** `__resolveReference` of federated entities (`Order` by id, `Product` by sku), by type name. */
export const REFERENCE_RESOLVERS: GraphQLResolverMap<unknown> = {};

async function buildTypeGraphQLSchema(pubSub?: PubSub): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: RESOLVERS, authChecker, validate: false, pubSub });
}

/** The SDL printed to schema/schema.graphql: the subgraph's own, directives included. */
export function subgraphSdl(schema: GraphQLSchema): string {
  return `${FEDERATION_LINK}\n\n${printSchemaWithDirectives(lexicographicSortSchema(schema))}\n`;
}

/**
 * type-graphql builds the schema from the classes; @apollo/subgraph then turns it into an
 * Apollo Federation 2 subgraph (`_service`, `_entities`), keeping type-graphql's resolvers.
 */
export async function buildGraphQLSchema(pubSub?: PubSub): Promise<{ schema: GraphQLSchema; sdl: string }> {
  const source = await buildTypeGraphQLSchema(pubSub);
  const sdl = subgraphSdl(source);
  const resolvers = createResolversMap(source) as GraphQLResolverMap<unknown>;
  for (const [typeName, reference] of Object.entries(REFERENCE_RESOLVERS)) {
    resolvers[typeName] = { ...(resolvers[typeName] as object), ...(reference as object) };
  }
  const schema = buildSubgraphSchema({ typeDefs: parse(sdl), resolvers });
  return { schema, sdl };
}
