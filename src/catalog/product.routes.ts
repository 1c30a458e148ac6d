import { Type } from 'typebox';
import { pageResponse } from '../http/pagination.js';
import { callerOf, type RestRoutes } from '../http/rest.js';
import { getPricing, setPrices } from './price.service.js';
import { listProductViews } from './product-listing.js';
import { getProduct, productView, upsertProducts } from './product.service.js';
import {
  EffectivePriceQuery,
  EffectivePriceView,
  ListedProductView,
  PriceUpdate,
  ProductBatch,
  ProductBatchResult,
  productInclusionsFromQuery,
  productListFromQuery,
  productListQuery,
  ProductView,
  SkuArgs,
  SkuPricesView,
} from './catalog.schemas.js';

export const productRoutes: RestRoutes = (app, { config }) => {
  app.put(
    '/produtos',
    {
      config: { scope: 'catalog:write' },
      schema: { tags: ['catalog'], operationId: 'upsertProducts', summary: 'Create or update up to 100 products by SKU', body: ProductBatch, response: { 200: ProductBatchResult } },
    },
    async (request) => ({ results: await upsertProducts(request.em, callerOf(request).sellerId, request.body.products) }),
  );

  app.get(
    '/produtos',
    {
      config: { scope: 'catalog:read' },
      schema: {
        tags: ['catalog'],
        operationId: 'listProducts',
        summary: 'Products by SKU, filtered',
        querystring: productListQuery(config.pageSizeMax).schema,
        response: { 200: pageResponse(ListedProductView) },
      },
    },
    async (request) => {
      const { filter, page } = productListFromQuery(request.query, config.pageSizeDefault);
      return listProductViews(request.em, callerOf(request).sellerId, filter, page, productInclusionsFromQuery(request.query));
    },
  );

  app.get(
    '/produtos/:sku',
    { config: { scope: 'catalog:read' }, schema: { tags: ['catalog'], operationId: 'getProduct', summary: 'One product', params: SkuArgs, response: { 200: ProductView } } },
    async (request) => {
      callerOf(request);
      return productView(await getProduct(request.em, request.params.sku));
    },
  );

  app.patch(
    '/produtos/:sku/preco',
    {
      config: { scope: 'catalog:write' },
      schema: { tags: ['prices'], operationId: 'setPrices', summary: 'Set the default price and per-channel overrides of a sellable SKU', params: SkuArgs, body: PriceUpdate, response: { 200: SkuPricesView } },
    },
    async (request) => setPrices(request.em, callerOf(request).sellerId, request.params.sku, request.body.prices),
  );

  app.get(
    '/produtos/:sku/preco',
    {
      config: { scope: 'catalog:read' },
      schema: {
        tags: ['prices'],
        operationId: 'getPrices',
        summary: 'Prices of a sellable SKU and its effective price on a channel at an instant',
        params: SkuArgs,
        querystring: EffectivePriceQuery,
        response: { 200: Type.Object({ ...SkuPricesView.properties, effective: Type.Union([EffectivePriceView, Type.Null()]) }) },
      },
    },
    async (request) => getPricing(request.em, callerOf(request).sellerId, request.params.sku, request.query),
  );
};
