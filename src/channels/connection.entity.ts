import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';

export const CONNECTION_STATUSES = ['active', 'unauthorized'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * A channel connected to a platform (docs/channels.md). The credentials and the inbound
 * key are sealed together under SECRETS_KEY (credential-cipher.ts); the inbound URL is
 * found by the key's SHA-256, so a request is matched without opening any seal.
 */
@Entity({ tableName: 'channel_connection' })
@Unique({ properties: ['seller', 'channel'] })
export class ChannelConnection extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  /** The channel's code (`PUT /canais/{code}`). */
  @Property({ type: 'text' })
  channel!: string;

  @Property({ type: 'text' })
  platform!: string;

  @Property({ type: 'text' })
  apiBaseUrl!: string;

  /** `{credentials, inboundKey}`, sealed. */
  @Property({ type: 'text' })
  sealed!: string;

  @Property({ type: 'text', unique: 'channel_connection_inbound_key_hash_unique' })
  inboundKeyHash!: string;

  /** `unauthorized`: the platform refused the credentials (401/403); syncing pauses until they are replaced. */
  @Property({ type: 'text' })
  status: Opt<ConnectionStatus> = 'active';

  @Property({ type: 'timestamptz', nullable: true })
  lastOrderAt: (Date & Opt) | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastSyncAt: (Date & Opt) | null = null;

  @Property({ type: 'text', nullable: true })
  lastError: (string & Opt) | null = null;

  /** Until when the platform asked for no requests (a 429's Retry-After): syncs to it wait. */
  @Property({ type: 'timestamptz', nullable: true })
  syncPausedUntil: (Date & Opt) | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Opt<Date> = new Date();
}

