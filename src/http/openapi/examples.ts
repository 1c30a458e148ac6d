import type { JsonSchema, OpenApiDocument } from './document-types.js';
import { HTTP_METHODS } from './problems.js';

/**
 * Puts an example on every JSON body of the document that has none: requests, 2xx
 * responses and webhook deliveries. The example is the schema's own `examples[0]` (or
 * `default`, `const`, first `enum` value), else one built from its types and formats, so
 * a client generator or an HTTP client collection always has a valid body to start from.
 * test/http/openapi.test.ts checks every example against its schema.
 */
export function addExamples(document: OpenApiDocument): void {
  const resolve = (ref: string) => document.components?.schemas?.[ref.replace('#/components/schemas/', '')] ?? {};
  for (const item of [...Object.values(document.paths ?? {}), ...Object.values(document.webhooks ?? {})]) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const bodies = [
        operation.requestBody?.content,
        ...Object.entries(operation.responses ?? {})
          .filter(([status]) => status.startsWith('2'))
          .map(([, response]) => response.content),
      ];
      for (const content of bodies) {
        const json = content?.['application/json'];
        if (json?.schema && json.example === undefined) json.example = exampleOf(json.schema, resolve);
      }
    }
  }
}

const FORMAT_EXAMPLES: Record<string, string> = {
  uuid: '0b4f7a52-3c1e-4d8e-9a4b-6f2d1c9e8a71',
  'date-time': '2026-01-15T13:45:00.000Z',
  date: '2026-01-15',
  uri: 'https://receiver.example.com/ponte',
  email: 'seller@example.com',
};

/** Property names whose plain strings read better with a realistic value. */
const NAMED_EXAMPLES: Record<string, string> = {
  url: 'https://receiver.example.com/ponte',
  sku: 'CAMISETA-AZUL-M',
  channel: 'loja-propria',
  currency: 'BRL',
};

export function exampleOf(schema: JsonSchema, resolve: (ref: string) => JsonSchema, name?: string, depth = 0): unknown {
  if (depth > 12) return null;
  if (typeof schema.$ref === 'string') return exampleOf(resolve(schema.$ref), resolve, name, depth + 1);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) return exampleOf(branches.find((branch) => branch.type !== 'null') ?? branches[0]!, resolve, name, depth + 1);
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as JsonSchema[]).map((part) => exampleOf(part, resolve, name, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((entry) => entry !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([key, property]) => [key, exampleOf(property, resolve, key, depth + 1)]),
      );
    case 'array': {
      const count = Math.max(1, Number(schema.minItems ?? 1));
      return Array.from({ length: count }, () => exampleOf((schema.items ?? {}) as JsonSchema, resolve, name, depth + 1));
    }
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Number(schema.exclusiveMinimum) + 1 : 1));
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return stringExample(schema, name);
    default:
      return {};
  }
}

function stringExample(schema: JsonSchema, name: string | undefined): string {
  const value = FORMAT_EXAMPLES[String(schema.format)] ?? (name ? NAMED_EXAMPLES[name] : undefined) ?? name ?? 'text';
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Infinity);
  return value.padEnd(min, 'x').slice(0, max);
}
