/** GraphQL output types of the catalogue; field names are the REST ones. */
import { Directive, Field, Float, Int, ObjectType } from 'type-graphql';
import { wireEnum } from '../graphql/enums.js';
import { DateTime, Money } from '../graphql/scalars.js';
import type { PublicationStatus } from './product.entity.js';
import type { Availability } from './catalog.schemas.js';
import { MaxItems } from '../graphql/list-size.js';
import { CHANNELS_MAX } from './channel.service.js';

export const PublicationStatusEnum = wireEnum<PublicationStatus>('PublicationStatus', 'Whether a product is offered on its channels', {
  draft: 'Being prepared: not offered anywhere',
  published: 'Offered on the channels it is listed on',
  paused: 'Temporarily not offered; keeps its listings',
  archived: 'Withdrawn for good',
});
export const AvailabilityEnum = wireEnum<Availability>('Availability', 'Whether a product can be sold now', {
  in_stock: 'Some sellable SKU of the product has available stock',
  out_of_stock: 'No sellable SKU of the product has available stock',
});
export const PriceSourceEnum = wireEnum<'channel' | 'default'>('PriceSource', 'Whose entry gave the effective price', {
  channel: "The channel's own price",
  default: 'The default price (no entry for the channel)',
});
export const UpsertOutcomeEnum = wireEnum<'created' | 'updated' | 'unchanged'>('UpsertOutcome', 'What an upsert did with one product', {
  created: 'A new product',
  updated: 'An existing product whose content changed',
  unchanged: 'The stored content was the same; nothing was written',
});

@ObjectType('NameValue', { description: 'A named value: an attribute or a datasheet line' })
export class NameValueType {
  @Field({ description: 'The name, e.g. "cor"' }) name!: string;
  @Field({ description: 'The value, e.g. "azul"' }) value!: string;
}

@ObjectType({ description: 'An image of a product or variation' })
export class ProductImage {
  @Field({ description: 'Absolute http(s) URL' }) url!: string;
  @Field(() => Int, { description: 'Display order, from 0' }) position!: number;
}

@ObjectType({ description: 'Package dimensions in centimetres' })
export class DimensionsCm {
  @Field(() => Float, { description: 'Height in cm' }) height!: number;
  @Field(() => Float, { description: 'Width in cm' }) width!: number;
  @Field(() => Float, { description: 'Length in cm' }) length!: number;
}

@ObjectType({ description: 'Published quantity of a SKU on one active channel' })
export class ChannelQuantity {
  @Field({ description: 'Channel code' }) channel!: string;
  @Field(() => Int, { description: 'What the distribution formula publishes there' }) quantity!: number;
}

@ObjectType('Stock', { description: 'Stock of a sellable SKU: available = onHand − reserved' })
export class StockType {
  @Field({ description: 'The sellable SKU' }) sku!: string;
  @Field(() => Int, { description: 'Units in the warehouse' }) onHand!: number;
  @Field(() => Int, { description: 'Units held by open orders' }) reserved!: number;
  @Field(() => Int, { description: 'onHand − reserved' }) available!: number;
  @MaxItems(CHANNELS_MAX)
  @Field(() => [ChannelQuantity], { description: 'Every active channel of the seller' }) channels!: ChannelQuantity[];
}

@ObjectType({ description: 'A price entry: the default one or a channel\'s override' })
export class Price {
  @Field(() => String, { nullable: true, description: 'Channel code; null: the default price' }) channel!: string | null;
  @Field(() => Money, { description: 'The regular price' }) sale!: string;
  @Field(() => Money, { nullable: true, description: 'Promotional price, below sale; applies inside its window' }) promo!: string | null;
  @Field(() => DateTime, { nullable: true, description: 'Start of the promo window (inclusive); null: open' }) promoStart!: string | null;
  @Field(() => DateTime, { nullable: true, description: 'End of the promo window (exclusive); null: open' }) promoEnd!: string | null;
}

@ObjectType({ description: 'The prices of one sellable SKU' })
export class SkuPrices {
  @Field({ description: 'The sellable SKU' }) sku!: string;
  // The default and one override per channel.
  @MaxItems(CHANNELS_MAX + 1)
  @Field(() => [Price], { description: 'The default price first, then channel overrides' }) prices!: Price[];
}

@ObjectType({ description: 'What a buyer pays for a SKU on a channel at an instant' })
export class EffectivePrice {
  @Field({ description: 'The sellable SKU' }) sku!: string;
  @Field(() => String, { nullable: true, description: 'The channel asked for; null: the default price' }) channel!: string | null;
  @Field(() => DateTime, { description: 'The instant the price applies at' }) at!: string;
  @Field(() => PriceSourceEnum, { description: 'Whose entry applied' }) source!: 'channel' | 'default';
  @Field(() => Money, { description: 'The regular price of that entry' }) sale!: string;
  @Field(() => Money, { nullable: true, description: 'The entry\'s promotional price, if any' }) promo!: string | null;
  @Field({ description: 'The promo applies at `at`' }) promoActive!: boolean;
  @Field(() => Money, { description: 'What the buyer pays: promo when active, sale otherwise' }) price!: string;
}

@ObjectType({ description: 'A sellable SKU of a product with its own attributes, images and GTIN' })
export class ProductVariation {
  @Field({ description: 'The variation\'s own SKU' }) sku!: string;
  @Field(() => [NameValueType], { description: 'What sets it apart, e.g. cor: azul' }) attributes!: NameValueType[];
  @Field(() => [ProductImage], { description: 'Its own images' }) images!: ProductImage[];
  @Field(() => String, { nullable: true, description: 'GTIN/EAN barcode' }) gtin!: string | null;
}

@ObjectType('Product', { description: 'A product; without variations it is itself the sellable SKU' })
@Directive('@key(fields: "sku")')
export class ProductType {
  @Field({ description: 'Stock keeping unit, unique per seller' }) sku!: string;
  @Field({ description: 'Product title' }) title!: string;
  @Field(() => String, { nullable: true, description: 'Long description' }) description!: string | null;
  @Field(() => String, { nullable: true, description: 'Brand name' }) brand!: string | null;
  @Field(() => String, { nullable: true, description: 'GTIN/EAN barcode (check digit verified)' }) gtin!: string | null;
  @Field(() => String, { nullable: true, description: 'NCM tax code, 8 digits' }) ncm!: string | null;
  @Field(() => [NameValueType], { description: 'Attributes, e.g. cor: azul' }) attributes!: NameValueType[];
  @Field(() => [ProductImage], { description: 'Images, by position' }) images!: ProductImage[];
  @Field(() => [NameValueType], { description: 'Technical datasheet lines' }) datasheet!: NameValueType[];
  @Field(() => Int, { nullable: true, description: 'Shipping weight in grams' }) weightGrams!: number | null;
  @Field(() => DimensionsCm, { nullable: true, description: 'Package dimensions' }) dimensionsCm!: DimensionsCm | null;
  @Field(() => PublicationStatusEnum, { description: 'Whether it is offered' }) publicationStatus!: string;
  @Field(() => [String], { description: 'Codes of the channels it is listed on' }) channels!: string[];
  @Field(() => [ProductVariation], { description: 'Its sellable variations; empty: the product is the SKU' }) variations!: ProductVariation[];
  @Field(() => DateTime, { description: 'When it was first stored' }) createdAt!: string;
  @Field(() => DateTime, { description: 'When its content last changed' }) updatedAt!: string;
}

@ObjectType('Channel', { description: 'A sales channel of the seller and its stock allocation' })
export class ChannelType {
  @Field({ description: 'Channel code, e.g. mercadolivre' }) code!: string;
  @Field({ description: 'Display name' }) name!: string;
  @Field({ description: 'Inactive channels get no stock' }) active!: boolean;
  @Field(() => Int, { description: 'Percent of available stock published there (1–100)' }) sharePercent!: number;
  @Field(() => Int, { description: 'Units held back from the channel' }) safetyStock!: number;
  @Field(() => Int, { nullable: true, description: 'Cap on the published quantity; null: none' }) maxQuantity!: number | null;
}

@ObjectType({ description: 'The result of putChannel' })
export class PutChannelPayload {
  @Field(() => ChannelType, { description: 'The channel as stored' }) channel!: ChannelType;
  @Field({ description: 'false when an existing channel was replaced' }) created!: boolean;
}

@ObjectType({ description: 'What an upsert did with one product of the batch' })
export class UpsertResult {
  @Field({ description: 'The product\'s SKU' }) sku!: string;
  @Field(() => UpsertOutcomeEnum, { description: 'Created, updated or unchanged' }) result!: 'created' | 'updated' | 'unchanged';
}

@ObjectType({ description: 'The result of upsertProducts' })
export class UpsertProductsPayload {
  @Field(() => [UpsertResult], { description: 'One per product, in the order given' }) results!: UpsertResult[];
}

@ObjectType({ description: 'The result of setPrices' })
export class SetPricesPayload {
  @Field(() => SkuPrices, { description: 'The SKU\'s prices after the change' }) skuPrices!: SkuPrices;
}

@ObjectType({ description: 'The result of updateStock' })
export class UpdateStockPayload {
  @Field(() => StockType, { description: 'The SKU\'s stock after the change' }) stock!: StockType;
}
