import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireAuthentication } from '../auth/service.js';
import type { GraphQLContext } from '../graphql/context.js';
import { connectionType, toConnection, type Connection } from '../graphql/relay.js';
import { pageQuerySchema } from '../http/pagination.js';
import { assertValid, compileInput, listQuery } from '../http/validation.js';
import { Type } from 'typebox';
import { ProductFilterInput, ProductInput } from './graphql-inputs.js';
import { Product, ProductVariation, SkuPrices, Stock, UpsertResult } from './graphql-types.js';
import { pricesLoader, stockLoader } from './loaders.js';
import { plain } from './plain-input.js';
import { listProducts } from './product-query.js';
import { findProductsBySkus, productView, upsertProducts, type ProductView, type UpsertResult as Outcome } from './product.service.js';
import { AVAILABILITIES, ChannelCode, ProductBatch, PublicationStatus as PublicationStatusSchema, SkuArgs } from './schemas.js';
import type { StockFigures } from './stock-figures.js';
import type { Variation } from './product.entity.js';
import type { SkuPrices as SkuPricesView } from './price.service.js';

const ProductConnection = connectionType('Product', Product);

const productListQuery = listQuery((maxLimit) =>
  Type.Object({
    publicationStatus: Type.Optional(Type.Array(PublicationStatusSchema, { minItems: 1 })),
    channel: Type.Optional(ChannelCode),
    availability: Type.Optional(Type.Enum([...AVAILABILITIES])),
    ...pageQuerySchema(maxLimit),
  }),
);
const skuValidator = compileInput(SkuArgs);
const productBatchValidator = compileInput(ProductBatch);

@Resolver(() => Product)
export class ProductResolver {
  @Authorized('catalog:read')
  @Query(() => Product, { nullable: true, description: 'Null when the caller\'s catalogue has no product with this SKU' })
  async product(@Arg('sku') sku: string, @Ctx() { em }: GraphQLContext): Promise<ProductView | null> {
    assertValid(skuValidator, { sku });
    return (await findProductsBySkus(em, [sku])).get(sku) ?? null;
  }

  @Authorized('catalog:read')
  @Query(() => ProductConnection, { description: 'Products by SKU, filtered (as GET /produtos)' })
  async products(
    @Ctx() context: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('filter', () => ProductFilterInput, { nullable: true }) filter?: ProductFilterInput,
  ): Promise<Connection<ProductView>> {
    const query = assertValid(productListQuery(context.config.pageSizeMax), plain({ ...filter, limit: first, cursor: after }));
    const page = await listProducts(
      context.em,
      requireAuthentication(context.principal).sellerId,
      { publicationStatus: query.publicationStatus, channel: query.channel, availability: query.availability },
      { limit: query.limit ?? context.config.pageSizeDefault, cursor: query.cursor },
    );
    return toConnection(page, (product) => [product.sku], productView);
  }

  @Authorized('catalog:write')
  @Mutation(() => [UpsertResult], { description: 'Creates or updates up to 100 products by SKU (as PUT /produtos)' })
  async upsertProducts(
    @Arg('products', () => [ProductInput]) products: ProductInput[],
    @Ctx() { em, principal }: GraphQLContext,
  ): Promise<Outcome[]> {
    const body = assertValid(productBatchValidator, plain({ products }));
    return upsertProducts(em, requireAuthentication(principal).sellerId, body.products);
  }

  @FieldResolver(() => Stock, { nullable: true, description: 'Null when the product has variations: stock belongs to them' })
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
  @FieldResolver(() => Stock, { nullable: true })
  async stock(@Root() variation: Variation, @Ctx() context: GraphQLContext): Promise<StockFigures | null> {
    return stockLoader(context).load(variation.sku);
  }

  @FieldResolver(() => SkuPrices)
  async prices(@Root() variation: Variation, @Ctx() context: GraphQLContext): Promise<SkuPricesView> {
    return { sku: variation.sku, prices: await pricesLoader(context).load(variation.sku) };
  }
}
