import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Type } from 'typebox';
import { CurrentSeller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { validInput } from '../graphql/plain-input.js';
import { compileInput } from '../http/validation.js';
import { DateTime } from '../graphql/scalars.js';
import { SetPricesInput } from './catalog.inputs.js';
import { EffectivePrice, SetPricesPayload, SkuPrices } from './catalog.types.js';
import { getEffectivePrice, getPrices, setPrices, type SkuPrices as SkuPricesView } from './price.service.js';
import type { EffectivePrice as EffectivePriceView } from './price-rules.js';
import { EffectivePriceQuery, PriceUpdate, Sku, SkuArgs } from './catalog.schemas.js';

const skuValidator = compileInput(SkuArgs);
const effectivePriceValidator = compileInput(Type.Object({ sku: Sku, ...EffectivePriceQuery.properties }, { additionalProperties: false }));
const priceUpdateValidator = compileInput(PriceUpdate);

@Resolver()
export class PriceResolver {
  @Authorized('catalog:read')
  @Query(() => SkuPrices, { description: 'The default price and per-channel overrides of a sellable SKU' })
  async prices(@Arg('sku', { description: 'A sellable SKU' }) sku: string, @CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<SkuPricesView> {
    return getPrices(em, sellerId, validInput(skuValidator, { sku }).sku);
  }

  @Authorized('catalog:read')
  @Query(() => EffectivePrice, { nullable: true, description: 'The price of a SKU on a channel (omitted: the default) at an instant (omitted: now); null when no price applies' })
  async effectivePrice(
    @Arg('sku', { description: 'A sellable SKU' }) sku: string,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
    @Arg('channel', () => String, { nullable: true, description: 'Channel code; omitted: the default price' }) channel?: string,
    @Arg('at', () => DateTime, { nullable: true, description: 'The instant; omitted: now' }) at?: Date,
  ): Promise<EffectivePriceView | null> {
    const { sku: validSku, ...query } = validInput(effectivePriceValidator, { sku, channel, at });
    return getEffectivePrice(em, sellerId, validSku, query);
  }

  @Authorized('catalog:write')
  @Mutation(() => SetPricesPayload, { description: 'Sets the listed prices of a sellable SKU (as PATCH /produtos/{sku}/preco)' })
  async setPrices(
    @Arg('input', () => SetPricesInput, { description: 'The SKU and its price entries' }) { sku, prices }: SetPricesInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<SetPricesPayload> {
    const validSku = validInput(skuValidator, { sku }).sku;
    // GraphQL lets a price leave out its channel for the default price; REST says null.
    const update = validInput(priceUpdateValidator, { prices: prices.map((price) => ({ ...price, channel: price.channel ?? null })) });
    return { skuPrices: await setPrices(em, sellerId, validSku, update.prices) };
  }
}
