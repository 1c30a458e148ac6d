import { registerEnumType } from 'type-graphql';

/**
 * GraphQL enums over the values the REST interface and the database use (the "wire"
 * values: `faturado`, `credit_card`, `orders:read`, `pedido.criado`). A GraphQL enum value
 * is a name, so each wire value keeps its spelling where it is a valid name and has every
 * other character replaced by `_` where it is not (`orders:read` → `orders_read`,
 * `pedido.criado` → `pedido_criado`); `*` is `all`. Resolvers and services see the wire
 * value: graphql-js maps in both directions (docs/graphql.md, "Enums").
 */
export function enumName(wire: string): string {
  return wire === '*' ? 'all' : wire.replace(/[^A-Za-z0-9_]/g, '_');
}

type ValuesConfig = Record<string, { description: string }>;
const valuesConfigs = new WeakMap<object, ValuesConfig>();

/**
 * Registers an enum whose values are `values`' keys (wire values) and whose value
 * descriptions are `values`' entries: a value cannot be added without its description.
 */
export function wireEnum<T extends string>(name: string, description: string, values: Readonly<Record<T, string>>): Record<string, T> {
  const enumObject: Record<string, T> = {};
  const valuesConfig: ValuesConfig = {};
  valuesConfigs.set(enumObject, valuesConfig);
  addEnumValues(enumObject, values);
  registerEnumType(enumObject, { name, description, valuesConfig });
  return enumObject;
}

/**
 * Adds values to an enum registered with wireEnum before the schema is built: for enums
 * whose values the modules declare at start (the event names).
 */
export function addEnumValues<T extends string>(enumObject: Record<string, T>, values: Readonly<Record<T, string>>): void {
  const valuesConfig = valuesConfigs.get(enumObject);
  if (!valuesConfig) throw new Error('addEnumValues: not an enum made by wireEnum');
  for (const [wire, description] of Object.entries(values) as [T, string][]) {
    const name = enumName(wire);
    if (Object.hasOwn(enumObject, name)) throw new Error(`Enum value ${name} (${wire}) is declared twice`);
    enumObject[name] = wire;
    valuesConfig[name] = { description };
  }
}
