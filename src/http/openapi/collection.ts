import type { OpenApiDocument, Operation } from './document-types.js';
import { HTTP_METHODS } from './problems.js';

/**
 * A Postman Collection v2.1 of a document: a folder per tag, a request per operation with
 * its example body, `{{baseUrl}}` for the server and the credential in `{{token}}` (seller
 * token) or `{{applicationCredential}}`. Postman, Insomnia, Bruno (import) and Hoppscotch
 * read it; it is printed from the document, never edited.
 */
export function postmanCollection(document: OpenApiDocument, name: string): unknown {
  const folders = new Map<string, unknown[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const tag = operation.tags?.[0] ?? 'other';
      folders.set(tag, [...(folders.get(tag) ?? []), requestItem(path, method, operation)]);
    }
  }
  return {
    info: {
      _postman_id: `ponte-${name}`,
      name: document.info.title,
      description: `${document.info.description ?? ''}\n\nGenerated from schema/openapi/${name}.json. Set baseUrl and token (seller API token) or applicationCredential.`,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    item: [...folders].map(([tag, items]) => ({
      name: tag,
      description: document.tags?.find((entry) => entry.name === tag)?.description ?? '',
      item: items,
    })),
    variable: [
      { key: 'baseUrl', value: String(document.servers?.[0]?.variables?.baseUrl?.default ?? 'http://localhost:4000'), type: 'string' },
      { key: 'token', value: '', type: 'string', description: 'A seller API token (ponte_sk_…)' },
      { key: 'applicationCredential', value: '', type: 'string', description: 'An application credential (ponte_app_…)' },
    ],
  };
}

function requestItem(path: string, method: string, operation: Operation): unknown {
  const application = operation.security?.some((requirement) => 'applicationCredential' in requirement) ?? false;
  const parameters = operation.parameters ?? [];
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.+)\}$/, ':$1'));
  const query = parameters.filter((parameter) => parameter.in === 'query');
  const headers = parameters.filter((parameter) => parameter.in === 'header');
  const body = operation.requestBody?.content['application/json'];
  return {
    name: operation.summary ?? operation.operationId,
    request: {
      method: method.toUpperCase(),
      description: [operation.operationId, operation.description].filter(Boolean).join(': '),
      auth: operation.security?.length
        ? { type: 'bearer', bearer: [{ key: 'token', value: application ? '{{applicationCredential}}' : '{{token}}', type: 'string' }] }
        : { type: 'noauth' },
      header: [
        ...(body ? [{ key: 'Content-Type', value: 'application/json' }] : []),
        ...headers.map((header) => ({ key: header.name, value: '', description: header.description ?? '', disabled: !header.required })),
      ],
      url: {
        raw: `{{baseUrl}}/${segments.join('/')}`,
        host: ['{{baseUrl}}'],
        path: segments,
        ...(query.length ? { query: query.map((parameter) => ({ key: parameter.name, value: '', description: parameter.description ?? '', disabled: true })) } : {}),
        ...(segments.some((segment) => segment.startsWith(':'))
          ? {
              variable: parameters
                .filter((parameter) => parameter.in === 'path')
                .map((parameter) => ({ key: parameter.name, value: '', description: parameter.description ?? '' })),
            }
          : {}),
      },
      ...(body ? { body: { mode: 'raw', raw: JSON.stringify(body.example ?? {}, null, 2), options: { raw: { language: 'json' } } } } : {}),
    },
  };
}
