import { Type } from 'typebox';
import type { Config } from '../config.js';
import { registerPageRoute } from '../http/page-route.js';
import { callerOf, type RestApp, type RestRoutes } from '../http/rest.js';
import { idempotencyKeySchema } from '../idempotency/idempotency.js';
import { getChannel, pageOfChannels, putChannel } from './channel.service.js';
import { productRoutes } from './product.routes.js';
import { ChannelCodeArgs, ChannelSettings, ChannelView, SkuArgs, StockUpdateBody, StockView } from './catalog.schemas.js';
import { getStock, updateStock } from './stock.service.js';

const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(idempotencyKeySchema('Required with delta: the same key applies the change once')),
});

/** REST adapter of the catalogue: translates HTTP into service calls. */
export const catalogRoutes: RestRoutes = async (app, deps) => {
  await productRoutes(app, deps);
  stockRoutes(app);
  channelRoutes(app, deps.config);
};

const stockRoutes = (app: RestApp) => {
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

const channelRoutes = (app: RestApp, config: Config) => {
  registerPageRoute(app, { max: config.pageSizeMax, default: config.pageSizeDefault }, {
    url: '/canais',
    config: { scope: 'catalog:read' },
    tags: ['channels'],
    operationId: 'listChannels',
    summary: 'Channels of the seller, by code',
    item: ChannelView,
    list: (request, page) => pageOfChannels(request.em, callerOf(request).sellerId, page),
    view: (channel) => channel,
  });

  app.get(
    '/canais/:code',
    {
      config: { scope: 'catalog:read' },
      schema: { tags: ['channels'], operationId: 'getChannel', summary: 'One channel', params: ChannelCodeArgs, response: { 200: ChannelView } },
    },
    async (request) => getChannel(request.em, callerOf(request).sellerId, request.params.code),
  );

  app.put(
    '/canais/:code',
    {
      config: { scope: 'catalog:write' },
      schema: {
        tags: ['channels'],
        operationId: 'putChannel',
        summary: 'Create or replace a channel and its allocation',
        params: ChannelCodeArgs,
        body: ChannelSettings,
        response: { 200: ChannelView, 201: ChannelView },
      },
    },
    async (request, reply) => {
      const { channel, created } = await putChannel(request.em, callerOf(request).sellerId, request.params.code, request.body);
      return reply.status(created ? 201 : 200).send(channel);
    },
  );
};
