import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { CurrentSeller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { validInput } from '../graphql/plain-input.js';
import { compileInput } from '../http/validation.js';
import { findChannel, listChannels, putChannel, type ChannelView } from './channel.service.js';
import { PutChannelInput, UpdateStockInput } from './catalog.inputs.js';
import { Channel, PutChannelPayload, Stock, UpdateStockPayload } from './catalog.types.js';
import { ChannelCodeArgs, ChannelSettings, SkuArgs, StockUpdateBody } from './catalog.schemas.js';
import { getStock, updateStock, type StockFigures } from './stock.service.js';
import { MaxItems } from '../graphql/list-size.js';
import { CHANNELS_MAX } from './channel.service.js';

const skuValidator = compileInput(SkuArgs);
const stockUpdateValidator = compileInput(StockUpdateBody);
const channelCodeValidator = compileInput(ChannelCodeArgs);
const channelSettingsValidator = compileInput(ChannelSettings);

/** Stock and channels over GraphQL: the same services and schemas as /estoque and /canais. */
@Resolver()
export class StockResolver {
  @Authorized('catalog:read')
  @Query(() => Stock, { description: 'Stock of a SKU and its published quantity per active channel' })
  async stock(@Arg('sku', { description: 'A sellable SKU' }) sku: string, @CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<StockFigures> {
    return getStock(em, sellerId, validInput(skuValidator, { sku }).sku);
  }

  @Authorized('catalog:write')
  @Mutation(() => UpdateStockPayload, { description: 'Sets onHand (absolute) or applies delta, which needs an idempotencyKey (as PATCH /estoque/{sku})' })
  async updateStock(
    @Arg('input', () => UpdateStockInput, { description: 'The SKU and the change' }) { sku, onHand, delta, idempotencyKey }: UpdateStockInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<UpdateStockPayload> {
    const stock = await updateStock(em, sellerId, validInput(skuValidator, { sku }).sku, {
      ...validInput(stockUpdateValidator, { onHand, delta }),
      idempotencyKey: idempotencyKey ?? undefined,
    });
    return { stock };
  }

  @Authorized('catalog:read')
  @MaxItems(CHANNELS_MAX)
  @Query(() => [Channel], { description: `The seller's channels, by code (at most ${CHANNELS_MAX})` })
  async channels(@CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<ChannelView[]> {
    return listChannels(em, sellerId);
  }

  @Authorized('catalog:read')
  @Query(() => Channel, { nullable: true, description: 'A channel of the seller; null when none has this code' })
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
