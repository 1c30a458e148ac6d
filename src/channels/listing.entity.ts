import type { Opt } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';
import { ChannelConnection } from './connection.entity.js';

/** A listing link: a SKU and the platform's ids of its listing on a connection. */
@Entity({ tableName: 'channel_listing' })
@Unique({ properties: ['connection', 'sku'] })
@Index({ properties: ['connection', 'listingId', 'variationId'] })
export class ListingLinkRow extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => ChannelConnection, { mapToPk: true, fieldName: 'connection_id', deleteRule: 'cascade' })
  connection!: string;

  @Property({ type: 'text' })
  sku!: string;

  @Property({ type: 'text' })
  listingId!: string;

  @Property({ type: 'text', nullable: true })
  variationId: (string & Opt) | null = null;

  @Property({ type: 'text', nullable: true })
  productId: (string & Opt) | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Opt<Date> = new Date();
}
