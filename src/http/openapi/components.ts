import type { JsonSchema, OpenApiDocument } from './document-types.js';

const SCHEMAS = '#/components/schemas/';

/**
 * Moves every schema that has a `title` (Order, Product, Subscription…) into
 * `components.schemas` under that title and references it from where it was, so a type is
 * described once and client generators name it. Two different schemas under one title
 * are a mistake in the source schemas and fail the build.
 */
export function hoistNamedSchemas(document: OpenApiDocument): void {
  const schemas = (document.components ??= {}).schemas ??= {};
  const hoist = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(hoist);
    if (!isObject(node)) return node;
    const walked = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === 'example' || key === 'examples' ? value : hoist(value)]));
    const title = walked.title;
    if (typeof title !== 'string' || !isSchema(walked)) return walked;
    const name = title.replace(/[^A-Za-z0-9._-]/g, '');
    const known = schemas[name];
    if (known && canonical(known) !== canonical(walked)) throw new Error(`Two different schemas are titled ${title}`);
    // A body's top-level `examples` move to its media type (swagger does it): keep the copy that still has them.
    if (!known?.examples) schemas[name] = walked;
    return { $ref: `${SCHEMAS}${name}` };
  };
  document.paths = hoist(document.paths) as OpenApiDocument['paths'];
  if (document.webhooks) document.webhooks = hoist(document.webhooks) as OpenApiDocument['webhooks'];
  for (const [name, schema] of Object.entries(schemas)) {
    // A component's own title stays; the schemas inside it are hoisted.
    const { title, ...rest } = schema;
    const inner = hoist(rest) as JsonSchema;
    schemas[name] = { title, ...inner };
  }
  document.components.schemas = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}

/** Drops the components no operation or webhook references (directly or through others). */
export function pruneComponents(document: OpenApiDocument): void {
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith(SCHEMAS)) {
      const name = ref.slice(SCHEMAS.length);
      if (!used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(document.paths);
  visit(document.webhooks);
  document.components = { ...document.components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) };
}

/** JSON with keys sorted and examples left out: the same schema whatever order its keywords were written in. */
function canonical(node: unknown): string {
  return JSON.stringify(node, (key, value: unknown) => {
    if (key === 'examples' || key === 'example') return undefined;
    return isObject(value) && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value;
  });
}

function isObject(node: unknown): node is Record<string, unknown> {
  return typeof node === 'object' && node !== null;
}

function isSchema(node: Record<string, unknown>): boolean {
  return 'type' in node || 'properties' in node || 'anyOf' in node || 'allOf' in node || 'oneOf' in node;
}
