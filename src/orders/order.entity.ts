import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';
import type { OrderStatus } from './status-machine.js';

export interface Customer {
  name: string;
  email: string | null;
  phone: string | null;
  /** CPF (11) or CNPJ (14 characters), without the mask; null when a channel sent none (docs/channels.md). */
  document: string | null;
}

export interface DeliveryAddress {
  recipient: string;
  street: string;
  number: string;
  complement: string | null;
  district: string;
  city: string;
  state: string;
  /** Eight digits, no hyphen. */
  postalCode: string;
  country: string;
}

/** Why a channel's order needs the seller's attention (docs/channels.md, "A sale is never refused"). */
export interface AttentionReason {
  code: AttentionCode;
  sku: string;
  detail: string;
}

export const ATTENTION_CODES = ['insufficient_stock', 'unknown_sku'] as const;
export type AttentionCode = (typeof ATTENTION_CODES)[number];

export interface Invoice {
  number: string;
  series: string;
  accessKey: string;
}

/** The carrier and tracking code an order was shipped with (not a logistics `Shipment`). */
export interface OrderShipment {
  carrier: string;
  trackingCode: string;
  trackingUrl: string | null;
}

/**
 * An order from any channel in one shape. Timestamps have millisecond precision (what a
 * JavaScript Date holds), so list cursors built from them compare exactly.
 */
@Entity({ tableName: 'sales_order' })
@Unique({ properties: ['seller', 'number'] })
@Unique({ name: 'sales_order_channel_external_id_unique', properties: ['seller', 'channel', 'externalId'] })
// Keyset indexes: newest first (optionally by channel or status) and oldest-updated first.
@Index({ properties: ['seller', 'createdAt', 'id'] })
@Index({ properties: ['seller', 'channel', 'createdAt', 'id'] })
@Index({ properties: ['seller', 'status', 'createdAt', 'id'] })
@Index({ properties: ['seller', 'updatedAt', 'id'] })
@Index({ properties: ['seller', 'placedAt', 'id'] })
// The list's search (order.queries.ts, searchOf): the channel's order id without its
// channel, the customer's document, and the customer's name by trigrams of its folded
// form (lower case, no accents: ponte_fold, pg_trgm, btree_gin for the seller beside it).
@Index({ properties: ['seller', 'externalId'] })
@Index({
  name: 'sales_order_customer_document_index',
  expression: `create index "sales_order_customer_document_index" on "sales_order" ("seller_id", ("customer"->>'document'))`,
})
@Index({
  name: 'sales_order_customer_name_search_index',
  expression: `create index "sales_order_customer_name_search_index" on "sales_order" using gin ("seller_id", ponte_fold("customer"->>'name') gin_trgm_ops)`,
})
// The orders that need attention, newest first (the console lists them before the rest).
@Index({ name: 'sales_order_needs_attention_index', properties: ['seller', 'createdAt', 'id'], where: 'needs_attention' })
export class Order extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  /**
   * Per-seller sequence, gapless. Null only inside the creating transaction, which takes
   * the number just before it commits (orders/order-insert.ts), so no reader ever sees null.
   */
  @Property({ type: 'integer', nullable: true })
  number!: Opt<number>;

  @Property({ type: 'text' })
  channel!: string;

  @Property({ type: 'text' })
  externalId!: string;

  @Property({ type: 'text' })
  status!: OrderStatus;

  @Property({ type: 'jsonb' })
  customer!: Customer;

  @Property({ type: 'jsonb' })
  deliveryAddress!: DeliveryAddress;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  itemsAmount!: string;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  shippingAmount!: string;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  discountAmount!: string;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  totalAmount!: string;

  @Property({ type: 'jsonb', nullable: true })
  invoice: (Invoice & Opt) | null = null;

  @Property({ type: 'jsonb', nullable: true })
  shipment: (OrderShipment & Opt) | null = null;

  @Property({ type: 'text', nullable: true })
  cancellationReason: (string & Opt) | null = null;

  /**
   * A channel's sale Ponte could not cover as sent (a SKU it does not sell, not enough
   * stock): stored anyway, flagged, with its reasons. Orders created through the API are
   * refused instead, so theirs is always false.
   */
  @Property({ type: 'boolean', default: false })
  needsAttention: Opt<boolean> = false;

  @Property({ type: 'jsonb', default: '[]' })
  attentionReasons: Opt<AttentionReason[]> = [];

  @Property({ type: 'timestamptz', length: 3 })
  placedAt!: Date;

  @Property({ type: 'timestamptz', length: 3 })
  createdAt!: Date;

  @Property({ type: 'timestamptz', length: 3 })
  updatedAt!: Date;
}
