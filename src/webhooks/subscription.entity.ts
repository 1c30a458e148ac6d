import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';
import type { SubscriptionKind } from './policy.js';

/** Why a subscription stopped receiving deliveries. */
export type DisabledReason = 'user' | 'gone' | 'failing';

/**
 * An endpoint that receives events. `kind` picks the delivery policy (attempts, success
 * rule, headers, signing): the webhooks interface now, the per-product webhooks later.
 * Deleting keeps the row (`deletedAt`) so its deliveries stay in the log.
 */
@Entity({ tableName: 'webhook_subscription' })
@Index({ properties: ['seller', 'id'] })
export class WebhookSubscription extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'text' })
  kind: Opt<SubscriptionKind> = 'interface';

  @Property({ type: 'text' })
  url!: string;

  /**
   * The destination whose in-flight cap this subscription counts against (docs/webhooks.md,
   * Fair claiming): null for its own, as a seller's subscription is; an application's
   * registration for the subscriptions it keeps, one per seller, so an application's slow
   * receiver holds one destination's share however many sellers it serves.
   */
  @Property({ type: 'uuid', nullable: true })
  destinationId: (string & Opt) | null = null;

  /** Event names, or `['*']` for every event the kind's policy offers. */
  @Property({ type: 'text[]' })
  events!: string[];

  @Property({ type: 'text', nullable: true })
  description: (string & Opt) | null = null;

  /** `whsec_…`: stored as is, since signing needs it; shown only on create and rotate. */
  @Property({ type: 'text', lazy: false })
  secret!: string;

  /** The secret before the last rotation, still signing until `previousSecretExpiresAt`. */
  @Property({ type: 'text', nullable: true })
  previousSecret: (string & Opt) | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  previousSecretExpiresAt: (Date & Opt) | null = null;

  @Property({ type: 'boolean' })
  active: Opt<boolean> = true;

  @Property({ type: 'timestamptz', nullable: true })
  disabledAt: (Date & Opt) | null = null;

  @Property({ type: 'text', nullable: true })
  disabledReason: (DisabledReason & Opt) | null = null;

  /** Failed attempts since the last success, over all of its deliveries. */
  @Property({ type: 'integer' })
  consecutiveFailures: Opt<number> = 0;

  /** When the current run of failures began; failing for WEBHOOK_DISABLE_AFTER_MS disables. */
  @Property({ type: 'timestamptz', nullable: true })
  failingSince: (Date & Opt) | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastSuccessAt: (Date & Opt) | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  lastFailureAt: (Date & Opt) | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  deletedAt: (Date & Opt) | null = null;
}
