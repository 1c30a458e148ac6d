/** GraphQL types of channel connections; field names are the REST ones. */
import { GraphQLJSON } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { wireEnum } from '../graphql/enums.js';
import { MaxItems } from '../graphql/list-size.js';
import { DateTime } from '../graphql/scalars.js';
import { connectionType } from '../graphql/relay.js';
import type { ConnectionStatus } from './connection.entity.js';
import type { SyncField, SyncOutcome, SyncStatus } from './sync.entity.js';
import { ATTEMPTS_SHOWN } from './sync-log.service.js';
import { CREDENTIAL_FIELDS_MAX } from './connection-forms.js';

export const ConnectionStatusEnum = wireEnum<ConnectionStatus>('ChannelConnectionStatus', 'Whether the platform takes the connection\'s credentials', {
  active: 'Orders come in and syncs go out',
  unauthorized: 'The platform refused the credentials (401/403): syncing is paused until they are replaced',
});

@ObjectType('ChannelConnection', { description: 'A channel\'s connection to its platform (credentials are never shown)' })
export class ChannelConnectionType {
  @Field({ description: 'The channel\'s code' }) channel!: string;
  @Field({ description: 'shopify, woocommerce or mercadolivre' }) platform!: string;
  @Field(() => ConnectionStatusEnum, { description: 'Whether the platform takes the credentials' }) status!: string;
  @Field({ description: 'Paste it into the platform\'s webhook or notification settings' }) inboundUrl!: string;
  @Field({ description: 'scheme://host[:port] the platform\'s API paths are appended to' }) apiBaseUrl!: string;
  @Field(() => DateTime, { description: 'When it was connected' }) createdAt!: string;
  @Field(() => DateTime, { nullable: true, description: 'When the last order came in through it' }) lastOrderAt!: string | null;
  @Field(() => DateTime, { nullable: true, description: 'When the platform last took a sync' }) lastSyncAt!: string | null;
  @Field(() => String, { nullable: true, description: 'The platform\'s last refusal or failure' }) lastError!: string | null;
}

@ObjectType('ChannelCredentialField', { description: 'One of the credentials a platform\'s connection takes' })
export class ChannelCredentialFieldType {
  @Field({ description: 'Its name in connectChannel\'s credentials (and beside platform in PUT /canais/{code}/conexao)' }) name!: string;
  @Field({ description: 'What it is, in the platform\'s words' }) description!: string;
  @Field({ description: 'A secret: typed into a masked field. Credentials are never shown back, secret or not' }) secret!: boolean;
  @Field({ description: 'The connection needs it' }) required!: boolean;
}

@ObjectType('ChannelPlatform', { description: 'A platform a channel can be connected to, and what its connection takes' })
export class ChannelPlatformType {
  @Field({ description: 'The platform of connectChannel (shopify, woocommerce…)' }) platform!: string;
  @Field({ description: 'Its name' }) title!: string;
  @MaxItems(CREDENTIAL_FIELDS_MAX)
  @Field(() => [ChannelCredentialFieldType], { description: 'The credentials its connection takes, in order' }) credentialFields!: ChannelCredentialFieldType[];
  @Field({ description: 'The API host used when the connection names no apiBaseUrl; {name} stands for that credential (https://{shopDomain})' }) apiBaseUrlDefault!: string;
}

@InputType('ChannelCredentialInput', { description: 'One of the platform\'s credentials, by name (shopDomain, accessToken…)' })
export class ChannelCredentialInput {
  @Field({ description: 'The credential\'s name' }) name!: string;
  @Field({ description: 'Its value (never shown again)' }) value!: string;
}

@InputType('ConnectChannelInput', { description: 'As PUT /canais/{code}/conexao' })
export class ConnectChannelInput {
  @Field({ description: 'The channel\'s code' }) code!: string;
  @Field({ description: 'shopify, woocommerce or mercadolivre' }) platform!: string;
  @Field(() => String, { nullable: true, description: 'scheme://host[:port]; default: the platform\'s API host' }) apiBaseUrl?: string | null;
  @Field(() => [ChannelCredentialInput], { description: 'The platform\'s credentials' }) credentials!: ChannelCredentialInput[];
}

@ObjectType({ description: 'The result of connectChannel' })
export class ConnectChannelPayload {
  @Field(() => ChannelConnectionType, { description: 'The connection as stored' }) connection!: ChannelConnectionType;
}

@ObjectType({ description: 'The result of disconnectChannel' })
export class DisconnectChannelPayload {
  @Field({ description: 'The channel that was disconnected' }) code!: string;
}

@ObjectType('ChannelListingLink', { description: 'A SKU and the platform\'s ids of its listing (as GET /canais/{code}/anuncios)' })
export class ChannelListingLinkType {
  @Field({ description: 'The SKU' }) sku!: string;
  @Field({ description: 'Shopify: the InventoryItem GID; WooCommerce: the product id; Mercado Livre: the item id' }) listingId!: string;
  @Field(() => String, { nullable: true, description: 'Shopify: the ProductVariant GID; WooCommerce and Mercado Livre: the variation id' }) variationId!: string | null;
  @Field(() => String, { nullable: true, description: 'Shopify: the Product GID' }) productId!: string | null;
  @Field(() => DateTime, { description: 'When it was linked' }) createdAt!: string;
  @Field(() => DateTime, { description: 'When it last changed' }) updatedAt!: string;
}

export const ChannelListingLinkConnection = connectionType('ChannelListingLink', ChannelListingLinkType);

@InputType('ChannelListingLinkInput', { description: 'As one of PUT /canais/{code}/anuncios\'s links' })
export class ChannelListingLinkInput {
  @Field({ description: 'A sellable SKU of the catalogue' }) sku!: string;
  @Field({ description: 'The platform\'s listing id' }) listingId!: string;
  @Field(() => String, { nullable: true, description: 'The platform\'s variation id' }) variationId?: string | null;
  @Field(() => String, { nullable: true, description: 'Shopify: the Product GID' }) productId?: string | null;
}

@InputType('LinkChannelListingsInput', { description: 'As PUT /canais/{code}/anuncios' })
export class LinkChannelListingsInput {
  @Field({ description: 'The channel\'s code' }) code!: string;
  @Field(() => [ChannelListingLinkInput], { description: 'Upserted by SKU; at most 500' }) links!: ChannelListingLinkInput[];
}

@ObjectType({ description: 'The result of linkChannelListings' })
export class LinkChannelListingsPayload {
  @Field(() => [ChannelListingLinkType], { description: 'As stored, in the order given' }) links!: ChannelListingLinkType[];
}

@ObjectType({ description: 'The result of linkChannelListingsFromCatalogue' })
export class LinkChannelListingsFromCataloguePayload {
  @Field({ description: 'The channel' }) code!: string;
  @Field({ description: 'The linking runs in the background; its pages show in the sync log (field catalogue)' }) queued!: boolean;
}

export const SyncFieldEnum = wireEnum<SyncField>('ChannelSyncField', 'What a sync row keeps in step on the platform', {
  quantity: 'A linked SKU\'s published quantity',
  price: 'A linked SKU\'s price in force',
  order: 'An order\'s status (invoiced, shipped)',
  catalogue: 'The platform\'s catalogue being linked by SKU, a page per attempt',
});

export const SyncStatusEnum = wireEnum<SyncStatus>('ChannelSyncStatus', 'Where a sync row stands', {
  pending: 'Due to be sent (or waiting for its connection)',
  retrying: 'Failed and waiting for its next attempt',
  synced: 'The platform holds the value',
  failed: 'Given up until the value changes',
});

export const SyncOutcomeEnum = wireEnum<SyncOutcome>('ChannelSyncOutcome', 'What one attempt came to', {
  succeeded: 'The platform took it',
  retrying: 'No answer, 429 or 5xx: tried again later',
  failed: 'Refused or out of attempts',
  paused: 'The platform refused the credentials: the connection is unauthorized until they are replaced',
});

@ObjectType('ChannelSyncAttempt', { description: 'One attempt of a sync row' })
export class ChannelSyncAttemptType {
  @Field(() => Int, { description: '1, 2, 3… per row' }) number!: number;
  @Field(() => DateTime, { description: 'When it started' }) at!: string;
  @Field(() => Int, { description: 'How long it took' }) durationMs!: number;
  @Field(() => SyncOutcomeEnum, { description: 'What it came to' }) outcome!: string;
  @Field(() => GraphQLJSON, { nullable: true, description: 'What it sent' }) value!: unknown;
  @Field(() => Int, { nullable: true, description: 'The platform\'s HTTP status' }) statusCode!: number | null;
  @Field(() => String, { nullable: true, description: 'The first 4 KiB of the platform\'s answer' }) responseBody!: string | null;
  @Field(() => String, { nullable: true, description: 'The class of failure' }) error!: string | null;
  @Field(() => String, { nullable: true, description: 'The failure, in words' }) errorDetail!: string | null;
}

@ObjectType('ChannelSync', { description: 'What Ponte keeps in step on the platform for one SKU, order or the catalogue (as GET /canais/{code}/sincronizacoes)' })
export class ChannelSyncType {
  @Field(() => ID, { description: 'The row' }) id!: string;
  @Field(() => SyncFieldEnum, { description: 'What it keeps in step' }) field!: string;
  @Field({ description: 'The SKU, the order\'s id, or empty for the catalogue' }) subject!: string;
  @Field(() => GraphQLJSON, { description: 'What the platform should hold' }) value!: unknown;
  @Field(() => GraphQLJSON, { nullable: true, description: 'What the last successful attempt sent' }) syncedValue!: unknown;
  @Field(() => SyncStatusEnum, { description: 'Where it stands' }) status!: string;
  @Field(() => Int, { description: 'Attempts made' }) attemptCount!: number;
  @Field(() => DateTime, { nullable: true, description: 'When it is sent next; null when synced or failed' }) nextAttemptAt!: string | null;
  @Field(() => DateTime, { nullable: true, description: 'When it was last attempted' }) lastAttemptAt!: string | null;
  @Field(() => String, { nullable: true, description: 'The last failure' }) lastError!: string | null;
  @Field(() => DateTime, { description: 'When it last changed' }) updatedAt!: string;
  @MaxItems(ATTEMPTS_SHOWN)
  @Field(() => [ChannelSyncAttemptType], { description: 'Its latest attempts (up to 20), oldest first' }) attempts!: ChannelSyncAttemptType[];
}

export const ChannelSyncConnection = connectionType('ChannelSync', ChannelSyncType);

@InputType('ChannelSyncFilter', { description: 'Which sync rows' })
export class ChannelSyncFilter {
  @Field(() => SyncFieldEnum, { nullable: true, description: 'Of this field' }) field?: SyncField;
  @Field(() => SyncStatusEnum, { nullable: true, description: 'In this status' }) status?: SyncStatus;
  @Field(() => String, { nullable: true, description: 'Of this SKU or order id' }) subject?: string;
}
