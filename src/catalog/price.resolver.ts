import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Type } from 'typebox';
import { requireAuthentication } from '../auth/service.js';
import type { GraphQLContext } from '../graphql/context.js';
import { assertValid, compileInput } from '../http/validation.js';
import { PriceInput } from './graphql-inputs.js';
import { EffectivePrice, SkuPrices } from './graphql-types.js';
import { plain } from './plain-input.js';
import { getEffectivePrice, getPrices, setPrices, type SkuPrices as SkuPricesView } from './price.service.js';
import type { EffectivePrice as EffectivePriceView } from './price-rules.js';
import { ChannelCode, PriceUpdate, Sku, SkuArgs } from './schemas.js';

const effectivePriceValidator = compileInput(
  Type.Object({
    sku: Sku,
    channel: Type.Optional(ChannelCode),
    at: Type.Optional(Type.String({ format: 'date-time' })),
  }),
);
const skuValidator = compileInput(SkuArgs);
const priceUpdateValidator = compileInput(PriceUpdate);

@Resolver()
export class PriceResolver {
  @Authorized('catalog:read')
  @Query(() => SkuPrices, { description: 'The default price and per-channel overrides of a sellable SKU' })
  async prices(@Arg('sku') sku: string, @Ctx() { em, principal }: GraphQLContext): Promise<SkuPricesView> {
    assertValid(skuValidator, { sku });
    return getPrices(em, requireAuthentication(principal).sellerId, sku);
  }

  @Authorized('catalog:read')
  @Query(() => EffectivePrice, { nullable: true, description: 'The price of a SKU on a channel (omitted: the default) at an instant (omitted: now); null when no price applies' })
  async effectivePrice(
    @Arg('sku') sku: string,
    @Ctx() { em, principal }: GraphQLContext,
    @Arg('channel', () => String, { nullable: true }) channel?: string,
    @Arg('at', () => String, { nullable: true, description: 'ISO 8601' }) at?: string,
  ): Promise<EffectivePriceView | null> {
    assertValid(effectivePriceValidator, plain({ sku, channel, at }));
    return getEffectivePrice(em, requireAuthentication(principal).sellerId, sku, channel ?? null, at ? new Date(at) : new Date());
  }

  @Authorized('catalog:write')
  @Mutation(() => SkuPrices, { description: 'Sets the listed prices of a sellable SKU (as PATCH /produtos/{sku}/preco)' })
  async setPrices(
    @Arg('sku') sku: string,
    @Arg('prices', () => [PriceInput]) prices: PriceInput[],
    @Ctx() { em, principal }: GraphQLContext,
  ): Promise<SkuPricesView> {
    assertValid(skuValidator, { sku });
    // A price's channel: null (or omitted) names the default price.
    const body = assertValid(priceUpdateValidator, { prices: prices.map((price) => ({ ...plain(price), channel: price.channel ?? null })) });
    return setPrices(em, requireAuthentication(principal).sellerId, sku, body.prices);
  }
}
