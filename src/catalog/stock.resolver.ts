import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { CurrentSeller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { validInput } from '../graphql/plain-input.js';
import { compileInput } from '../http/validation.js';
import { UpdateStockInput } from './catalog.inputs.js';
import { StockType, UpdateStockPayload } from './catalog.types.js';
import { SkuArgs, StockUpdateBody } from './catalog.schemas.js';
import { getStock, updateStock, type StockFigures } from './stock.service.js';

const skuValidator = compileInput(SkuArgs);
const stockUpdateValidator = compileInput(StockUpdateBody);

/** Stock over GraphQL: the same services and schemas as /estoque. */
@Resolver()
export class StockResolver {
  @Authorized('catalog:read')
  @Query(() => StockType, { description: 'Stock of a SKU and its published quantity per active channel' })
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
}
