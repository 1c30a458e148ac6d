import { Type } from 'typebox';
import { callerOf, type RestRoutes } from '../http/rest.js';
import { pageQuerySchema } from '../http/pagination.js';
import { getEffectivePrice, getPrices, setPrices } from './price.service.js';
import { listProducts } from './product-query.js';
import { getProduct, productView, upsertProducts } from './product.service.js';
import { PUBLICATION_STATUSES, type PublicationStatus } from './product.entity.js';
import {
  AVAILABILITIES,
  ChannelCode,
  EffectivePriceView,
  PriceUpdate,
  ProductBatch,
  ProductBatchResult,
  ProductView,
  SkuArgs,
  SkuPricesView,
} from './schemas.js';

export const productRoutes: RestRoutes = (app, { config }) => {
  app.put(
    '/produtos',
    {
      config: { scope: 'catalog:write' },
      schema: { tags: ['catalog'], summary: 'Create or update up to 100 products by SKU', body: ProductBatch, response: { 200: ProductBatchResult } },
    },
    async (request) => ({ results: await upsertProducts(request.em, callerOf(request).sellerId, request.body.products) }),
  );

  app.get(
    '/produtos',
    {
      config: { scope: 'catalog:read' },
      schema: {
        tags: ['catalog'],
        summary: 'Products by SKU, filtered',
        querystring: Type.Object(
          {
            publicationStatus: Type.Optional(
              Type.String({ pattern: `^(${PUBLICATION_STATUSES.join('|')})(,(${PUBLICATION_STATUSES.join('|')}))*$`, description: 'One or more, comma separated' }),
            ),
            channel: Type.Optional(ChannelCode),
            availability: Type.Optional(Type.Enum([...AVAILABILITIES])),
            ...pageQuerySchema(config.pageSizeMax),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ data: Type.Array(ProductView), nextCursor: Type.Union([Type.String(), Type.Null()]) }) },
      },
    },
    async (request) => {
      const { publicationStatus, channel, availability, limit, cursor } = request.query;
      const page = await listProducts(
        request.em,
        callerOf(request).sellerId,
        { publicationStatus: publicationStatus?.split(',') as PublicationStatus[] | undefined, channel, availability },
        { limit: limit ?? config.pageSizeDefault, cursor },
      );
      return { data: page.data.map(productView), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/produtos/:sku',
    { config: { scope: 'catalog:read' }, schema: { tags: ['catalog'], summary: 'One product', params: SkuArgs, response: { 200: ProductView } } },
    async (request) => {
      callerOf(request);
      return productView(await getProduct(request.em, request.params.sku));
    },
  );

  app.patch(
    '/produtos/:sku/preco',
    {
      config: { scope: 'catalog:write' },
      schema: { tags: ['prices'], summary: 'Set the default price and per-channel overrides of a sellable SKU', params: SkuArgs, body: PriceUpdate, response: { 200: SkuPricesView } },
    },
    async (request) => setPrices(request.em, callerOf(request).sellerId, request.params.sku, request.body.prices),
  );

  app.get(
    '/produtos/:sku/preco',
    {
      config: { scope: 'catalog:read' },
      schema: {
        tags: ['prices'],
        summary: 'Prices of a sellable SKU and its effective price on a channel at an instant',
        params: SkuArgs,
        querystring: Type.Object(
          {
            channel: Type.Optional(ChannelCode),
            at: Type.Optional(Type.String({ format: 'date-time', description: 'Defaults to now' })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ ...SkuPricesView.properties, effective: Type.Union([EffectivePriceView, Type.Null()]) }) },
      },
    },
    async (request) => {
      const { sellerId } = callerOf(request);
      const { sku } = request.params;
      const at = request.query.at ? new Date(request.query.at) : new Date();
      const prices = await getPrices(request.em, sellerId, sku);
      return { ...prices, effective: await getEffectivePrice(request.em, sellerId, sku, request.query.channel ?? null, at) };
    },
  );
};
