import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { ChannelCodeArgs } from '../catalog/catalog.schemas.js';
import { notFound } from '../errors.js';
import { problemResponse } from '../http/problem.js';
import { addressRateLimit, keyedRateLimit } from '../http/rate-limit.js';
import { NO_CONTENT, callerOf, type RestApp, type RestRoutes } from '../http/rest.js';
import { ConnectionBody, ConnectionView, InboundAnswer, InboundKeyArgs } from './channels.schemas.js';
import { deleteConnection, getConnection, putConnection, type ConnectionDeps } from './connection.service.js';
import { acceptInbound, findInboundConnection } from './inbound.service.js';
import { SHOPIFY_ORDER_NOTIFICATION } from './shopify/shopify-notification-example.js';

/** REST adapter of channel connections and the inbound URL: translates HTTP into service calls. */
export const connectionRoutes: RestRoutes = async (app, { config }) => {
  connectionCrud(app, config);
  await app.register(async (scope) => inboundRoute(scope as RestApp, config));
};

/** Where platforms reach this service: PUBLIC_URL, or the scheme and host the request came to. */
export function publicUrlOf(request: FastifyRequest, config: Config): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

function depsOf(request: FastifyRequest, config: Config): ConnectionDeps {
  return { secretsKey: config.secretsKey, allowPrivate: config.webhookAllowPrivateTargets, publicUrl: publicUrlOf(request, config) };
}

const connectionCrud = (app: RestApp, config: Config) => {
  app.put(
    '/canais/:code/conexao',
    {
      // The inbound URL it answers ends with the key a platform's notifications are sent to.
      config: { scope: 'catalog:write', collection: { makes: { '/entrada/{key}': { url: 'inboundUrl' } } } },
      schema: {
        tags: ['channel-connections'],
        operationId: 'putChannelConnection',
        summary: 'Connect the channel to a platform, or replace its credentials (the inbound URL stays)',
        params: ChannelCodeArgs,
        body: ConnectionBody,
        response: { 200: ConnectionView },
      },
    },
    async (request) => (await putConnection(request.em, callerOf(request).sellerId, request.params.code, request.body, depsOf(request, config))).connection,
  );

  app.get(
    '/canais/:code/conexao',
    {
      config: { scope: 'catalog:read' },
      schema: { tags: ['channel-connections'], operationId: 'getChannelConnection', summary: 'The channel\'s connection (credentials are never shown)', params: ChannelCodeArgs, response: { 200: ConnectionView } },
    },
    async (request) => getConnection(request.em, callerOf(request).sellerId, request.params.code, depsOf(request, config)),
  );

  app.delete(
    '/canais/:code/conexao',
    {
      config: { scope: 'catalog:write' },
      schema: { tags: ['channel-connections'], operationId: 'deleteChannelConnection', summary: 'Disconnect the channel: credentials, links and queued syncs go', params: ChannelCodeArgs, response: { 204: NO_CONTENT } },
    },
    async (request, reply) => {
      await deleteConnection(request.em, callerOf(request).sellerId, request.params.code);
      return reply.status(204).send(null);
    },
  );
};

/**
 * The platforms' requests, taken as they are sent: the raw bytes (signatures are over
 * them), whatever the media type (WooCommerce's ping is a form). Not on the callers'
 * per-address budget (platforms send bursts from shared addresses): a known key spends
 * its connection's own (CHANNEL_INBOUND_RATE_LIMIT_PER_MINUTE), an unknown one the
 * address's, since no platform sends to a key that does not exist.
 */
const inboundRoute = (app: RestApp, config: Config) => {
  const perConnection = keyedRateLimit(app, config.channelInboundRateLimitPerMinute);
  const perAddress = addressRateLimit(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/entrada/:key',
    {
      config: {
        rateLimit: false,
        // What Shopify would send to the connection the collection made (its example is a Shopify store), signed with the webhook secret it set.
        collection: {
          signed: {
            body: SHOPIFY_ORDER_NOTIFICATION.body,
            headers: SHOPIFY_ORDER_NOTIFICATION.headers,
            header: SHOPIFY_ORDER_NOTIFICATION.signatureHeader,
            secret: { operationId: 'putChannelConnection', field: '/webhookSecret' },
          },
        },
      },
      schema: {
        tags: ['channel-inbound'],
        operationId: 'receiveChannelNotification',
        summary: 'A platform\'s webhook or notification (Shopify, WooCommerce, Mercado Livre), verified and stored before the answer',
        security: [],
        params: InboundKeyArgs,
        response: {
          200: InboundAnswer,
          401: problemResponse('UNAUTHENTICATED: the signature does not match the body, or the notification is not about the connected seller; nothing was stored'),
          413: problemResponse('PAYLOAD_TOO_LARGE: the body is above BODY_LIMIT_BYTES; nothing was stored'),
          422: problemResponse('VALIDATION_FAILED: the body holds a NUL byte (no platform sends one); nothing was stored'),
          429: problemResponse('RATE_LIMITED: the connection took CHANNEL_INBOUND_RATE_LIMIT_PER_MINUTE requests this minute (an unknown key: the address\'s budget); nothing was stored, send it again after Retry-After'),
        },
      },
    },
    async (request, reply) => {
      const connection = await findInboundConnection(request.em, request.params.key);
      if (!connection) {
        await perAddress(request, reply);
        throw notFound('Inbound URL');
      }
      await perConnection(request, reply, `inbound:${connection.id}`);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await acceptInbound(request.em, connection, { headers: request.headers as Record<string, string | undefined>, body }, config.secretsKey);
      return outcome.stored ? { received: true, duplicate: outcome.duplicate } : { received: true, ignored: outcome.ignored };
    },
  );
};
