import { registerPageRoute } from '../http/page-route.js';
import { callerOf, type RestRoutes } from '../http/rest.js';
import { getChannel, pageOfChannels, putChannel } from './channel.service.js';
import { ChannelCodeArgs, ChannelSettings, ChannelView } from './catalog.schemas.js';

/** /canais: the seller's sales channels and their allocation settings. */
export const channelRoutes: RestRoutes = (app, { config }) => {
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
