import type { Opt } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import type { PartitionedTable } from '../db/partitions.js';
import { SellerOwned } from '../db/seller-owned.js';
import { ChannelConnection } from './connection.entity.js';

/**
 * What a sync row keeps in step on the platform: a linked SKU's published quantity or
 * price, an order's status, or the catalogue being linked by SKU (one page per attempt).
 */
export const SYNC_FIELDS = ['quantity', 'price', 'order', 'catalogue'] as const;
export type SyncField = (typeof SYNC_FIELDS)[number];

export const SYNC_STATUSES = ['pending', 'retrying', 'synced', 'failed'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/** What one attempt came to: taken, to be tried again, given up, or held while the connection is refused. */
export const SYNC_OUTCOMES = ['succeeded', 'retrying', 'failed', 'paused'] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];

/**
 * The sync queue (docs/channels.md, "The sync queue"): one row per connection, subject
 * (a SKU, an order's id, '' for the catalogue) and field, holding the value the platform
 * should have and a version that every new value raises. A new value replaces the one
 * queued (the latest wins); an attempt sends the value it claimed and, when it succeeds,
 * the row is synced only if no newer version came meanwhile. One lease per row means one
 * request per row at a time, so a value is never sent after a newer one.
 */
@Entity({ tableName: 'channel_sync' })
@Unique({ properties: ['connection', 'subject', 'field'] })
@Index({ name: 'channel_sync_due_index', properties: ['nextAttemptAt', 'id'], where: `status in ('pending', 'retrying')` })
export class ChannelSync extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => ChannelConnection, { mapToPk: true, fieldName: 'connection_id', deleteRule: 'cascade' })
  connection!: string;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text' })
  field!: SyncField;

  /** The value the platform should hold (quantity: `{quantity}`; price: the price entry in force; order: `{status}`; catalogue: `{cursor}`). */
  @Property({ type: 'jsonb' })
  value!: Record<string, unknown>;

  @Property({ type: 'integer' })
  version: Opt<number> = 1;

  /** What the last successful attempt sent, and the version it came from. */
  @Property({ type: 'jsonb', nullable: true })
  syncedValue: (Record<string, unknown> & Opt) | null = null;

  @Property({ type: 'integer' })
  syncedVersion: Opt<number> = 0;

  @Property({ type: 'text' })
  status: Opt<SyncStatus> = 'pending';

  @Property({ type: 'integer' })
  attemptCount: Opt<number> = 0;

  @Property({ type: 'integer' })
  attemptsInRound: Opt<number> = 0;

  @Property({ type: 'timestamptz' })
  nextAttemptAt: Opt<Date> = new Date();

  @Property({ type: 'uuid', nullable: true })
  leaseToken: (string & Opt) | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  leaseExpiresAt: (Date & Opt) | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastAttemptAt: (Date & Opt) | null = null;

  @Property({ type: 'text', nullable: true })
  lastError: (string & Opt) | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Opt<Date> = new Date();
}

/**
 * The sync log's weeks (src/db/partitions.ts), by the attempts' ids: retention drops them
 * (src/channels/sync-log-retention.ts).
 */
export const SYNC_LOG_PARTITIONS: readonly PartitionedTable[] = [{ table: 'channel_sync_attempt', key: 'id' }];

/**
 * One attempt of a sync row: what it sent and what the platform answered (the sync log).
 * Partitioned by week of its id (SYNC_LOG_PARTITIONS), which the migration declares.
 */
@Entity({ tableName: 'channel_sync_attempt' })
@Index({ properties: ['sync', 'number'] })
export class ChannelSyncAttempt extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => ChannelSync, { mapToPk: true, fieldName: 'sync_id', deleteRule: 'cascade' })
  sync!: string;

  @Property({ type: 'integer' })
  number!: number;

  /** The value the attempt sent (a price attempt: the price in force then). */
  @Property({ type: 'jsonb', nullable: true })
  value: (Record<string, unknown> & Opt) | null = null;

  @Property({ type: 'integer' })
  version!: number;

  @Property({ type: 'text' })
  outcome!: SyncOutcome;

  @Property({ type: 'timestamptz' })
  at!: Date;

  @Property({ type: 'integer' })
  durationMs!: number;

  @Property({ type: 'integer', nullable: true })
  statusCode: (number & Opt) | null = null;

  @Property({ type: 'text', nullable: true })
  responseBody: (string & Opt) | null = null;

  @Property({ type: 'text', nullable: true })
  error: (string & Opt) | null = null;

  @Property({ type: 'text', nullable: true })
  errorDetail: (string & Opt) | null = null;
}
