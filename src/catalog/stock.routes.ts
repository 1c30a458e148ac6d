import { Type } from 'typebox';
import { callerOf, type RestRoutes } from '../http/rest.js';
import { idempotencyKeySchema } from '../idempotency/idempotency.js';
import { SkuArgs, StockUpdateBody, StockView } from './catalog.schemas.js';
import { getStock, updateStock } from './stock.service.js';

const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(idempotencyKeySchema('Required with delta: the same key applies the change once')),
});

/** /estoque: a SKU's stock, set absolutely or by a delta. */
export const stockRoutes: RestRoutes = (app) => {
  app.get(
    '/estoque/:sku',
    {
      config: { scope: 'catalog:read' },
      schema: { tags: ['stock'], operationId: 'getStock', summary: 'Stock of a SKU and its published quantity per channel', params: SkuArgs, response: { 200: StockView } },
    },
    async (request) => getStock(request.em, callerOf(request).sellerId, request.params.sku),
  );

  app.patch(
    '/estoque/:sku',
    {
      config: { scope: 'catalog:write' },
      schema: {
        tags: ['stock'],
        operationId: 'updateStock',
        summary: 'Set onHand (absolute) or apply a delta (with Idempotency-Key)',
        params: SkuArgs,
        headers: IdempotencyHeaders,
        body: StockUpdateBody,
        response: { 200: StockView },
      },
    },
    async (request) =>
      updateStock(request.em, callerOf(request).sellerId, request.params.sku, { ...request.body, idempotencyKey: request.headers['idempotency-key'] }),
  );
};
