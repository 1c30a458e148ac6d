import type { Opt } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { newId } from '../../db/ids.js';
import { SellerOwned } from '../../db/seller-owned.js';
import { Order } from '../../orders/order.entity.js';

export const CASE_STATUSES = ['open', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** The source's direction values: `entrada` (from the customer), and ours, `saida` (to the customer). */
export const MESSAGE_DIRECTIONS = ['entrada', 'saida'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/** A customer-service case (atendimento). */
@Entity({ tableName: 'support_case' })
@Index({ properties: ['seller', 'id'] })
@Index({ properties: ['seller', 'status', 'id'] })
export class SupportCase extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  /** The channel the case came in on (canal), e.g. chat, email, whatsapp. */
  @Property({ type: 'text' })
  channel!: string;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text', nullable: true })
  customerName: string | null = null;

  @ManyToOne(() => Order, { mapToPk: true, fieldName: 'order_id', nullable: true, index: true })
  order: string | null = null;

  @Property({ type: 'text' })
  status: Opt<CaseStatus> = 'open';

  @Property({ type: 'timestamptz', length: 3 })
  createdAt!: Date;

  @Property({ type: 'timestamptz', length: 3, nullable: true })
  closedAt: (Date & Opt) | null = null;
}

/** An interaction of a case: what the customer wrote (entrada) or what was answered (saida). */
@Entity({ tableName: 'support_message' })
@Index({ properties: ['supportCase', 'id'] })
export class SupportMessage extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => SupportCase, { mapToPk: true, fieldName: 'support_case_id', deleteRule: 'cascade' })
  supportCase!: string;

  /** The channel of this interaction (canal); defaults to the case's. */
  @Property({ type: 'text' })
  channel!: string;

  @Property({ type: 'text' })
  direction!: MessageDirection;

  @Property({ type: 'text' })
  message!: string;

  @Property({ type: 'timestamptz', length: 3 })
  at!: Date;
}
