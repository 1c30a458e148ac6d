import type { Static, TSchema } from 'typebox';
import { assertValid, type InputValidator } from '../http/validation.js';

type JsonSchema = Record<string, unknown>;

/**
 * GraphQL arguments and input objects → the plain JSON the TypeBox schemas validate:
 * input class instances become plain objects, dates ISO 8601 strings, unset fields
 * disappear.
 *
 * The null rule: GraphQL clients send `null` for an optional field they leave unset
 * (generated clients do, and a variable may be null), so a null means the field is
 * absent, and its default applies — except where the schema the input is validated
 * against accepts null at that place, because there null says something of its own
 * (a webhook's `description: null` clears it, a price's `channel: null` is the default
 * price). Without a schema, every null is absent. Items of lists are kept as they are.
 */
export function plainInput(value: unknown, schema?: TSchema): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => plainInput(item, itemSchema(schema)));
  if (value === null || typeof value !== 'object') return value;
  const members: [string, unknown][] = [];
  for (const [name, member] of Object.entries(value)) {
    const memberSchema = propertySchema(schema, name);
    if (member === undefined || (member === null && !acceptsNull(memberSchema))) continue;
    members.push([name, plainInput(member, memberSchema)]);
  }
  return Object.fromEntries(members);
}

/**
 * A GraphQL input validated against the schema its REST twin uses (compiled once), after
 * plainInput: what a resolver hands its service.
 */
export function validInput<S extends TSchema>(validator: InputValidator<S>, value: unknown, message?: string): Static<S> {
  return assertValid(validator, plainInput(value, validator.schema), message);
}

/** The schema and the branches of its unions and intersections. */
function branches(schema: TSchema | undefined): JsonSchema[] {
  if (!schema) return [];
  const node = schema as JsonSchema;
  const nested = ['anyOf', 'oneOf', 'allOf'].flatMap((keyword) => (Array.isArray(node[keyword]) ? (node[keyword] as TSchema[]) : []));
  return [node, ...nested.flatMap(branches)];
}

function acceptsNull(schema: TSchema | undefined): boolean {
  return branches(schema).some(
    (node) => node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null')) || (Array.isArray(node.enum) && node.enum.includes(null)),
  );
}

function propertySchema(schema: TSchema | undefined, name: string): TSchema | undefined {
  for (const node of branches(schema)) {
    const properties = node.properties as Record<string, TSchema> | undefined;
    if (properties && Object.hasOwn(properties, name)) return properties[name];
  }
  return undefined;
}

function itemSchema(schema: TSchema | undefined): TSchema | undefined {
  return branches(schema).find((node) => node.items !== undefined && !Array.isArray(node.items))?.items as TSchema | undefined;
}
