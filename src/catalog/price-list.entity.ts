import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';

/** One price of a SKU; amounts are money strings ("199.90"), instants ISO 8601 UTC. */
export interface PriceEntry {
  /** null: the default price; otherwise a channel code. */
  channel: string | null;
  sale: string;
  promo: string | null;
  promoStart: string | null;
  promoEnd: string | null;
}

/** The prices of one sellable SKU: a default and per-channel overrides, sorted (default first, then by channel). */
@Entity({ tableName: 'price_list' })
@Unique({ properties: ['seller', 'sku'] })
export class PriceList extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'text' })
  sku!: string;

  @Property({ type: 'jsonb' })
  prices!: PriceEntry[];

  @Property({ type: 'timestamptz' })
  updatedAt: Opt<Date> = new Date();
}
