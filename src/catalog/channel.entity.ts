import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';

/** A sales channel the seller configured, with how much of each SKU's stock it gets. */
@Entity({ tableName: 'channel' })
@Unique({ properties: ['seller', 'code'] })
export class Channel extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  /** e.g. `mercadolivre`, `loja-propria`; what prices, listings and orders name. */
  @Property({ type: 'text' })
  code!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'boolean' })
  active: Opt<boolean> = true;

  @Property({ type: 'integer' })
  sharePercent: Opt<number> = 100;

  @Property({ type: 'integer' })
  safetyStock: Opt<number> = 0;

  @Property({ type: 'integer', nullable: true })
  maxQuantity: (number & Opt) | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Opt<Date> = new Date();
}
