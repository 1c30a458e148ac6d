import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { ProblemSchema } from '../problem.js';
import { PROBLEMS_PATH } from '../problem-catalogue.js';
import { hoistNamedSchemas, pruneComponents } from './components.js';
import type { OpenApiDocument } from './document-types.js';
import { addExamples } from './examples.js';
import { allWebhooks, interfaceDocument, type RestInterface } from './interfaces.js';
import { describeOperation, SECURITY_SCHEMES } from './operations.js';
import { documentProblems, operationsOf } from './problems.js';

/** Where the documents are served: `/openapi/<name>.json`, the combined one as `all`. */
export const OPENAPI_PATH = '/openapi';
export const COMBINED = 'all';

const SERVERS = [
  {
    url: '{baseUrl}',
    description: 'A Ponte server; the per-product APIs may also be published on hosts of their own (LOGISTICS_URL, PAYMENTS_URL, SUPPORT_URL)',
    variables: { baseUrl: { default: 'http://localhost:4000', description: 'Scheme, host and port of the server' } },
  },
];

/**
 * The @fastify/swagger options that make the combined OpenAPI 3.1 document from the
 * routes' own schemas (the ones that validate requests and serialise answers):
 * `describeOperation` completes each operation, then the document gets its problem
 * responses, the webhooks of every interface, examples and reusable components.
 */
export function openApiOptions(interfaces: readonly RestInterface[]): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ponte REST API',
        version: '1.0.0',
        description: `Orders, catalogue, stock and webhooks of the Ponte integration hub: every interface in one document (each also has its own under ${OPENAPI_PATH}/). Errors are RFC 9457 problem+json; each \`type\` is a page of the error catalogue at ${PROBLEMS_PATH}.`,
        // Each server has its own operator; the documents are the same everywhere.
        contact: { name: 'The operator of this Ponte server' },
      },
      servers: SERVERS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: describeOperation,
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      return finishDocument(documentObject.openapiObject as OpenApiDocument, interfaces);
    },
  };
}

function finishDocument(document: OpenApiDocument, interfaces: readonly RestInterface[]): OpenApiDocument {
  documentProblems(document);
  describeBodies(document);
  document.webhooks = allWebhooks(interfaces);
  document.tags = uniqueTags(interfaces);
  document.components = { ...document.components, schemas: { ...document.components?.schemas, Problem: ProblemSchema as unknown as Record<string, unknown> } };
  addExamples(document);
  hoistNamedSchemas(document);
  return document;
}

const SUCCESS: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'Done; no content' };

/**
 * Success responses and request bodies described from their schema's own title and
 * description (swagger's placeholder is "Default Response").
 */
function describeBodies(document: OpenApiDocument): void {
  for (const operation of operationsOf(document)) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (response.description !== 'Default Response') continue;
      const schema = response.content?.['application/json']?.schema;
      response.description = [SUCCESS[status] ?? status, schema?.title, schema?.description].filter(Boolean).join(': ');
    }
    const body = operation.requestBody as { description?: string; content: Record<string, { schema?: Record<string, unknown> }> } | undefined;
    const schema = body?.content['application/json']?.schema;
    if (body && schema) body.description = String(schema.description ?? schema.title ?? operation.summary ?? '');
  }
}

function uniqueTags(interfaces: readonly RestInterface[]): OpenApiDocument['tags'] {
  const tags = new Map(interfaces.flatMap((api) => api.tags).map((tag) => [tag.name, tag]));
  return [...tags.values(), EVENTS_TAG];
}

const EVENTS_TAG = { name: 'events', description: 'Deliveries to your receiver (the `webhooks` section): one schema per event' };

/** Every document by name: `all` (the combined one) and one per interface. */
export function openApiDocuments(combined: OpenApiDocument, interfaces: readonly RestInterface[]): Record<string, OpenApiDocument> {
  const documents: Record<string, OpenApiDocument> = { [COMBINED]: combined };
  for (const api of interfaces) {
    const document = structuredClone(interfaceDocument(combined, api));
    if (document.webhooks) {
      document.tags = [...(document.tags ?? []), EVENTS_TAG];
      addExamples(document);
      hoistNamedSchemas(document);
    } else {
      delete document.webhooks;
    }
    pruneComponents(document);
    documents[api.slug] = document;
  }
  return documents;
}
