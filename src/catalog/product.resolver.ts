import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { CurrentSeller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { listArgs } from '../graphql/list-args.js';
import { validInput } from '../graphql/plain-input.js';
import { AFTER, connectionType, FIRST, toConnection, type Connection } from '../graphql/relay.js';
import { compileInput } from '../http/validation.js';
import { ProductFilterInput, UpsertProductsInput } from './catalog.inputs.js';
import { ProductType, ProductVariation, SkuPrices, StockType, UpsertProductsPayload } from './catalog.types.js';
import { pricesLoader, stockLoader } from './catalog.loaders.js';
import { listProducts } from './product.queries.js';
import { findProductsBySkus, productView, upsertProducts, type ProductView } from './product.service.js';
import { ProductBatch, productListArgs, SkuArgs } from './catalog.schemas.js';
import type { StockFigures } from './stock-figures.js';
import type { Variation } from './product.entity.js';
import type { SkuPrices as SkuPricesView } from './price.service.js';

const ProductConnection = connectionType('Product', ProductType);

const skuValidator = compileInput(SkuArgs);
const productBatchValidator = compileInput(ProductBatch);

@Resolver(() => ProductType)
export class ProductResolver {
  @Authorized('catalog:read')
  @Query(() => ProductType, { nullable: true, description: 'Null when the caller\'s catalogue has no product with this SKU' })
  async product(@Arg('sku', { description: 'The product\'s SKU' }) sku: string, @Ctx() { em }: GraphQLContext): Promise<ProductView | null> {
    return (await findProductsBySkus(em, [validInput(skuValidator, { sku }).sku])).get(sku) ?? null;
  }

  @Authorized('catalog:read')
  @Query(() => ProductConnection, { description: 'Products by SKU, filtered (as GET /produtos)' })
  async products(
    @CurrentSeller() sellerId: string,
    @Ctx() context: GraphQLContext,
    @Arg('first', () => Int, { nullable: true, description: FIRST }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER }) after?: string,
    @Arg('filter', () => ProductFilterInput, { nullable: true, description: 'Which products; omitted: all' }) filter?: ProductFilterInput,
  ): Promise<Connection<ProductView>> {
    const list = listArgs(context, productListArgs, { ...filter, first, after });
    return toConnection(await listProducts(context.em, sellerId, list.filter, list.page), (product) => [product.sku], productView);
  }

  @Authorized('catalog:write')
  @Mutation(() => UpsertProductsPayload, { description: 'Creates or updates up to 100 products by SKU (as PUT /produtos)' })
  async upsertProducts(
    @Arg('input', () => UpsertProductsInput, { description: 'The batch' }) input: UpsertProductsInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<UpsertProductsPayload> {
    return { results: await upsertProducts(em, sellerId, validInput(productBatchValidator, input).products) };
  }

  @FieldResolver(() => StockType, { nullable: true, description: 'Null when the product has variations: stock belongs to them' })
  async stock(@Root() product: ProductView, @Ctx() context: GraphQLContext): Promise<StockFigures | null> {
    return product.variations.length > 0 ? null : stockLoader(context).load(product.sku);
  }

  @FieldResolver(() => SkuPrices, { nullable: true, description: 'Null when the product has variations: prices belong to them' })
  async prices(@Root() product: ProductView, @Ctx() context: GraphQLContext): Promise<SkuPricesView | null> {
    return product.variations.length > 0 ? null : { sku: product.sku, prices: await pricesLoader(context).load(product.sku) };
  }
}

@Resolver(() => ProductVariation)
export class ProductVariationResolver {
  @FieldResolver(() => StockType, { nullable: true, description: 'Its stock; null before any was recorded' })
  async stock(@Root() variation: Variation, @Ctx() context: GraphQLContext): Promise<StockFigures | null> {
    return stockLoader(context).load(variation.sku);
  }

  @FieldResolver(() => SkuPrices, { description: 'Its prices' })
  async prices(@Root() variation: Variation, @Ctx() context: GraphQLContext): Promise<SkuPricesView> {
    return { sku: variation.sku, prices: await pricesLoader(context).load(variation.sku) };
  }
}
