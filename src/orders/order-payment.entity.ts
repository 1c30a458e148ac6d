import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';
import { Order } from './order.entity.js';

export const PAYMENT_METHODS = ['pix', 'credit_card', 'debit_card', 'boleto', 'wallet', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ['pending', 'approved', 'refused', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

@Entity({ tableName: 'order_payment' })
// A gateway resends a payment by its transaction id: that finds the row to update.
@Index({ properties: ['order', 'transactionId'] })
export class OrderPayment extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => Order, { mapToPk: true, fieldName: 'order_id', index: true, deleteRule: 'cascade' })
  order!: string;

  @Property({ type: 'text' })
  method!: PaymentMethod;

  @Property({ type: 'text' })
  status!: PaymentStatus;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  amount!: string;

  @Property({ type: 'integer' })
  installments!: number;

  @Property({ type: 'timestamptz', length: 3, nullable: true })
  paidAt!: Date | null;

  @Property({ type: 'text', nullable: true })
  transactionId!: string | null;

  @Property({ type: 'timestamptz', length: 3 })
  createdAt!: Date;
}
