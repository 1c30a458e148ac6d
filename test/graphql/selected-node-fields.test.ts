import { Kind, parse, type FragmentDefinitionNode, type GraphQLResolveInfo, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { selectedNodeFields } from '../../src/graphql/relay.js';

/** The info a resolver of the operation's first root field would get: its field nodes and the fragments. */
function infoOf(source: string): GraphQLResolveInfo {
  const document = parse(source);
  const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const root = operation.selectionSet.selections[0]!;
  if (root.kind !== Kind.FIELD) throw new Error('the first selection is a field');
  return { fieldNodes: [root], fragments } as unknown as GraphQLResolveInfo;
}

describe('selectedNodeFields', () => {
  it('names the fields selected on edges.node and on nodes, not those of the edge or the page', () => {
    const info = infoOf('{ orders { edges { cursor node { id items { sku } } } nodes { status } pageInfo { endCursor } } }');
    expect([...selectedNodeFields(info)].sort()).toEqual(['id', 'items', 'status']);
  });

  it('follows inline fragments and named fragments, nested, and goes by field name, not alias', () => {
    const info = infoOf(`{
      orders { ... on OrderConnection { edges { ...Edge } } nodes { ... { lines: items { sku } } } }
    }
    fragment Edge on OrderEdge { node { ...Order } }
    fragment Order on Order { ... on Order { payments { amount } } }`);
    expect([...selectedNodeFields(info)].sort()).toEqual(['items', 'payments']);
  });

  it('is empty when the page selects no node fields', () => {
    expect(selectedNodeFields(infoOf('{ orders { pageInfo { hasNextPage } } }')).size).toBe(0);
  });
});
