import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryReader } from '../webhooks/delivery-service.js';
import type { Product } from './catalogue.js';
import { ProductWebhookSubscription } from './registration-subscription.entity.js';
import { ProductWebhook } from './registration.entity.js';

/**
 * An application's own delivery log of one product: the deliveries of its registrations
 * of that product (deleted ones included, as a seller's log keeps deleted
 * subscriptions'), for every seller that sent them events. The application received
 * these events, so it reads their data and may have them sent again; a seller's log no
 * longer shows them (src/webhooks/delivery-service.ts, sellerReader).
 */
export function applicationReader(applicationId: string, product: Product): DeliveryReader {
  return {
    sellerId: undefined,
    subscriptions: (em: EntityManager) =>
      em
        .createQueryBuilder(ProductWebhookSubscription, 'l')
        .select('l.subscription')
        .where({ productWebhook: { $in: em.createQueryBuilder(ProductWebhook, 'r').select('r.id').where({ application: applicationId, product }) } }),
    readsData: () => true,
    assertMayResend: () => undefined,
  };
}
