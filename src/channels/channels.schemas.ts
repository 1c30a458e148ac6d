/** The channel connections' request and response schemas (validation, OpenAPI, GraphQL inputs). */
import { Type, type Static } from 'typebox';
import { CONNECTORS, PLATFORMS } from './connectors.js';
import { CONNECTION_STATUSES } from './connection.entity.js';

const Instant = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ConnectionBody = Type.Object(
  {
    platform: Type.String({ minLength: 1, maxLength: 40, description: `One of ${PLATFORMS.join(', ')}` }),
    apiBaseUrl: Type.Optional(
      Type.String({ maxLength: 300, description: 'scheme://host[:port] the platform\'s documented paths are appended to; default: the platform\'s own API host (WooCommerce: siteUrl)' }),
    ),
  },
  {
    title: 'ChannelConnectionInput',
    // The platform's credentials sit beside `platform`: each connector's own schema checks them.
    additionalProperties: Type.String({ maxLength: 2000 }),
    description: CONNECTORS.map((connector) => `${connector.platform}: ${Object.keys(connector.credentials.properties).join(', ')}`).join('; '),
    examples: [
      {
        platform: 'shopify',
        shopDomain: 'minha-loja.myshopify.com',
        accessToken: 'shpat_…',
        webhookSecret: '…',
        locationId: 'gid://shopify/Location/1',
      },
    ],
  },
);
export type ConnectionInput = Static<typeof ConnectionBody>;

export const ConnectionView = Type.Object(
  {
    channel: Type.String(),
    platform: Type.String(),
    status: Type.Enum([...CONNECTION_STATUSES], { description: 'unauthorized: the platform refused the credentials; syncing is paused until they are replaced' }),
    inboundUrl: Type.String({ description: 'Paste it into the platform\'s webhook or notification settings' }),
    apiBaseUrl: Type.String(),
    createdAt: Instant,
    lastOrderAt: Nullable(Instant),
    lastSyncAt: Nullable(Instant),
    lastError: Nullable(Type.String()),
  },
  { title: 'ChannelConnection' },
);
export type ConnectionViewType = Static<typeof ConnectionView>;

export const InboundKeyArgs = Type.Object({ key: Type.String({ maxLength: 200 }) });

export const InboundAnswer = Type.Object(
  {
    received: Type.Boolean(),
    duplicate: Type.Optional(Type.Boolean({ description: 'The platform sent this delivery before; nothing new was stored' })),
    ignored: Type.Optional(Type.String({ description: 'Why nothing was stored (a ping, a topic Ponte does not take)' })),
  },
  { title: 'InboundAnswer' },
);
