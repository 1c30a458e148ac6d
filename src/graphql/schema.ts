import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap.js';
import { mapSchema, MapperKind, printSchemaWithDirectives } from '@graphql-tools/utils';
import { isInterfaceType, isObjectType, lexicographicSortSchema, parse, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema, createResolversMap, type NonEmptyArray, type PubSub } from 'type-graphql';
import { authChecker } from './auth-checker.js';
import type { GraphQLContext } from './context.js';
import { checkEntityRepresentations } from './entity-representations.js';
import { nodeResolver, nodeTypename, type NodeType } from './node.js';
import { DateTime } from './scalars.js';

const FEDERATION_LINK =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])';

/** Federation: how a module resolves references to one of its entity types (`Order` by id…). */
export interface EntityReference {
  /** The field a representation names the entity by: its `@key(fields: …)`. */
  key: string;
  __resolveReference(reference: Record<string, unknown>, context: GraphQLContext): unknown;
}

/** What the modules give the schema (src/modules.ts assembles it). */
export interface SchemaParts {
  resolvers: NonEmptyArray<Function>;
  /** By the entity type's name. */
  references: Readonly<Record<string, EntityReference>>;
  /** Relay's Node types, by type name: what `node(id:)` and `nodes(ids:)` look in. */
  nodes: Readonly<Record<string, NodeType>>;
}

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

async function buildTypeGraphQLSchema(resolvers: NonEmptyArray<Function>): Promise<GraphQLSchema> {
  // Fields typed `Date` without a type of their own get the same scalar as those naming it.
  return buildSchema({ resolvers, authChecker, validate: false, pubSub: NO_TOPICS, scalarsMap: [{ type: Date, scalar: DateTime }] });
}

/** The SDL printed to schema/subgraph.graphql: the subgraph's own, federation directives included. */
export function subgraphSdl(schema: GraphQLSchema): string {
  return `${FEDERATION_LINK}\n\n${printSchemaWithDirectives(lexicographicSortSchema(schema))}\n`;
}

/** The SDL printed to schema/schema.graphql: plain GraphQL that any tool reads, no federation directive. */
export function clientSdl(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}

/** The schema in its two audiences' forms (docs/graphql.md, "Clients and gateways"). */
export interface GraphQLSchemas {
  /** Served at /graphql and over graphql-ws: the modules' types and fields, nothing of federation's. */
  client: GraphQLSchema;
  /** The Apollo Federation 2 subgraph (`_service`, `_entities`), served to gateways at /graphql/subgraph. */
  subgraph: GraphQLSchema;
  clientSdl: string;
  subgraphSdl: string;
}

/**
 * type-graphql builds the schema from the classes; @apollo/subgraph then turns it into an
 * Apollo Federation 2 subgraph (`_service`, `_entities`), keeping type-graphql's resolvers
 * (subscriptions' `subscribe` included: createResolversMap carries it, buildSubgraphSchema keeps it).
 * The client schema is that subgraph without what federation added, so both execute the same resolvers.
 */
export async function buildGraphQLSchemas(parts: SchemaParts): Promise<GraphQLSchemas> {
  const source = await buildTypeGraphQLSchema([...parts.resolvers, nodeResolver(parts.nodes)]);
  checkNodeTypes(source, parts.nodes);
  const sdl = subgraphSdl(source);
  const resolvers = createResolversMap(source) as GraphQLResolverMap<unknown>;
  // type-graphql wraps a type resolver in an async function; graphql-jit, which executes
  // HTTP operations (compiled-execution.ts), takes a type resolver's answer as it comes.
  resolvers.Node = { __resolveType: nodeTypename };
  const references = Object.entries(parts.references);
  for (const [typeName, { __resolveReference }] of references) {
    resolvers[typeName] = { ...(resolvers[typeName] as object), __resolveReference };
  }
  const subgraph = buildSubgraphSchema({ typeDefs: parse(sdl), resolvers });
  carryFieldExtensions(source, subgraph);
  checkEntityRepresentations(subgraph, Object.fromEntries(references.map(([typeName, { key }]) => [typeName, key])));
  const client = withoutFederation(subgraph, source);
  return { client, subgraph, clientSdl: clientSdl(client), subgraphSdl: sdl };
}

/**
 * The subgraph keeping only the types, root fields and directives the classes declare:
 * `_entities`, `_service`, `_Any`, `_Entity`, `_Service`, `link__*` and federation's
 * directives go. Resolvers and field extensions stay (mapSchema rebuilds from each type's config).
 */
function withoutFederation(subgraph: GraphQLSchema, declared: GraphQLSchema): GraphQLSchema {
  const declaredQueryFields = declared.getQueryType()!.getFields();
  return mapSchema(subgraph, {
    [MapperKind.TYPE]: (type) => (declared.getType(type.name) ? type : null),
    [MapperKind.QUERY_ROOT_FIELD]: (field, name) => (Object.hasOwn(declaredQueryFields, name) ? field : null),
    [MapperKind.DIRECTIVE]: (directive) => (declared.getDirective(directive.name) ? directive : null),
  });
}

/**
 * The subgraph is built again from SDL, which has no place for field extensions: the ones
 * the cost reads (`maxItems`, `complexity`, src/graphql/limits.ts) are carried over.
 */
function carryFieldExtensions(source: GraphQLSchema, target: GraphQLSchema): void {
  for (const type of Object.values(source.getTypeMap())) {
    const twin = target.getType(type.name);
    if (!isObjectType(type) || !isObjectType(twin)) continue;
    const twinFields = twin.getFields();
    for (const field of Object.values(type.getFields())) {
      const carried = Object.fromEntries(Object.entries(field.extensions).filter(([name]) => CARRIED_EXTENSIONS.has(name)));
      const twinField = twinFields[field.name];
      if (twinField && Object.keys(carried).length > 0) twinField.extensions = { ...twinField.extensions, ...carried };
    }
  }
}

const CARRIED_EXTENSIONS = new Set(['maxItems', 'complexity']);

/** Every type that implements Node can be found by node(id:), and only those. */
function checkNodeTypes(schema: GraphQLSchema, nodes: Readonly<Record<string, NodeType>>): void {
  const node = schema.getType('Node');
  const implementing = isInterfaceType(node) ? schema.getPossibleTypes(node).map((type) => type.name) : [];
  const declared = Object.keys(nodes);
  const unfindable = implementing.filter((name) => !declared.includes(name));
  const notNodes = declared.filter((name) => !implementing.includes(name));
  if (unfindable.length > 0 || notNodes.length > 0) {
    throw new Error(`Node types and the modules' nodes differ: no NodeType for [${unfindable.join(', ')}], not implementing Node: [${notNodes.join(', ')}]`);
  }
}
