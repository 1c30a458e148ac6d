import { Arg, Authorized, Ctx, Field, ID, InterfaceType, Query, Resolver } from 'type-graphql';
import { requireAuthentication } from '../auth/auth.service.js';
import type { Scope } from '../auth/scopes.js';
import { AppError } from '../errors.js';
import type { GraphQLContext } from './context.js';

/**
 * Relay's object identification: the types a client can fetch again by id alone. Ids are
 * UUIDs (v7), unique across every type, so a node's id is the plain id REST uses too; the
 * `node`/`nodes` queries ask each node type for the ids (docs/graphql.md, "Node").
 */
/** The type each object a node query found belongs to: the objects stay as their types' resolvers know them. */
const typenames = new WeakMap<object, string>();

/** The Node type of an object a node query found. */
export function nodeTypename(value: object): string | undefined {
  return typenames.get(value);
}

@InterfaceType({
  description: 'An object with a globally unique id: fetch it again with node(id:)',
  resolveType: nodeTypename,
})
export abstract class Node {
  @Field(() => ID, { description: 'Globally unique id (UUID v7)' })
  id!: string;
}

/** How a module's type finds its objects by id: one batch per type, within the caller's seller. */
export interface NodeType {
  /** The scope a token needs to read the type (none: any token); without it, its ids are not found. */
  readScope?: Scope;
  /** The objects with these ids that exist for the caller (any order; missing ones left out). */
  find(context: GraphQLContext, ids: readonly string[]): Promise<readonly { id: string }[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** nodes(ids:) takes at most this many: each type answers them in one query. */
const NODES_MAX = 100;

/** Each readable type is asked for every id (a UUID names one object of one type). */
async function findNodes(types: Readonly<Record<string, NodeType>>, context: GraphQLContext, ids: readonly string[]): Promise<unknown[]> {
  const principal = requireAuthentication(context.principal);
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
  const found = new Map<string, unknown>();
  if (wanted.length > 0) {
    const readable = Object.entries(types).filter(([, type]) => !type.readScope || principal.scopes.has(type.readScope));
    const batches = await Promise.all(readable.map(async ([typename, type]) => ({ typename, rows: await type.find(context, wanted) })));
    for (const { typename, rows } of batches) {
      for (const row of rows) {
        typenames.set(row, typename);
        found.set(row.id.toLowerCase(), row);
      }
    }
  }
  return ids.map((id) => found.get(id.toLowerCase()) ?? null);
}

/**
 * Where an id repeats an earlier one (ids compared as UUIDs, in any letter case): each copy
 * would be answered again in full, so one cheap list could multiply a large object.
 */
function repeatedIds(ids: readonly string[]): number[] {
  const seen = new Set<string>();
  return ids.flatMap((id, index) => {
    const key = id.toLowerCase();
    if (seen.has(key)) return [index];
    seen.add(key);
    return [];
  });
}

/** The `node` and `nodes` queries over the modules' node types (src/modules.ts gathers them). */
export function nodeResolver(types: Readonly<Record<string, NodeType>>): Function {
  @Resolver()
  class NodeResolver {
    @Authorized()
    @Query(() => Node, { nullable: true, description: 'The object with this id, of any Node type; null when the caller has none it may read' })
    async node(@Arg('id', () => ID, { description: 'A Node id' }) id: string, @Ctx() context: GraphQLContext): Promise<unknown> {
      return (await findNodes(types, context, [id]))[0];
    }

    @Authorized()
    @Query(() => [Node], { nullable: 'items', description: `The objects with these ids, in the same order; null for an id not found (at most ${NODES_MAX} ids)` })
    async nodes(@Arg('ids', () => [ID], { description: 'Node ids' }) ids: string[], @Ctx() context: GraphQLContext): Promise<unknown[]> {
      if (ids.length > NODES_MAX) throw new AppError('VALIDATION_FAILED', `nodes takes at most ${NODES_MAX} ids`, {}, [{ path: '/ids', message: `must have at most ${NODES_MAX} items` }]);
      const repeated = repeatedIds(ids);
      if (repeated.length > 0) throw new AppError('VALIDATION_FAILED', 'nodes takes each id once', {}, repeated.map((index) => ({ path: `/ids/${index}`, message: 'repeats an earlier id' })));
      return findNodes(types, context, ids);
    }
  }
  return NodeResolver;
}
