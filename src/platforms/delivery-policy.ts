import { eventDefinition } from '../events/event-registry.js';
import { USER_AGENT, type DeliveryPolicy } from '../webhooks/policy.js';
import type { PlatformProductDefinition } from './platform-product.js';
import { PLATFORM_PRODUCTS, offersEvent, type PlatformProduct } from './platform-products.js';

declare module '../webhooks/policy.js' {
  interface SubscriptionKinds extends Record<PlatformProduct, DeliveryPolicy> {}
}

/**
 * A product's delivery rules (its definition's `delivery`) as a policy of the one webhook
 * dispatcher (src/webhooks/policy.ts): the envelope `{evento, data}` and no signature
 * header for every product; its own content type, success rule and attempts. Intervals
 * are the dispatcher's backoff (WEBHOOK_BACKOFF_*), the timeout its WEBHOOK_TIMEOUT_MS
 * (10 s by default, the products' limit), and redirects are failures as for every kind.
 */
function productPolicy(product: PlatformProductDefinition): DeliveryPolicy {
  const rules = product.delivery;
  return {
    offers: (eventType) => offersEvent(product, eventType),
    // The scope the event's module declared (orders:read for tracking, cycles and cases).
    readScope: (eventType) => (offersEvent(product, eventType) ? eventDefinition(eventType)?.readScope : undefined),
    maxAttempts: () => rules.attempts,
    isSuccess: rules.isSuccess,
    requireHttps: rules.requireHttps,
    body: (event) => ({ evento: event.type, data: event.payload }),
    headers: () => ({ 'content-type': rules.contentType, 'user-agent': USER_AGENT }),
  };
}

/** One subscription kind per product, named by its key. */
export const PLATFORM_PRODUCT_POLICIES = Object.fromEntries(PLATFORM_PRODUCTS.map((product) => [product.key, productPolicy(product)])) as Record<PlatformProduct, DeliveryPolicy>;
