import { Type } from 'typebox';
import { callerOf, type RestRoutes } from '../http/rest.js';
import { getPricing, setPrices } from './price.service.js';
import { EffectivePriceQuery, EffectivePriceView, PriceUpdate, SkuArgs, SkuPricesView } from './catalog.schemas.js';

/** /produtos/{sku}/preco: a sellable SKU's default price, channel overrides and effective price. */
export const priceRoutes: RestRoutes = (app) => {
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
