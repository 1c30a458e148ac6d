import type { Opt } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Application } from '../auth/application.entity.js';
import { newId } from '../db/ids.js';
import type { PlatformProduct } from './platform-products.js';

/**
 * A per-product webhook an application registered with its credential (docs/platforms.md, "Registration API"). It
 * belongs to the application, not to a seller: the app receives the events of every
 * seller that currently has it installed. Deleting keeps the row (`deletedAt`), so the
 * deliveries made for it stay explainable in the sellers' delivery logs.
 */
@Entity({ tableName: 'product_webhook' })
@Index({ properties: ['application', 'product', 'id'] })
export class Registration {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => Application, { mapToPk: true })
  application!: string;

  @Property({ type: 'text' })
  product!: PlatformProduct;

  @Property({ type: 'text' })
  url!: string;

  @Property({ type: 'text[]' })
  events!: string[];

  @Property({ type: 'timestamptz' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  deletedAt: (Date & Opt) | null = null;
}
