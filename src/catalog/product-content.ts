import { createHash } from 'node:crypto';
import type { Dimensions, Image, NameValue, PublicationStatus, Variation } from './product.entity.js';
import type { ProductInput } from './catalog.schemas.js';

/** A product as stored: every optional field present, defaults applied. */
export interface ProductContent {
  sku: string;
  title: string;
  description: string | null;
  brand: string | null;
  gtin: string | null;
  ncm: string | null;
  attributes: NameValue[];
  images: Image[];
  datasheet: NameValue[];
  weightGrams: number | null;
  dimensionsCm: Dimensions | null;
  publicationStatus: PublicationStatus;
  channels: string[];
  variations: Variation[];
}

/**
 * Omitted and null mean the same (absent), so a resend that leaves out a default field
 * is still the same content. Objects are rebuilt in one key order, which makes the
 * JSON of equal content byte-for-byte equal.
 */
export function contentOf(input: ProductInput): ProductContent {
  return {
    sku: input.sku,
    title: input.title,
    description: input.description ?? null,
    brand: input.brand ?? null,
    gtin: input.gtin ?? null,
    ncm: input.ncm ?? null,
    attributes: (input.attributes ?? []).map(nameValue),
    images: (input.images ?? []).map(image),
    datasheet: (input.datasheet ?? []).map(nameValue),
    weightGrams: input.weightGrams ?? null,
    dimensionsCm: input.dimensionsCm ? { height: input.dimensionsCm.height, width: input.dimensionsCm.width, length: input.dimensionsCm.length } : null,
    publicationStatus: input.publicationStatus ?? 'draft',
    channels: [...(input.channels ?? [])],
    variations: (input.variations ?? []).map((variation) => ({
      sku: variation.sku,
      attributes: (variation.attributes ?? []).map(nameValue),
      images: (variation.images ?? []).map(image),
      gtin: variation.gtin ?? null,
    })),
  };
}

export function contentHash(content: ProductContent): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** The SKUs that carry stock and prices: the variations, or the product itself. */
export function sellableSkus(content: Pick<ProductContent, 'sku' | 'variations'>): string[] {
  return content.variations.length > 0 ? content.variations.map((variation) => variation.sku) : [content.sku];
}

function nameValue(entry: NameValue): NameValue {
  return { name: entry.name, value: entry.value };
}

function image(entry: Image): Image {
  return { url: entry.url, position: entry.position };
}
