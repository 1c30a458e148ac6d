import { eventDefinition } from '../events/event-registry.js';
import { USER_AGENT, type DeliveryPolicy } from '../webhooks/policy.js';
import { PLATFORM_PRODUCTS, PLATFORM_PRODUCT_RULES, isPlatformProductEvent, type PlatformProduct } from './platform-products.js';

/**
 * The delivery rules of the three products (docs/platforms.md), as policies of the one
 * webhook dispatcher (src/webhooks/policy.ts): the envelope `{evento, data}` and no
 * signature header for all three; logistics and payments send
 * `application/json; charset=UTF-8`, take any 2xx and try 5 times in all; customer service
 * takes only a 200 and tries once plus up to 5 retries. Intervals are the dispatcher's
 * backoff (WEBHOOK_BACKOFF_*), the timeout its WEBHOOK_TIMEOUT_MS (10 s by default, the
 * products' limit), and redirects are failures as for every kind.
 */
interface DeliveryRules {
  attempts: number;
  isSuccess: (statusCode: number) => boolean;
  /** `isSuccess` in words, for the OpenAPI documents. */
  successDescription: string;
  contentType: string;
}

const anyTwoHundred = (statusCode: number) => statusCode >= 200 && statusCode < 300;
const exactlyTwoHundred = (statusCode: number) => statusCode === 200;

const ANY_2XX = 'Any 2xx within the timeout (10 s by default) is success';

export const DELIVERY_RULES: Record<PlatformProduct, DeliveryRules> = {
  logistics: { attempts: 5, isSuccess: anyTwoHundred, successDescription: ANY_2XX, contentType: 'application/json; charset=UTF-8' },
  payments: { attempts: 5, isSuccess: anyTwoHundred, successDescription: ANY_2XX, contentType: 'application/json; charset=UTF-8' },
  support: { attempts: 1 + 5, isSuccess: exactlyTwoHundred, successDescription: 'Only 200 within the timeout (10 s by default) is success', contentType: 'application/json' },
};

declare module '../webhooks/policy.js' {
  interface SubscriptionKinds extends Record<PlatformProduct, DeliveryPolicy> {}
}

function productPolicy(product: PlatformProduct): DeliveryPolicy {
  const rules = DELIVERY_RULES[product];
  return {
    offers: (eventType) => isPlatformProductEvent(product, eventType),
    // The scope the event's module declared (orders:read for tracking, cycles and cases).
    readScope: (eventType) => (isPlatformProductEvent(product, eventType) ? eventDefinition(eventType)?.readScope : undefined),
    maxAttempts: () => rules.attempts,
    isSuccess: rules.isSuccess,
    requireHttps: PLATFORM_PRODUCT_RULES[product].requireHttps,
    body: (event) => ({ evento: event.type, data: event.payload }),
    headers: () => ({ 'content-type': rules.contentType, 'user-agent': USER_AGENT }),
  };
}

export const PLATFORM_PRODUCT_POLICIES = Object.fromEntries(PLATFORM_PRODUCTS.map((product) => [product, productPolicy(product)])) as Record<PlatformProduct, DeliveryPolicy>;
