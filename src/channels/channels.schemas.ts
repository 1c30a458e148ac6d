/** The channel connections' request and response schemas (validation, OpenAPI, GraphQL inputs). */
import { Type, type Static } from 'typebox';
import { CONNECTORS, PLATFORMS } from './connectors.js';
import { CONNECTION_STATUSES } from './connection.entity.js';
import { SYNC_FIELDS, SYNC_OUTCOMES, SYNC_STATUSES } from './sync.entity.js';
import { pageQuerySchema } from '../http/pagination.js';
import { listQuery } from '../http/validation.js';

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

const platformId = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });

export const ListingLinkInput = Type.Object(
  {
    sku: Type.String({ minLength: 1, maxLength: 60, pattern: '^\\S+$', description: 'A sellable SKU of the catalogue' }),
    listingId: platformId('Shopify: the InventoryItem GID; WooCommerce: the product id; Mercado Livre: the item id (MLB…)'),
    variationId: Type.Optional(Nullable(platformId('Shopify: the ProductVariant GID (needed for prices); WooCommerce and Mercado Livre: the variation id'))),
    productId: Type.Optional(Nullable(platformId('Shopify: the Product GID (read from the platform when absent); ignored elsewhere'))),
  },
  { title: 'ListingLinkInput', additionalProperties: false },
);
export type ListingLinkInput = Static<typeof ListingLinkInput>;

export const ListingLinksBody = Type.Object(
  { links: Type.Array(ListingLinkInput, { minItems: 1, maxItems: 500, description: 'Upserted by SKU; at most 500 a request' }) },
  {
    title: 'ListingLinksInput',
    additionalProperties: false,
    examples: [{ links: [{ sku: 'CAMISETA-AZUL-M', listingId: 'gid://shopify/InventoryItem/43729076', variationId: 'gid://shopify/ProductVariant/43729076' }] }],
  },
);

export const ListingLinkView = Type.Object(
  {
    sku: Type.String(),
    listingId: Type.String(),
    variationId: Nullable(Type.String()),
    productId: Nullable(Type.String()),
    createdAt: Instant,
    updatedAt: Instant,
  },
  { title: 'ListingLink' },
);
export type ListingLinkView = Static<typeof ListingLinkView>;

export const ListingLinksAnswer = Type.Object({ links: Type.Array(ListingLinkView, { description: 'As stored, in the order given' }) }, { title: 'ListingLinks' });

export const CatalogueLinkingBody = Type.Object({}, { title: 'CatalogueLinkingInput', additionalProperties: false });
export const CatalogueLinkingAnswer = Type.Object(
  { queued: Type.Boolean({ description: 'The linking runs in the background, page by page; its pages show in the sync log (field catalogue)' }) },
  { title: 'CatalogueLinking' },
);

export const SyncAttemptView = Type.Object(
  {
    number: Type.Integer(),
    at: Instant,
    durationMs: Type.Integer(),
    outcome: Type.Enum([...SYNC_OUTCOMES], { description: 'paused: the platform refused the credentials; the value waits for the connection to be replaced' }),
    value: Type.Unknown({ description: 'What the attempt sent (a price attempt: the price in force then)' }),
    statusCode: Nullable(Type.Integer()),
    responseBody: Nullable(Type.String({ description: 'The first 4 KiB of the platform\'s answer' })),
    error: Nullable(Type.String({ description: 'status, timeout, connection, blocked, redirect, malformed, too_large, refused or unlinked' })),
    errorDetail: Nullable(Type.String()),
  },
  { title: 'ChannelSyncAttempt' },
);

export const SyncView = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    field: Type.Enum([...SYNC_FIELDS], { description: 'quantity and price of a linked SKU, an order\'s status, or the catalogue being linked' }),
    subject: Type.String({ description: 'The SKU, the order\'s id, or empty for the catalogue' }),
    value: Type.Unknown({ description: 'What the platform should hold: {quantity}, the price entry in force, {status}, or {cursor}' }),
    syncedValue: Type.Unknown({ description: 'What the last successful attempt sent; null before one' }),
    status: Type.Enum([...SYNC_STATUSES]),
    attemptCount: Type.Integer(),
    nextAttemptAt: Nullable(Instant),
    lastAttemptAt: Nullable(Instant),
    lastError: Nullable(Type.String()),
    updatedAt: Instant,
    attempts: Type.Array(SyncAttemptView, { description: 'Its latest attempts (up to 20), oldest first' }),
  },
  { title: 'ChannelSync' },
);
export type SyncViewType = Static<typeof SyncView>;

export const syncQuery = listQuery((maxLimit) =>
  Type.Object(
    {
      field: Type.Optional(Type.Enum([...SYNC_FIELDS])),
      status: Type.Optional(Type.Enum([...SYNC_STATUSES])),
      subject: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'A SKU or an order id' })),
      ...pageQuerySchema(maxLimit),
    },
    { additionalProperties: false },
  ),
);
export type SyncFilter = Omit<Static<ReturnType<typeof syncQuery>['schema']>, 'limit' | 'cursor'>;
