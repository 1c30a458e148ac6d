/** GraphQL inputs of the catalogue; resolvers validate them with the REST schemas (catalog.schemas.ts). */
import { Field, Float, InputType, Int } from 'type-graphql';
import { AvailabilityEnum, PublicationStatusEnum } from './catalog.types.js';

@InputType('NameValueInput')
export class NameValueInput {
  @Field() name!: string;
  @Field() value!: string;
}

@InputType('ProductImageInput')
export class ProductImageInput {
  @Field() url!: string;
  @Field(() => Int) position!: number;
}

@InputType('DimensionsCmInput')
export class DimensionsCmInput {
  @Field(() => Float) height!: number;
  @Field(() => Float) width!: number;
  @Field(() => Float) length!: number;
}

@InputType('ProductVariationInput')
export class ProductVariationInput {
  @Field() sku!: string;
  @Field(() => [NameValueInput], { nullable: true }) attributes?: NameValueInput[];
  @Field(() => [ProductImageInput], { nullable: true }) images?: ProductImageInput[];
  @Field(() => String, { nullable: true }) gtin?: string | null;
}

@InputType('ProductInput', { description: 'One product of an upsert batch; omitted fields take their defaults' })
export class ProductInput {
  @Field() sku!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) brand?: string | null;
  @Field(() => String, { nullable: true }) gtin?: string | null;
  @Field(() => String, { nullable: true }) ncm?: string | null;
  @Field(() => [NameValueInput], { nullable: true }) attributes?: NameValueInput[];
  @Field(() => [ProductImageInput], { nullable: true }) images?: ProductImageInput[];
  @Field(() => [NameValueInput], { nullable: true }) datasheet?: NameValueInput[];
  @Field(() => Int, { nullable: true }) weightGrams?: number | null;
  @Field(() => DimensionsCmInput, { nullable: true }) dimensionsCm?: DimensionsCmInput | null;
  @Field(() => PublicationStatusEnum, { nullable: true }) publicationStatus?: string;
  @Field(() => [String], { nullable: true }) channels?: string[];
  @Field(() => [ProductVariationInput], { nullable: true }) variations?: ProductVariationInput[];
}

@InputType('PriceInput')
export class PriceInput {
  @Field(() => String, { nullable: true, description: 'null or omitted: the default price' }) channel?: string | null;
  @Field({ description: 'Decimal string, e.g. "199.90"' }) sale!: string;
  @Field(() => String, { nullable: true }) promo?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601' }) promoStart?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601, exclusive' }) promoEnd?: string | null;
}

@InputType('ChannelInput', { description: 'Omitted settings take their defaults: active, 100 %, 0, no cap' })
export class ChannelInput {
  @Field() name!: string;
  @Field({ nullable: true }) active?: boolean;
  @Field(() => Int, { nullable: true }) sharePercent?: number;
  @Field(() => Int, { nullable: true }) safetyStock?: number;
  @Field(() => Int, { nullable: true }) maxQuantity?: number | null;
}

@InputType('ProductFilter')
export class ProductFilterInput {
  @Field(() => [PublicationStatusEnum], { nullable: true }) publicationStatus?: string[];
  @Field(() => String, { nullable: true, description: 'Listed on this channel' }) channel?: string;
  @Field(() => AvailabilityEnum, { nullable: true }) availability?: string;
}
