import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';
import { Order } from './order.entity.js';
import type { OrderStatus } from './status-machine.js';

/** One entry of an order's statusHistory; the creation is the first. */
@Entity({ tableName: 'order_status_change' })
@Index({ properties: ['order', 'at', 'id'] })
export class OrderStatusChange extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => Order, { mapToPk: true, fieldName: 'order_id', deleteRule: 'cascade' })
  order!: string;

  @Property({ type: 'text' })
  status!: OrderStatus;

  @Property({ type: 'timestamptz', length: 3 })
  at!: Date;

  @Property({ type: 'text', nullable: true })
  note!: string | null;
}
