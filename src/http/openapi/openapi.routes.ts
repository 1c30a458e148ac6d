import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors.js';
import { COMBINED, OPENAPI_PATH, openApiDocuments } from './document.js';
import type { OpenApiDocument } from './document-types.js';
import type { RestInterface } from './interfaces.js';

/**
 * Serves the OpenAPI documents, public like the error catalogue: `/openapi/all.json` the
 * combined one (also at `/openapi.json`, its first address), `/openapi/<interface>.json`
 * one per interface, `/openapi` the list of them.
 */
export function registerOpenApiDocuments(app: FastifyInstance, interfaces: readonly RestInterface[]): void {
  const hidden = { schema: { hide: true }, config: { rateLimit: false as const } };
  let documents: Record<string, OpenApiDocument> | undefined;
  const documentsOf = () => (documents ??= openApiDocuments(app.swagger() as unknown as OpenApiDocument, interfaces));
  app.get('/openapi.json', hidden, async () => app.swagger());
  app.get(OPENAPI_PATH, hidden, async () => ({
    documents: [COMBINED, ...interfaces.map((api) => api.slug)].map((name) => ({
      name,
      title: documentsOf()[name]!.info.title,
      url: `${OPENAPI_PATH}/${name}.json`,
    })),
  }));
  app.get<{ Params: { name: string } }>(`${OPENAPI_PATH}/:name`, hidden, async (request) => {
    const document = documentsOf()[request.params.name.replace(/\.json$/, '')];
    if (!document) throw notFound('OpenAPI document');
    return document;
  });
}
