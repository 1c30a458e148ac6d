import type { Opt } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';
import { ChannelConnection } from './connection.entity.js';

export const INBOUND_STATUSES = ['pending', 'processed', 'ignored', 'failed'] as const;
export type InboundStatus = (typeof INBOUND_STATUSES)[number];

/**
 * A platform's notification as it arrived at the inbound URL, stored before it is
 * answered: the unique (connection, deliveryId) is its dedupe, and the worker imports
 * from it (inbound-worker.ts), so an accepted notification survives any crash.
 */
@Entity({ tableName: 'channel_inbound' })
@Unique({ properties: ['connection', 'deliveryId'] })
@Index({ name: 'channel_inbound_due_index', properties: ['nextAttemptAt', 'id'], where: `status = 'pending'` })
export class InboundNotification extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => ChannelConnection, { mapToPk: true, fieldName: 'connection_id', deleteRule: 'cascade' })
  connection!: string;

  @Property({ type: 'text' })
  deliveryId!: string;

  @Property({ type: 'text' })
  topic!: string;

  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'text' })
  status: Opt<InboundStatus> = 'pending';

  @Property({ type: 'integer' })
  attempts: Opt<number> = 0;

  @Property({ type: 'timestamptz' })
  receivedAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz' })
  nextAttemptAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  leaseExpiresAt: (Date & Opt) | null = null;

  @Property({ type: 'text', nullable: true })
  error: (string & Opt) | null = null;

  @Property({ type: 'uuid', nullable: true })
  orderId: (string & Opt) | null = null;
}
