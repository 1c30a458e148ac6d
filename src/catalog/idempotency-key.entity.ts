import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';

/**
 * An `Idempotency-Key` already used by a seller for a catalogue write: the request it
 * came with (as a hash) and the response it got, so a resend answers the same without
 * applying the change again.
 */
@Entity({ tableName: 'catalog_idempotency_key' })
@Unique({ properties: ['seller', 'key'] })
// The retention purge deletes by age across sellers.
@Index({ properties: ['createdAt'] })
export class CatalogIdempotencyKey extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'text' })
  key!: string;

  /** SHA-256 of the operation, its target and its body. */
  @Property({ type: 'text' })
  requestHash!: string;

  @Property({ type: 'jsonb', nullable: true })
  response: (Record<string, unknown> & Opt) | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Opt<Date> = new Date();
}
