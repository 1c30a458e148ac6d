/** GraphQL types of channel connections; field names are the REST ones. */
import { Field, InputType, ObjectType } from 'type-graphql';
import { wireEnum } from '../graphql/enums.js';
import { DateTime } from '../graphql/scalars.js';
import type { ConnectionStatus } from './connection.entity.js';

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
