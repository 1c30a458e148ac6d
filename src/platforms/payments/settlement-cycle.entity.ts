import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { newId } from '../../db/ids.js';
import { SellerOwned } from '../../db/seller-owned.js';
import { OrderPayment } from '../../orders/order-payment.entity.js';
import { Order } from '../../orders/order.entity.js';

/**
 * A closed settlement period of a seller: the approved payments whose payment time falls
 * in [periodStart, periodEnd), their gross, the fees and the net paid out on payoutDate.
 * Periods of one seller never overlap.
 */
@Entity({ tableName: 'settlement_cycle' })
@Index({ properties: ['seller', 'periodStart', 'periodEnd'] })
@Index({ properties: ['seller', 'id'] })
export class SettlementCycle extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'timestamptz', length: 3 })
  periodStart!: Date;

  @Property({ type: 'timestamptz', length: 3 })
  periodEnd!: Date;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  gross!: string;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  fees!: string;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  net!: string;

  /** The percentage the fees were computed with, as configured when the cycle closed. */
  @Property({ type: 'decimal', precision: 5, scale: 2 })
  feePercent!: string;

  /** A calendar day, YYYY-MM-DD (UTC). */
  @Property({ type: 'date' })
  payoutDate!: string;

  @Property({ type: 'integer' })
  paymentCount!: number;

  @Property({ type: 'timestamptz', length: 3 })
  createdAt!: Date;
}

/** One payment settled in a cycle. A payment is settled at most once (unique). */
@Entity({ tableName: 'settlement_entry' })
@Unique({ properties: ['payment'] })
@Index({ properties: ['cycle', 'id'] })
export class SettlementEntry extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => SettlementCycle, { mapToPk: true, deleteRule: 'cascade' })
  cycle!: string;

  @ManyToOne(() => OrderPayment, { mapToPk: true })
  payment!: string;

  @ManyToOne(() => Order, { mapToPk: true, fieldName: 'order_id', index: true })
  order!: string;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  amount!: string;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  fee!: string;
}
