import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireAuthentication } from '../auth/service.js';
import type { GraphQLContext } from '../graphql/context.js';
import { assertValid, compileInput } from '../http/validation.js';
import { assertIdempotencyKey } from '../idempotency/idempotency.js';
import { validationFailed } from '../errors.js';
import { findChannel, listChannels, putChannel, type ChannelView } from './channel.service.js';
import { ChannelInput } from './graphql-inputs.js';
import { Channel, ChannelPutResult, Stock } from './graphql-types.js';
import { ChannelCodeArgs, ChannelSettings, SkuArgs, StockUpdateBody } from './schemas.js';
import { getStock, updateStock, type StockFigures } from './stock.service.js';
import { plain } from './plain-input.js';

const skuValidator = compileInput(SkuArgs);
const stockUpdateValidator = compileInput(StockUpdateBody);
const channelCodeValidator = compileInput(ChannelCodeArgs);
const channelSettingsValidator = compileInput(ChannelSettings);

/** Stock and channels over GraphQL: the same services and schemas as /estoque and /canais. */
@Resolver()
export class StockResolver {
  @Authorized('catalog:read')
  @Query(() => Stock, { description: 'Stock of a SKU and its published quantity per active channel' })
  async stock(@Arg('sku') sku: string, @Ctx() { em, principal }: GraphQLContext): Promise<StockFigures> {
    assertValid(skuValidator, { sku });
    return getStock(em, requireAuthentication(principal).sellerId, sku);
  }

  @Authorized('catalog:write')
  @Mutation(() => Stock, { description: 'Sets onHand (absolute) or applies delta, which needs an idempotencyKey (as PATCH /estoque/{sku})' })
  async updateStock(
    @Arg('sku') sku: string,
    @Ctx() { em, principal }: GraphQLContext,
    @Arg('onHand', () => Int, { nullable: true }) onHand?: number,
    @Arg('delta', () => Int, { nullable: true }) delta?: number,
    @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey?: string,
  ): Promise<StockFigures> {
    const { sellerId } = requireAuthentication(principal);
    assertValid(skuValidator, { sku });
    if (idempotencyKey !== undefined && idempotencyKey !== null) assertIdempotencyKey(idempotencyKey);
    const body = assertValid(stockUpdateValidator, plain({ onHand, delta }));
    if ('onHand' in body) return updateStock(em, sellerId, sku, { onHand: body.onHand });
    if (!idempotencyKey) throw validationFailed([{ path: '/idempotencyKey', message: 'is required with delta' }]);
    return updateStock(em, sellerId, sku, { delta: body.delta, idempotencyKey });
  }

  @Authorized('catalog:read')
  @Query(() => [Channel], { description: 'The seller\'s channels, by code' })
  async channels(@Ctx() { em, principal }: GraphQLContext): Promise<ChannelView[]> {
    return listChannels(em, requireAuthentication(principal).sellerId);
  }

  @Authorized('catalog:read')
  @Query(() => Channel, { nullable: true })
  async channel(@Arg('code') code: string, @Ctx() { em, principal }: GraphQLContext): Promise<ChannelView | null> {
    assertValid(channelCodeValidator, { code });
    return findChannel(em, requireAuthentication(principal).sellerId, code);
  }

  @Authorized('catalog:write')
  @Mutation(() => ChannelPutResult, { description: 'Creates or replaces a channel (as PUT /canais/{code}); allocation changes recompute every SKU' })
  async putChannel(
    @Arg('code') code: string,
    @Arg('input', () => ChannelInput) input: ChannelInput,
    @Ctx() { em, principal }: GraphQLContext,
  ): Promise<ChannelPutResult> {
    assertValid(channelCodeValidator, { code });
    return putChannel(em, requireAuthentication(principal).sellerId, code, assertValid(channelSettingsValidator, plain(input)));
  }
}
