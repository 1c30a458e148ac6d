import type { Opt } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';
import { Order } from './order.entity.js';

@Entity({ tableName: 'order_item' })
export class OrderItem extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => Order, { mapToPk: true, fieldName: 'order_id', index: true, deleteRule: 'cascade' })
  order!: string;

  /** The line's place in the order as the channel sent it. */
  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'text' })
  sku!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'integer' })
  quantity!: number;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  unitPrice!: string;

  /** For the whole line, not per unit. */
  @Property({ type: 'decimal', precision: 14, scale: 2 })
  discount!: string;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  total!: string;

  /**
   * Units of the line the order reserved when it came in; null means all of them. Only a
   * channel's flagged sale reserves less (what was available; none of an unknown SKU), and
   * cancelling or shipping it moves exactly these units (order-stock.ts).
   */
  @Property({ type: 'integer', nullable: true })
  reserved: (number & Opt) | null = null;
}
