import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { CurrentSeller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { validInput } from '../graphql/plain-input.js';
import { compileInput } from '../http/validation.js';
import { findChannel, listChannels, putChannel, type ChannelView } from './channel.service.js';
import { ChannelInput } from './catalog.inputs.js';
import { Channel, ChannelPutResult, Stock } from './catalog.types.js';
import { ChannelCodeArgs, ChannelSettings, SkuArgs, StockUpdateBody } from './catalog.schemas.js';
import { getStock, updateStock, type StockFigures } from './stock.service.js';

const skuValidator = compileInput(SkuArgs);
const stockUpdateValidator = compileInput(StockUpdateBody);
const channelCodeValidator = compileInput(ChannelCodeArgs);
const channelSettingsValidator = compileInput(ChannelSettings);

/** Stock and channels over GraphQL: the same services and schemas as /estoque and /canais. */
@Resolver()
export class StockResolver {
  @Authorized('catalog:read')
  @Query(() => Stock, { description: 'Stock of a SKU and its published quantity per active channel' })
  async stock(@Arg('sku') sku: string, @CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<StockFigures> {
    return getStock(em, sellerId, validInput(skuValidator, { sku }).sku);
  }

  @Authorized('catalog:write')
  @Mutation(() => Stock, { description: 'Sets onHand (absolute) or applies delta, which needs an idempotencyKey (as PATCH /estoque/{sku})' })
  async updateStock(
    @Arg('sku') sku: string,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
    @Arg('onHand', () => Int, { nullable: true }) onHand?: number,
    @Arg('delta', () => Int, { nullable: true }) delta?: number,
    @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey?: string,
  ): Promise<StockFigures> {
    return updateStock(em, sellerId, validInput(skuValidator, { sku }).sku, {
      ...validInput(stockUpdateValidator, { onHand, delta }),
      idempotencyKey: idempotencyKey ?? undefined,
    });
  }

  @Authorized('catalog:read')
  @Query(() => [Channel], { description: 'The seller\'s channels, by code' })
  async channels(@CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<ChannelView[]> {
    return listChannels(em, sellerId);
  }

  @Authorized('catalog:read')
  @Query(() => Channel, { nullable: true })
  async channel(@Arg('code') code: string, @CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<ChannelView | null> {
    return findChannel(em, sellerId, validInput(channelCodeValidator, { code }).code);
  }

  @Authorized('catalog:write')
  @Mutation(() => ChannelPutResult, { description: 'Creates or replaces a channel (as PUT /canais/{code}); allocation changes recompute every SKU' })
  async putChannel(
    @Arg('code') code: string,
    @Arg('input', () => ChannelInput) input: ChannelInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<ChannelPutResult> {
    return putChannel(em, sellerId, validInput(channelCodeValidator, { code }).code, validInput(channelSettingsValidator, input));
  }
}
