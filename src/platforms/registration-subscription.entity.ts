import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Seller } from '../auth/seller.entity.js';
import { newId } from '../db/ids.js';
import { WebhookSubscription } from '../webhooks/subscription.entity.js';
import { Registration } from './registration.entity.js';

/**
 * Which webhook subscription delivers a registration's events of one seller. The
 * dispatcher delivers to seller-owned subscriptions (its delivery log, health and
 * ordering are per seller); an application's registration gets one subscription per
 * seller that sends it events, created at fan-out the first time one does. Not a tenant
 * row of its own: only the fan-out, which spans sellers, reads it.
 */
@Entity({ tableName: 'product_webhook_subscription' })
@Unique({ properties: ['productWebhook', 'seller'] })
export class RegistrationSubscription {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @ManyToOne(() => Registration, { mapToPk: true })
  productWebhook!: string;

  @ManyToOne(() => Seller, { mapToPk: true, index: true })
  seller!: string;

  @ManyToOne(() => WebhookSubscription, { mapToPk: true, unique: true })
  subscription!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
