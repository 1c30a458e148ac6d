/** GraphQL output types of the catalogue; field names are the REST ones. */
import { Directive, Field, Float, GraphQLISODateTime, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PUBLICATION_STATUSES } from './product.entity.js';
import { AVAILABILITIES } from './catalog.schemas.js';

const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((value) => [value, value])) as Record<T, T>;

export const PublicationStatusEnum = enumOf(PUBLICATION_STATUSES);
export const AvailabilityEnum = enumOf(AVAILABILITIES);
export const PriceSourceEnum = enumOf(['channel', 'default'] as const);
export const UpsertOutcomeEnum = enumOf(['created', 'updated', 'unchanged'] as const);
registerEnumType(PublicationStatusEnum, { name: 'PublicationStatus' });
registerEnumType(AvailabilityEnum, { name: 'Availability', description: 'in_stock: some sellable SKU of the product has available stock' });
registerEnumType(UpsertOutcomeEnum, { name: 'UpsertOutcome', description: 'unchanged: the stored content was the same; nothing was written' });
registerEnumType(PriceSourceEnum, { name: 'PriceSource', description: 'Whose entry gave the effective price' });

@ObjectType()
export class NameValue {
  @Field() name!: string;
  @Field() value!: string;
}

@ObjectType()
export class ProductImage {
  @Field() url!: string;
  @Field(() => Int) position!: number;
}

@ObjectType()
export class DimensionsCm {
  @Field(() => Float) height!: number;
  @Field(() => Float) width!: number;
  @Field(() => Float) length!: number;
}

@ObjectType({ description: 'Published quantity of a SKU on one active channel' })
export class ChannelQuantity {
  @Field() channel!: string;
  @Field(() => Int) quantity!: number;
}

@ObjectType({ description: 'Stock of a sellable SKU: available = onHand − reserved' })
export class Stock {
  @Field() sku!: string;
  @Field(() => Int) onHand!: number;
  @Field(() => Int) reserved!: number;
  @Field(() => Int) available!: number;
  @Field(() => [ChannelQuantity], { description: 'Every active channel of the seller' }) channels!: ChannelQuantity[];
}

@ObjectType()
export class Price {
  @Field(() => String, { nullable: true, description: 'null: the default price' }) channel!: string | null;
  @Field({ description: 'Decimal string, BRL' }) sale!: string;
  @Field(() => String, { nullable: true }) promo!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) promoStart!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) promoEnd!: string | null;
}

@ObjectType()
export class SkuPrices {
  @Field() sku!: string;
  @Field(() => [Price]) prices!: Price[];
}

@ObjectType({ description: 'What a buyer pays for a SKU on a channel at an instant' })
export class EffectivePrice {
  @Field() sku!: string;
  @Field(() => String, { nullable: true }) channel!: string | null;
  @Field(() => GraphQLISODateTime) at!: string;
  @Field(() => PriceSourceEnum) source!: 'channel' | 'default';
  @Field() sale!: string;
  @Field(() => String, { nullable: true }) promo!: string | null;
  @Field() promoActive!: boolean;
  @Field() price!: string;
}

@ObjectType({ description: 'A sellable SKU of a product with its own attributes, images and GTIN' })
export class ProductVariation {
  @Field() sku!: string;
  @Field(() => [NameValue]) attributes!: NameValue[];
  @Field(() => [ProductImage]) images!: ProductImage[];
  @Field(() => String, { nullable: true }) gtin!: string | null;
}

@ObjectType('Product', { description: 'A product; without variations it is itself the sellable SKU' })
@Directive('@key(fields: "sku")')
export class ProductType {
  @Field() sku!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => String, { nullable: true }) brand!: string | null;
  @Field(() => String, { nullable: true }) gtin!: string | null;
  @Field(() => String, { nullable: true }) ncm!: string | null;
  @Field(() => [NameValue]) attributes!: NameValue[];
  @Field(() => [ProductImage]) images!: ProductImage[];
  @Field(() => [NameValue]) datasheet!: NameValue[];
  @Field(() => Int, { nullable: true }) weightGrams!: number | null;
  @Field(() => DimensionsCm, { nullable: true }) dimensionsCm!: DimensionsCm | null;
  @Field(() => PublicationStatusEnum) publicationStatus!: string;
  @Field(() => [String], { description: 'Codes of the channels it is listed on' }) channels!: string[];
  @Field(() => [ProductVariation]) variations!: ProductVariation[];
  @Field(() => GraphQLISODateTime) createdAt!: string;
  @Field(() => GraphQLISODateTime) updatedAt!: string;
}

@ObjectType()
export class Channel {
  @Field() code!: string;
  @Field() name!: string;
  @Field() active!: boolean;
  @Field(() => Int) sharePercent!: number;
  @Field(() => Int) safetyStock!: number;
  @Field(() => Int, { nullable: true }) maxQuantity!: number | null;
}

@ObjectType()
export class ChannelPutResult {
  @Field(() => Channel) channel!: Channel;
  @Field({ description: 'false when an existing channel was replaced' }) created!: boolean;
}

@ObjectType()
export class UpsertResult {
  @Field() sku!: string;
  @Field(() => UpsertOutcomeEnum) result!: 'created' | 'updated' | 'unchanged';
}
