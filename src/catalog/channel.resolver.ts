import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { CurrentSeller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { MaxItems } from '../graphql/list-size.js';
import { validInput } from '../graphql/plain-input.js';
import { compileInput } from '../http/validation.js';
import { CHANNELS_MAX, findChannel, listChannels, putChannel, type ChannelView } from './channel.service.js';
import { PutChannelInput } from './catalog.inputs.js';
import { ChannelType, PutChannelPayload } from './catalog.types.js';
import { ChannelCodeArgs, ChannelSettings } from './catalog.schemas.js';

const channelCodeValidator = compileInput(ChannelCodeArgs);
const channelSettingsValidator = compileInput(ChannelSettings);

/** Channels over GraphQL: the same services and schemas as /canais. */
@Resolver()
export class ChannelResolver {
  @Authorized('catalog:read')
  @MaxItems(CHANNELS_MAX)
  @Query(() => [ChannelType], { description: `The seller's channels, by code (at most ${CHANNELS_MAX})` })
  async channels(@CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<ChannelView[]> {
    return listChannels(em, sellerId);
  }

  @Authorized('catalog:read')
  @Query(() => ChannelType, { nullable: true, description: 'A channel of the seller; null when none has this code' })
  async channel(@Arg('code', { description: 'Channel code' }) code: string, @CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<ChannelView | null> {
    return findChannel(em, sellerId, validInput(channelCodeValidator, { code }).code);
  }

  @Authorized('catalog:write')
  @Mutation(() => PutChannelPayload, { description: 'Creates or replaces a channel (as PUT /canais/{code}); allocation changes recompute every SKU' })
  async putChannel(
    @Arg('input', () => PutChannelInput, { description: 'The channel code and its settings' }) { code, ...settings }: PutChannelInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<PutChannelPayload> {
    return putChannel(em, sellerId, validInput(channelCodeValidator, { code }).code, validInput(channelSettingsValidator, settings));
  }
}
