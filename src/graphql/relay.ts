import { Field, ObjectType, type ClassType } from 'type-graphql';
import { encodeCursor, type CursorValues } from '../http/pagination.js';

@ObjectType({ description: 'Relay page information' })
export class PageInfo {
  @Field()
  hasNextPage!: boolean;

  @Field({ description: 'Always false: lists page forward only' })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true })
  startCursor!: string | null;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface Connection<T> {
  edges: Edge<T>[];
  pageInfo: PageInfo;
}

/**
 * The Relay connection classes for one node type: `<Name>Connection` and `<Name>Edge`.
 * Cursors are the same opaque keyset cursors the REST lists return.
 */
export function connectionType<T extends object>(name: string, node: ClassType<T>): ClassType<Connection<T>> {
  @ObjectType(`${name}Edge`)
  class EdgeType {
    @Field()
    cursor!: string;

    @Field(() => node)
    node!: T;
  }

  @ObjectType(`${name}Connection`)
  class ConnectionType {
    @Field(() => [EdgeType])
    edges!: EdgeType[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;
  }
  return ConnectionType;
}

/** A page fetched with limit + 1 (see pageOf) → edges and pageInfo. */
export function toConnection<R, T>(
  page: { data: R[]; nextCursor: string | null },
  cursorOf: (row: R) => CursorValues,
  nodeOf: (row: R) => T,
): Connection<T> {
  const edges = page.data.map((row) => ({ cursor: encodeCursor(cursorOf(row)), node: nodeOf(row) }));
  return {
    edges,
    pageInfo: {
      hasNextPage: page.nextCursor !== null,
      hasPreviousPage: false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
