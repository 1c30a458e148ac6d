import type { Opt } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Trigger, Unique } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';

/** A third-party app of the store. Apps are global; sellers install them. */
@Entity({ tableName: 'application' })
export class Application {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Opt<Date> = new Date();
}

/**
 * A `ponte_app_…` credential of an application. It belongs to the app, not to a seller:
 * an app may hold several at once, so it can switch to a new one before the old one is
 * revoked (rotation without downtime).
 */
@Entity({ tableName: 'application_credential' })
// Dropped from every process's credential cache when revoked or deleted (see ApiToken's trigger).
@Trigger({
  name: 'application_credential_notify_change',
  timing: 'after',
  events: ['update', 'delete'],
  forEach: 'row',
  body: `perform pg_notify('ponte_credentials', old.secret_hash); return null;`,
})
@Index({ properties: ['application', 'id'] })
export class ApplicationCredential {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => Application, { mapToPk: true })
  application!: string;

  /** SHA-256 of the credential, hex: the credential itself is shown once. */
  @Property({ type: 'text', unique: true })
  secretHash!: string;

  /** The first characters, so a person can tell credentials apart in a list. */
  @Property({ type: 'text' })
  prefix!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt: (Date & Opt) | null = null;
}

/**
 * One period during which a seller had an app installed: uninstalling closes the row,
 * reinstalling opens a new one, so "was it installed when this event happened?" has an
 * answer (the per-product fan-out asks it). At most one open period per seller and app.
 */
@Entity({ tableName: 'installation' })
@Unique({ name: 'installation_open_period_unique', properties: ['seller', 'application'], where: 'uninstalled_at is null' })
export class Installation extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => Application, { mapToPk: true, index: true })
  application!: string;

  @Property({ type: 'timestamptz' })
  installedAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  uninstalledAt: (Date & Opt) | null = null;
}
