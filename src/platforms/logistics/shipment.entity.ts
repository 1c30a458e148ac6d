import type { Opt } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { newId } from '../../db/ids.js';
import { SellerOwned } from '../../db/seller-owned.js';
import { Order } from '../../orders/order.entity.js';

export const TRACKING_STATUSES = ['posted', 'in_transit', 'out_for_delivery', 'delivered', 'delivery_failed', 'returned'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** One package of an order in a carrier's hands, identified by its tracking code. */
@Entity({ tableName: 'shipment' })
@Unique({ properties: ['seller', 'carrier', 'trackingCode'] })
@Index({ properties: ['seller', 'order', 'id'] })
export class Shipment extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => Order, { mapToPk: true, fieldName: 'order_id', deleteRule: 'cascade' })
  order!: string;

  @Property({ type: 'text' })
  carrier!: string;

  @Property({ type: 'text' })
  trackingCode!: string;

  @Property({ type: 'text', nullable: true })
  trackingUrl: (string & Opt) | null = null;

  /** The status of the latest tracking event by `at`; null until the first one. */
  @Property({ type: 'text', nullable: true })
  status: (TrackingStatus & Opt) | null = null;

  @Property({ type: 'timestamptz', length: 3 })
  createdAt!: Date;

  @Property({ type: 'timestamptz', length: 3 })
  updatedAt!: Date;
}

/** What the carrier reported about a shipment, at the time it happened (`at`). */
@Entity({ tableName: 'tracking_event' })
@Index({ properties: ['shipment', 'at', 'id'] })
export class TrackingEvent extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => Shipment, { mapToPk: true, deleteRule: 'cascade' })
  shipment!: string;

  @Property({ type: 'text' })
  status!: TrackingStatus;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'text', nullable: true })
  location: string | null = null;

  @Property({ type: 'timestamptz', length: 3 })
  at!: Date;

  @Property({ type: 'timestamptz', length: 3 })
  recordedAt!: Date;
}

export const CHAT_SENDERS = ['seller', 'carrier'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];

/** A message of an order's chat with its carrier. */
@Entity({ tableName: 'carrier_chat_message' })
@Index({ properties: ['seller', 'order', 'id'] })
export class CarrierChatMessage extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => Order, { mapToPk: true, fieldName: 'order_id', deleteRule: 'cascade' })
  order!: string;

  @Property({ type: 'text' })
  sender!: ChatSender;

  @Property({ type: 'text', nullable: true })
  authorName: string | null = null;

  @Property({ type: 'text' })
  message!: string;

  @Property({ type: 'timestamptz', length: 3 })
  createdAt!: Date;
}
