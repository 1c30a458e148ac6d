import type { Opt } from '@mikro-orm/core';
import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';

export const PUBLICATION_STATUSES = ['draft', 'published', 'paused', 'archived'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export interface NameValue {
  name: string;
  value: string;
}

export interface Image {
  url: string;
  position: number;
}

export interface Dimensions {
  height: number;
  width: number;
  length: number;
}

export interface Variation {
  sku: string;
  attributes: NameValue[];
  images: Image[];
  gtin: string | null;
}

@Entity({ tableName: 'product' })
@Unique({ properties: ['seller', 'sku'] })
@Index({ properties: ['seller', 'publicationStatus', 'sku'] })
// `channel` filter: `channels @> array[?]` uses this GIN index.
@Index({ properties: ['channels'], type: 'gin' })
export class Product extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'text' })
  sku!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text', nullable: true })
  description!: string | null;

  @Property({ type: 'text', nullable: true })
  brand!: string | null;

  @Property({ type: 'text', nullable: true })
  gtin!: string | null;

  @Property({ type: 'text', nullable: true })
  ncm!: string | null;

  @Property({ type: 'jsonb' })
  attributes!: NameValue[];

  @Property({ type: 'jsonb' })
  images!: Image[];

  @Property({ type: 'jsonb' })
  datasheet!: NameValue[];

  @Property({ type: 'integer', nullable: true })
  weightGrams!: number | null;

  @Property({ type: 'jsonb', nullable: true })
  dimensionsCm!: Dimensions | null;

  @Enum({ items: [...PUBLICATION_STATUSES] })
  publicationStatus!: PublicationStatus;

  /** Codes of the channels the product is listed on. */
  @Property({ type: 'text[]' })
  channels!: string[];

  @Property({ type: 'jsonb' })
  variations!: Variation[];

  /** SHA-256 of the canonical content: an upsert with the same content is `unchanged`. */
  @Property({ type: 'text' })
  contentHash!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Opt<Date> = new Date();
}
