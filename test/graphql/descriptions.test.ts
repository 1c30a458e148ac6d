import { Kind, parse, type ASTNode, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildGraphQLSchemas } from '../../src/graphql/schema.js';
import { loadModuleApis } from '../../src/modules.js';

/**
 * Schema coordinates (`Order.status`, `Query.orders(first:)`, `OrderStatus.faturado`) of
 * every type, field, argument, input field and enum value that has no description.
 */
function undocumented(document: DocumentNode): string[] {
  const missing: string[] = [];
  const check = (node: ASTNode & { description?: { value: string } }, coordinate: string) => {
    if (!node.description?.value.trim()) missing.push(coordinate);
  };
  for (const definition of document.definitions) {
    if (!('name' in definition) || !definition.name) continue;
    const type = definition.name.value;
    switch (definition.kind) {
      case Kind.OBJECT_TYPE_DEFINITION:
      case Kind.INTERFACE_TYPE_DEFINITION:
        // The root types are containers: their fields carry the descriptions.
        if (!['Query', 'Mutation', 'Subscription'].includes(type)) check(definition, type);
        for (const field of definition.fields ?? []) {
          check(field, `${type}.${field.name.value}`);
          for (const argument of field.arguments ?? []) check(argument, `${type}.${field.name.value}(${argument.name.value}:)`);
        }
        break;
      case Kind.INPUT_OBJECT_TYPE_DEFINITION:
        check(definition, type);
        for (const field of definition.fields ?? []) check(field, `${type}.${field.name.value}`);
        break;
      case Kind.ENUM_TYPE_DEFINITION:
        check(definition, type);
        for (const value of definition.values ?? []) check(value, `${type}.${value.name.value}`);
        break;
      case Kind.SCALAR_TYPE_DEFINITION:
      case Kind.UNION_TYPE_DEFINITION:
        check(definition, type);
        break;
    }
  }
  return missing;
}

describe('GraphQL descriptions', () => {
  it('documents every type, field, argument, input field and enum value of the built schema', async () => {
    const { clientSdl } = await buildGraphQLSchemas((await loadModuleApis()).graphql);
    expect(undocumented(parse(clientSdl))).toEqual([]);
  });

  it('finds what is undocumented (so the check above can fail)', () => {
    const document = parse(`
      """A thing""" type Thing { """Its id""" id: ID! name(short: Boolean): String }
      input Filter { name: String }
      """Colours""" enum Colour { """Red""" red blue }
      type Query { """Things""" things(first: Int): [Thing!]! }
    `);
    expect(undocumented(document)).toEqual(['Thing.name', 'Thing.name(short:)', 'Filter', 'Filter.name', 'Colour.blue', 'Query.things(first:)']);
  });
});
