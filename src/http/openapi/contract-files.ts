import { eventDefinition } from '../../events/event-registry.js';
import { errorCatalogueMarkdown } from '../error-pages.js';
import { postmanCollection, postmanEnvironment } from './collection.js';
import { openApiDocuments } from './document.js';
import type { OpenApiDocument } from './document-types.js';
import { exampleOf } from './examples.js';
import type { RestInterface } from './interfaces.js';

/** The folders whose every file is printed here: a file no longer printed there is stale too. */
export const CONTRACT_FOLDERS = ['schema/openapi', 'schema/events', 'collections'];

/**
 * The REST contract files checked in, by path: the OpenAPI documents, a JSON Schema per
 * event and interface, an HTTP-client collection per document, the error catalogue and
 * the event reference. `npm run schema:print` writes them, `schema:check` compares.
 */
export function restContractFiles(combined: OpenApiDocument, interfaces: readonly RestInterface[]): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [name, document] of Object.entries(openApiDocuments(combined, interfaces))) {
    files[`schema/openapi/${name}.json`] = json(document);
    files[`collections/${name}.postman_collection.json`] = json(postmanCollection(document, name, combined));
  }
  files['collections/local.postman_environment.json'] = json(postmanEnvironment());
  for (const { api, name, schema } of eventSchemas(interfaces)) files[`schema/events/${api.slug}/${name}.json`] = json(schema);
  files['docs/errors.md'] = errorCatalogueMarkdown();
  files['docs/events.md'] = eventReference(interfaces);
  return files;
}

/**
 * The body of every delivery as a JSON Schema (2020-12), per interface that has
 * deliveries of its own (the portal's are the webhooks interface's).
 */
export function eventSchemas(interfaces: readonly RestInterface[]): { api: RestInterface; name: string; schema: Record<string, unknown> }[] {
  const seen = new Set<unknown>();
  return interfaces.flatMap((api) => {
    const deliveries = api.deliveries;
    if (!deliveries || seen.has(deliveries)) return [];
    seen.add(deliveries);
    return deliveries.events().map((name) => ({
      api,
      name,
      schema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: `schema/events/${api.slug}/${name}.json`,
        title: `${name} (${api.title})`,
        ...structuredClone(deliveries.body(eventDefinition(name)!)),
      },
    }));
  });
}

function eventReference(interfaces: readonly RestInterface[]): string {
  const schemas = eventSchemas(interfaces);
  const sections = [...new Set(schemas.map(({ api }) => api))].map((api) => {
    const events = schemas.filter((entry) => entry.api === api);
    const users = interfaces.filter((other) => other.deliveries === api.deliveries).map((other) => other.title);
    return [
      `## ${api.title}`,
      '',
      `Delivered to receivers of: ${users.join(', ')}. ${api.deliveries!.success}`,
      '',
      '| event | read scope | group | schema |',
      '|---|---|---|---|',
      ...events.map(({ name }) => {
        const definition = eventDefinition(name)!;
        return `| \`${name}\` | \`${definition.readScope}\` | ${definition.group ?? '(per-product only)'} | [schema/events/${api.slug}/${name}.json](../schema/events/${api.slug}/${name}.json) |`;
      }),
      '',
      ...events.flatMap(({ name, schema }) => [
        `### ${name}`,
        '',
        '```json',
        JSON.stringify(exampleOf(schema, () => ({})), null, 2),
        '```',
        '',
      ]),
    ].join('\n');
  });
  return [
    '# Event reference',
    '',
    '<!-- Printed by `npm run schema:print` from the events each module declares (its events.ts); `npm run schema:check` fails when it is stale. -->',
    '',
    'Every event has a JSON Schema (2020-12) of the body a receiver gets, printed from the TypeBox',
    'schema that types the payload where the event is recorded. Validate what you receive with',
    'any JSON Schema validator (Ajv, python-jsonschema, opis/json-schema). The OpenAPI documents',
    'carry the same schemas in their `webhooks` section. Examples below are built from the schemas.',
    '',
    ...sections,
  ].join('\n');
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
