/** GraphQL inputs of the catalogue; resolvers validate them with the REST schemas (catalog.schemas.ts). */
import { Field, Float, InputType, Int } from 'type-graphql';
import { DateTime, Money } from '../graphql/scalars.js';
import { AvailabilityEnum, PublicationStatusEnum } from './catalog.types.js';

@InputType('NameValueInput', { description: 'A named value: an attribute or a datasheet line' })
export class NameValueInput {
  @Field({ description: 'The name, e.g. "cor"' }) name!: string;
  @Field({ description: 'The value, e.g. "azul"' }) value!: string;
}

@InputType('ProductImageInput', { description: 'An image of a product or variation' })
export class ProductImageInput {
  @Field({ description: 'Absolute http(s) URL' }) url!: string;
  @Field(() => Int, { description: 'Display order, from 0' }) position!: number;
}

@InputType('DimensionsCmInput', { description: 'Package dimensions in centimetres' })
export class DimensionsCmInput {
  @Field(() => Float, { description: 'Height in cm' }) height!: number;
  @Field(() => Float, { description: 'Width in cm' }) width!: number;
  @Field(() => Float, { description: 'Length in cm' }) length!: number;
}

@InputType('ProductVariationInput', { description: 'A sellable variation of a product' })
export class ProductVariationInput {
  @Field({ description: 'The variation\'s own SKU' }) sku!: string;
  @Field(() => [NameValueInput], { nullable: true, description: 'What sets it apart, e.g. cor: azul' }) attributes?: NameValueInput[];
  @Field(() => [ProductImageInput], { nullable: true, description: 'Its own images' }) images?: ProductImageInput[];
  @Field(() => String, { nullable: true, description: 'GTIN/EAN barcode' }) gtin?: string | null;
}

@InputType('ProductInput', { description: 'One product of an upsert batch; omitted fields take their defaults' })
export class ProductInput {
  @Field({ description: 'Stock keeping unit: the product is found by it' }) sku!: string;
  @Field({ description: 'Product title' }) title!: string;
  @Field(() => String, { nullable: true, description: 'Long description' }) description?: string | null;
  @Field(() => String, { nullable: true, description: 'Brand name' }) brand?: string | null;
  @Field(() => String, { nullable: true, description: 'GTIN/EAN barcode (check digit verified)' }) gtin?: string | null;
  @Field(() => String, { nullable: true, description: 'NCM tax code, 8 digits' }) ncm?: string | null;
  @Field(() => [NameValueInput], { nullable: true, description: 'Attributes, e.g. cor: azul' }) attributes?: NameValueInput[];
  @Field(() => [ProductImageInput], { nullable: true, description: 'Images, by position' }) images?: ProductImageInput[];
  @Field(() => [NameValueInput], { nullable: true, description: 'Technical datasheet lines' }) datasheet?: NameValueInput[];
  @Field(() => Int, { nullable: true, description: 'Shipping weight in grams' }) weightGrams?: number | null;
  @Field(() => DimensionsCmInput, { nullable: true, description: 'Package dimensions' }) dimensionsCm?: DimensionsCmInput | null;
  @Field(() => PublicationStatusEnum, { nullable: true, description: 'Default draft' }) publicationStatus?: string;
  @Field(() => [String], { nullable: true, description: 'Codes of configured channels to list it on' }) channels?: string[];
  @Field(() => [ProductVariationInput], { nullable: true, description: 'Sellable variations' }) variations?: ProductVariationInput[];
}

@InputType('UpsertProductsInput', { description: 'Input of upsertProducts' })
export class UpsertProductsInput {
  @Field(() => [ProductInput], { description: 'Up to 100 products, created or updated by SKU' }) products!: ProductInput[];
}

@InputType('PriceInput', { description: 'A price entry: the default one or a channel\'s override' })
export class PriceInput {
  @Field(() => String, { nullable: true, description: 'Channel code; null or omitted: the default price' }) channel?: string | null;
  @Field(() => Money, { description: 'The regular price' }) sale!: string;
  @Field(() => Money, { nullable: true, description: 'Promotional price, below sale' }) promo?: string | null;
  @Field(() => DateTime, { nullable: true, description: 'Start of the promo window (inclusive)' }) promoStart?: Date | null;
  @Field(() => DateTime, { nullable: true, description: 'End of the promo window (exclusive)' }) promoEnd?: Date | null;
}

@InputType('SetPricesInput', { description: 'Input of setPrices' })
export class SetPricesInput {
  @Field({ description: 'A sellable SKU (a product without variations, or a variation)' }) sku!: string;
  @Field(() => [PriceInput], { description: 'The entries to set (1–100); entries not listed stay' }) prices!: PriceInput[];
}

@InputType('UpdateStockInput', { description: 'Input of updateStock: onHand or delta, not both' })
export class UpdateStockInput {
  @Field({ description: 'A sellable SKU' }) sku!: string;
  @Field(() => Int, { nullable: true, description: 'The new absolute quantity on hand' }) onHand?: number | null;
  @Field(() => Int, { nullable: true, description: 'A change to the quantity on hand; needs idempotencyKey' }) delta?: number | null;
  @Field(() => String, { nullable: true, description: 'Makes a delta apply once however often it is sent (as the Idempotency-Key header)' })
  idempotencyKey?: string | null;
}

@InputType('PutChannelInput', { description: 'Input of putChannel; omitted settings take their defaults: active, 100 %, 0, no cap' })
export class PutChannelInput {
  @Field({ description: 'Channel code, e.g. mercadolivre' }) code!: string;
  @Field({ description: 'Display name' }) name!: string;
  @Field({ nullable: true, description: 'Default true' }) active?: boolean;
  @Field(() => Int, { nullable: true, description: 'Percent of available stock published there (1–100); default 100' }) sharePercent?: number;
  @Field(() => Int, { nullable: true, description: 'Units held back from the channel; default 0' }) safetyStock?: number;
  @Field(() => Int, { nullable: true, description: 'Cap on the published quantity; null or omitted: none' }) maxQuantity?: number | null;
}

@InputType('ProductFilter', { description: 'Which products a list returns; omitted fields do not filter' })
export class ProductFilterInput {
  @Field(() => [PublicationStatusEnum], { nullable: true, description: 'Any of these statuses' }) publicationStatus?: string[];
  @Field(() => String, { nullable: true, description: 'Listed on this channel' }) channel?: string;
  @Field(() => AvailabilityEnum, { nullable: true, description: 'In stock or out of stock' }) availability?: string;
}
