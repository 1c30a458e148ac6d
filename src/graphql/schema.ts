import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap.js';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { lexicographicSortSchema, parse, type GraphQLSchema } from 'graphql';
import { buildSchema, createResolversMap, type PubSub } from 'type-graphql';
import { productReference } from '../catalog/product-reference.js';
import { RESOLVERS } from '../modules.js';
import { orderReference } from '../orders/resolver.js';
import { authChecker } from './auth-checker.js';
import { checkEntityRepresentations } from './entity-representations.js';

const FEDERATION_LINK =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])';

/** `__resolveReference` of federated entities (`Order` by id, `Product` by sku), by type name. */
export const REFERENCE_RESOLVERS: GraphQLResolverMap<unknown> = {
  Order: orderReference as never,
  Product: productReference as never,
};

/** The key each of them is referenced by (their `@key(fields: …)`). */
const ENTITY_KEYS = { Order: 'id', Product: 'sku' } as const;

/**
 * Every @Subscription here declares its own `subscribe` (the live hub, src/live), yet
 * type-graphql insists on a PubSub once a schema has subscriptions: this one refuses
 * topic-based subscriptions outright.
 */
const NO_TOPICS: PubSub = {
  publish(topic) {
    throw new Error(`type-graphql topic "${topic}" published: subscriptions use their own subscribe function`);
  },
  subscribe(topic) {
    throw new Error(`type-graphql topic "${topic}" subscribed: subscriptions use their own subscribe function`);
  },
};

async function buildTypeGraphQLSchema(): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: RESOLVERS, authChecker, validate: false, pubSub: NO_TOPICS });
}

/** The SDL printed to schema/schema.graphql: the subgraph's own, directives included. */
export function subgraphSdl(schema: GraphQLSchema): string {
  return `${FEDERATION_LINK}\n\n${printSchemaWithDirectives(lexicographicSortSchema(schema))}\n`;
}

/**
 * type-graphql builds the schema from the classes; @apollo/subgraph then turns it into an
 * Apollo Federation 2 subgraph (`_service`, `_entities`), keeping type-graphql's resolvers
 * (subscriptions' `subscribe` included: createResolversMap carries it, buildSubgraphSchema keeps it).
 */
export async function buildGraphQLSchema(): Promise<{ schema: GraphQLSchema; sdl: string }> {
  const source = await buildTypeGraphQLSchema();
  const sdl = subgraphSdl(source);
  const resolvers = createResolversMap(source) as GraphQLResolverMap<unknown>;
  for (const [typeName, reference] of Object.entries(REFERENCE_RESOLVERS)) {
    resolvers[typeName] = { ...(resolvers[typeName] as object), ...(reference as object) };
  }
  const schema = buildSubgraphSchema({ typeDefs: parse(sdl), resolvers });
  checkEntityRepresentations(schema, ENTITY_KEYS);
  return { schema, sdl };
}
