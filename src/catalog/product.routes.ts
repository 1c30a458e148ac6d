import { pageResponse } from '../http/pagination.js';
import { callerOf, type RestRoutes } from '../http/rest.js';
import { listProductViews } from './product-listing.js';
import { getProduct, productView, upsertProducts } from './product.service.js';
import {
  ListedProductView,
  ProductBatch,
  ProductBatchResult,
  productInclusionsFromQuery,
  productListFromQuery,
  productListQuery,
  ProductView,
  SkuArgs,
} from './catalog.schemas.js';

/** /produtos: upsert a batch of products by SKU, list them, read one. */
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
};
