import { ChannelCodeArgs } from '../catalog/catalog.schemas.js';
import { listRequest, pageQuery, pageRequest, pageResponse } from '../http/pagination.js';
import { callerOf, type RestRoutes } from '../http/rest.js';
import {
  CatalogueLinkingAnswer,
  CatalogueLinkingBody,
  ListingLinksAnswer,
  ListingLinksBody,
  ListingLinkView,
  SyncView,
  syncQuery,
} from './channels.schemas.js';
import { linkFromCatalogue, listListingLinks, putListingLinks } from './listing.service.js';
import { listSyncs } from './sync-log.service.js';

/** REST adapter of listing links and the sync log: translates HTTP into service calls. */
export const listingRoutes: RestRoutes = (app, { config }) => {
  app.put(
    '/canais/:code/anuncios',
    {
      config: { scope: 'catalog:write' },
      schema: {
        tags: ['channel-listings'],
        operationId: 'putChannelListings',
        summary: 'Link SKUs to the platform\'s listings (upserted by SKU); each new or changed link gets its quantity and price sent',
        params: ChannelCodeArgs,
        body: ListingLinksBody,
        response: { 200: ListingLinksAnswer },
      },
    },
    async (request) => ({ links: await putListingLinks(request.em, callerOf(request).sellerId, request.params.code, request.body.links) }),
  );

  app.get(
    '/canais/:code/anuncios',
    {
      config: { scope: 'catalog:read' },
      schema: {
        tags: ['channel-listings'],
        operationId: 'listChannelListings',
        summary: 'The channel\'s listing links, by SKU',
        params: ChannelCodeArgs,
        querystring: pageQuery(config.pageSizeMax).schema,
        response: { 200: pageResponse(ListingLinkView) },
      },
    },
    async (request) => listListingLinks(request.em, callerOf(request).sellerId, request.params.code, pageRequest(request.query, config.pageSizeDefault)),
  );

  app.post(
    '/canais/:code/anuncios/vincular',
    {
      config: { scope: 'catalog:write' },
      schema: {
        tags: ['channel-listings'],
        operationId: 'linkChannelListingsFromCatalogue',
        summary: 'Link by SKU from the platform\'s own catalogue, page by page in the background (202); the pages show in the sync log',
        params: ChannelCodeArgs,
        body: CatalogueLinkingBody,
        response: { 202: CatalogueLinkingAnswer },
      },
    },
    async (request, reply) => {
      await linkFromCatalogue(request.em, callerOf(request).sellerId, request.params.code);
      return reply.status(202).send({ queued: true });
    },
  );

  app.get(
    '/canais/:code/sincronizacoes',
    {
      config: { scope: 'catalog:read' },
      schema: {
        tags: ['channel-syncs'],
        operationId: 'listChannelSyncs',
        summary: 'The sync log: what each linked SKU, order and the catalogue should hold on the platform, with the latest attempts',
        params: ChannelCodeArgs,
        querystring: syncQuery(config.pageSizeMax).schema,
        response: { 200: pageResponse(SyncView) },
      },
    },
    async (request) => {
      const { filter, page } = listRequest(request.query, config.pageSizeDefault);
      return listSyncs(request.em, callerOf(request).sellerId, request.params.code, filter, page);
    },
  );
};
