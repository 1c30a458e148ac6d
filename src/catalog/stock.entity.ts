import type { Opt } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';
import type { ChannelQuantity } from './distribution.js';
import { Product } from './product.entity.js';

/**
 * One row per SKU of the seller's catalogue (a product's own SKU and each variation's),
 * so a SKU is unique across the whole catalogue. Sellable SKUs (a product without
 * variations, or a variation) carry stock; the others keep zeros and `sellable = false`.
 * Every write goes through stock-figures.ts under a row lock.
 */
@Entity({ tableName: 'stock' })
@Unique({ properties: ['seller', 'sku'] })
// `availability` filter: EXISTS (… product_id = ? AND available > 0) is one index probe.
@Index({ properties: ['product', 'available'] })
export class Stock extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'text' })
  sku!: string;

  @ManyToOne(() => Product, { mapToPk: true })
  product!: string;

  @Property({ type: 'boolean' })
  sellable!: boolean;

  @Property({ type: 'integer' })
  onHand: Opt<number> = 0;

  @Property({ type: 'integer' })
  reserved: Opt<number> = 0;

  /** onHand − reserved, kept by every write; negative only after an allowed oversell. */
  @Property({ type: 'integer' })
  available: Opt<number> = 0;

  /** The published quantity per active channel, as last computed (sorted by channel). */
  @Property({ type: 'jsonb' })
  channels: Opt<ChannelQuantity[]> = [];

  @Property({ type: 'timestamptz' })
  updatedAt: Opt<Date> = new Date();
}
