import { Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { ChannelCodeArgs } from '../catalog/catalog.schemas.js';
import { ChannelType } from '../catalog/catalog.types.js';
import type { ChannelView } from '../catalog/channel.service.js';
import { CurrentSeller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { MaxItems } from '../graphql/list-size.js';
import { validInput } from '../graphql/plain-input.js';
import { compileInput } from '../http/validation.js';
import { ConnectionBody, type ConnectionViewType } from './channels.schemas.js';
import { ChannelConnectionType, ChannelPlatformType, ConnectChannelInput, ConnectChannelPayload, DisconnectChannelPayload } from './channels.types.js';
import { PLATFORM_FORMS, type PlatformFormView } from './connection-forms.js';
import { CONNECTORS } from './connectors.js';
import { deleteConnection, findConnectionView, putConnection } from './connection.service.js';

const codeValidator = compileInput(ChannelCodeArgs);
const connectionValidator = compileInput(ConnectionBody);

/** Where platforms reach this service: PUBLIC_URL, or the scheme and host the operation came to (as over REST). */
function publicUrl({ config, origin }: GraphQLContext): string {
  return config.publicUrl ?? origin;
}

/** Channel connections over GraphQL: the same services and schemas as /canais/{code}/conexao. */
@Resolver(() => ChannelType)
export class ConnectionResolver {
  @Authorized()
  @MaxItems(CONNECTORS.length)
  @Query(() => [ChannelPlatformType], { description: 'The platforms a channel can be connected to, each with the credentials its connection takes (a form per platform)' })
  channelPlatforms(): readonly PlatformFormView[] {
    return PLATFORM_FORMS;
  }

  @Authorized('catalog:read')
  @FieldResolver(() => ChannelConnectionType, { nullable: true, description: 'Its connection to a platform; null when it has none' })
  async connection(@Root() channel: ChannelView, @CurrentSeller() sellerId: string, @Ctx() context: GraphQLContext): Promise<ConnectionViewType | null> {
    return findConnectionView(context.em, sellerId, channel.code, { secretsKey: context.config.secretsKey, publicUrl: publicUrl(context) });
  }

  @Authorized('catalog:write')
  @Mutation(() => ConnectChannelPayload, { description: 'Connects a channel to a platform or replaces its credentials (as PUT /canais/{code}/conexao)' })
  async connectChannel(
    @Arg('input', () => ConnectChannelInput, { description: 'The channel, the platform and its credentials' }) { code, platform, apiBaseUrl, credentials }: ConnectChannelInput,
    @CurrentSeller() sellerId: string,
    @Ctx() context: GraphQLContext,
  ): Promise<ConnectChannelPayload> {
    const { em, config } = context;
    const body = validInput(connectionValidator, { ...Object.fromEntries(credentials.map(({ name, value }) => [name, value])), platform, apiBaseUrl });
    const { connection } = await putConnection(em, sellerId, validInput(codeValidator, { code }).code, body, {
      secretsKey: config.secretsKey,
      allowPrivate: config.webhookAllowPrivateTargets,
      publicUrl: publicUrl(context),
    });
    return { connection };
  }

  @Authorized('catalog:write')
  @Mutation(() => DisconnectChannelPayload, { description: 'Disconnects a channel (as DELETE /canais/{code}/conexao)' })
  async disconnectChannel(@Arg('code', { description: 'The channel\'s code' }) code: string, @CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<DisconnectChannelPayload> {
    await deleteConnection(em, sellerId, validInput(codeValidator, { code }).code);
    return { code };
  }
}
