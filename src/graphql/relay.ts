import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { Field, ObjectType, type ClassType } from 'type-graphql';
import { encodeCursor, type CursorValues } from '../http/pagination.js';

@ObjectType({ description: 'Relay page information' })
export class PageInfo {
  @Field({ description: 'More items follow: ask again with `after: endCursor`' })
  hasNextPage!: boolean;

  @Field({ description: 'Always false: lists page forward only' })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: 'The cursor of the first edge; null on an empty page' })
  startCursor!: string | null;

  @Field(() => String, { nullable: true, description: 'The cursor of the last edge: pass it as `after` for the next page' })
  endCursor!: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface Connection<T> {
  edges: Edge<T>[];
  nodes: T[];
  pageInfo: PageInfo;
}

/** The descriptions of Relay's page arguments, the same on every list. */
export const FIRST = 'Page size: default 50, at most 200';
export const AFTER = 'The endCursor of the previous page; omitted: the first page';

/**
 * The Relay connection classes for one node type: `<Name>Connection` and `<Name>Edge`.
 * Cursors are the same opaque keyset cursors the REST lists return.
 */
export function connectionType<T extends object>(name: string, node: ClassType<T>): ClassType<Connection<T>> {
  @ObjectType(`${name}Edge`, { description: `A ${name} and its cursor` })
  class EdgeType {
    @Field({ description: 'Opaque cursor of this item: pass it as `after` to continue after it' })
    cursor!: string;

    @Field(() => node, { description: `The ${name}` })
    node!: T;
  }

  @ObjectType(`${name}Connection`, { description: `A page of ${name} items (Relay connection)` })
  class ConnectionType {
    @Field(() => [EdgeType], { description: 'The items with their cursors' })
    edges!: EdgeType[];

    @Field(() => [node], { description: 'The items without cursors: the same as edges.node' })
    nodes!: T[];

    @Field(() => PageInfo, { description: 'Where this page is in the list' })
    pageInfo!: PageInfo;
  }
  return ConnectionType;
}

/** A page fetched with limit + 1 (see pageOf) → edges, nodes and pageInfo. */
export function toConnection<R, T>(
  page: { data: R[]; nextCursor: string | null },
  cursorOf: (row: R) => CursorValues,
  nodeOf: (row: R, index: number) => T,
): Connection<T> {
  const edges = page.data.map((row, index) => ({ cursor: encodeCursor(cursorOf(row)), node: nodeOf(row, index) }));
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: page.nextCursor !== null,
      hasPreviousPage: false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

/**
 * The names of the fields an operation selects on a connection's nodes (under
 * `edges { node }` and `nodes`), through fragments, so a list can fetch what its nodes
 * will need with the page. `@skip`/`@include` are not evaluated: a field they leave out
 * counts as selected.
 */
export function selectedNodeFields(info: GraphQLResolveInfo): Set<string> {
  const names = new Set<string>();
  const eachField = (selectionSet: SelectionSetNode | undefined, visit: (field: FieldNode) => void): void => {
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === Kind.FIELD) visit(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) eachField(selection.selectionSet, visit);
      else eachField(info.fragments[selection.name.value]?.selectionSet, visit);
    }
  };
  const addNames = (node: FieldNode): void => eachField(node.selectionSet, (field) => names.add(field.name.value));
  for (const connection of info.fieldNodes) {
    eachField(connection.selectionSet, (field) => {
      if (field.name.value === 'nodes') addNames(field);
      if (field.name.value === 'edges') eachField(field.selectionSet, (edgeField) => edgeField.name.value === 'node' && addNames(edgeField));
    });
  }
  return names;
}
