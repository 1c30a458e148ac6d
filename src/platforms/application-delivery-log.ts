import { raw } from '@mikro-orm/core';
import type { DeliveryReader } from '../webhooks/delivery.service.js';
import type { PlatformProduct } from './platform-products.js';

/**
 * An application's own delivery log of one product: the deliveries of its registrations
 * of that product (deleted ones included, as a seller's log keeps deleted
 * subscriptions'), for every seller that sent them events. The application received
 * these events, so it reads their data and may have them sent again; a seller's log no
 * longer shows them (src/webhooks/delivery.service.ts, sellerReader).
 */
export function applicationReader(applicationId: string, product: PlatformProduct): DeliveryReader {
  return {
    sellerId: undefined,
    subscriptions: () =>
      raw(
        `select l.subscription_id
           from product_webhook_subscription l
           join product_webhook r on r.id = l.product_webhook_id
          where r.application_id = ? and r.product = ?`,
        [applicationId, product],
      ),
    readsData: () => true,
    assertMayResend: () => undefined,
  };
}
