import { Type } from 'typebox';
import { CREDENTIALS_TAG } from '../auth/auth.routes.js';
import type { EventDefinition } from '../events/event-registry.js';
import type { EventDeliveries, RestInterface } from '../http/openapi/interfaces.js';
import type { PlatformProductDefinition } from './platform-product.js';
import { PLATFORM_PRODUCTS } from './platform-products.js';

/** The tag of a platform product's webhook registration routes. */
export function platformProductTag({ key }: PlatformProductDefinition) {
  return { name: `${key} webhooks`, description: `An application's ${key} webhook registrations` };
}

/** The tag of the calling application's own delivery log and redelivery under a platform product. */
export function platformProductDeliveriesTag({ key }: PlatformProductDefinition) {
  return { name: `${key} deliveries`, description: `The calling application's ${key} deliveries (its own registrations only, every seller that installed it) and their redelivery` };
}

/** The tag of the seller-token routes that record what a platform product's events report. */
export function platformProductSourceTag({ sources }: PlatformProductDefinition) {
  return { name: sources.tag, description: sources.description };
}

/** The body of a platform product's delivery: `{evento, data}`, unsigned. */
function platformProductEnvelope(event: EventDefinition) {
  return Type.Object(
    { evento: Type.Literal(event.name, { description: 'The event name' }), data: event.payload },
    { additionalProperties: false, description: `The \`${event.name}\` event` },
  );
}

function deliveries(product: PlatformProductDefinition): EventDeliveries {
  const rules = product.delivery;
  return {
    events: () => product.events.map((event) => event.name),
    body: platformProductEnvelope,
    headers: { 'content-type': { description: 'The body\'s media type', schema: Type.Literal(rules.contentType) } },
    success: `${rules.successDescription}; otherwise retried with backoff, ${rules.attempts} attempts in all.`,
  };
}

/**
 * One interface per platform product: the seller-token routes its events come from, its
 * registration API and the application's own delivery log under its mount path, its deliveries.
 */
export const PLATFORM_PRODUCT_INTERFACES: RestInterface[] = PLATFORM_PRODUCTS.map((product) => ({
  slug: product.key,
  title: `${product.title} webhooks`,
  description: `The ${product.key} product's webhook API (\`${product.mountPath}/api/v1/webhook…\`, or ${product.publicUrl.variable} when published on a host of its own): an application registers its receivers with its application credential and gets \`{evento, data}\` for the events it registered, for every seller that installed it, and reads and re-sends its own deliveries. The events come from what sellers' systems record with a seller token (${product.sources.tag}).`,
  tags: [platformProductSourceTag(product), platformProductTag(product), platformProductDeliveriesTag(product), CREDENTIALS_TAG],
  deliveries: deliveries(product),
}));
