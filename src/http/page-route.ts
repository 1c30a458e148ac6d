import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { pageQuery, pageRequest, pageResponse, viewPage, type Page, type PageRequest } from './pagination.js';
import type { RestApp } from './rest.js';

export interface PageRoute<Row, Item extends TSchema> {
  url: string;
  /** The route's `config` (its scope); none for routes that check their own credential. */
  config?: FastifyContextConfig;
  tags: string[];
  /** The operation's name in the OpenAPI documents and the clients generated from them. */
  operationId: string;
  security?: Record<string, string[]>[];
  summary: string;
  /** The schema of one element of `data`. */
  item: Item;
  /** Reads the requested page: one call into the domain. */
  list: (request: FastifyRequest, page: PageRequest) => Promise<Page<Row>>;
  /** Shows one row as `item` describes it. */
  view: (row: Row) => Static<Item>;
}

/**
 * `GET url` of a list that takes nothing but `?limit=&cursor=`: every such list, whatever
 * its domain, reads the page the same way and answers `{data, nextCursor}` of views
 * (docs/architecture.md, "Lists").
 */
export function registerPageRoute<Row, Item extends TSchema>(
  app: RestApp,
  pageSize: { max: number; default: number },
  route: PageRoute<Row, Item>,
): void {
  const { url, config, tags, operationId, security, summary, item, list, view } = route;
  app.get(
    url,
    {
      ...(config ? { config } : {}),
      schema: {
        tags,
        operationId,
        ...(security ? { security } : {}),
        summary,
        querystring: pageQuery(pageSize.max).schema,
        response: { 200: pageResponse(item) },
      },
    },
    async (request) => {
      const page = await viewPage(await list(request, pageRequest(request.query, pageSize.default)), (rows) => rows.map(view));
      // `view` returns Static<Item>; TypeScript cannot relate that to the response's
      // Static inside this generic, so the caller's `view` is where the shape is checked.
      return page as Static<ReturnType<typeof pageResponse<Item>>>;
    },
  );
}
