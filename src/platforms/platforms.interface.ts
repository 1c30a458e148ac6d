import { Type } from 'typebox';
import { CREDENTIALS_TAG } from '../auth/auth.routes.js';
import type { EventDefinition } from '../events/event-registry.js';
import type { EventDeliveries, RestInterface } from '../http/openapi/interfaces.js';
import { PLATFORM_PRODUCTS, PLATFORM_PRODUCT_RULES, type PlatformProduct } from './platform-products.js';
import { DELIVERY_RULES } from './delivery-policy.js';

const TITLES: Record<PlatformProduct, string> = { logistics: 'Logistics', payments: 'Payments', support: 'Customer service' };

/** The tag of a platform product's webhook registration routes. */
export function platformProductTag(product: PlatformProduct) {
  return { name: `${product} webhooks`, description: `An application's ${product} webhook registrations` };
}

/** The tag of the calling application's own delivery log and redelivery under a platform product. */
export function platformProductDeliveriesTag(product: PlatformProduct) {
  return { name: `${product} deliveries`, description: `The calling application's ${product} deliveries (its own registrations only, every seller that installed it) and their redelivery` };
}

const SOURCE_TAGS: Record<PlatformProduct, { name: string; description: string }> = {
  logistics: {
    name: 'shipments',
    description: 'Shipments, their tracking events and the order\'s carrier chat, recorded by carriers and ERPs with a seller token: the sources of frete.rastreio, rastreio.atualizado and chatTransportadora',
  },
  payments: { name: 'settlement cycles', description: 'Settlement cycles closed by payment gateways and ERPs with a seller token: the source of ciclo.criado' },
  support: { name: 'support cases', description: 'Support cases and their messages, recorded by help desks with a seller token: the sources of atendimento.*' },
};

/** The tag of the seller-token routes that record what a platform product's events report. */
export function platformProductSourceTag(product: PlatformProduct) {
  return SOURCE_TAGS[product];
}

/** The body of a platform product's delivery: `{evento, data}`, unsigned. */
function platformProductEnvelope(event: EventDefinition) {
  return Type.Object(
    { evento: Type.Literal(event.name, { description: 'The event name' }), data: event.payload },
    { additionalProperties: false, description: `The \`${event.name}\` event` },
  );
}

function deliveries(product: PlatformProduct): EventDeliveries {
  const rules = DELIVERY_RULES[product];
  return {
    events: () => PLATFORM_PRODUCT_RULES[product].events,
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
  slug: product,
  title: `${TITLES[product]} webhooks`,
  description: `The ${product} product's webhook API (\`${PLATFORM_PRODUCT_RULES[product].mountPath}/api/v1/webhook…\`, or ${PLATFORM_PRODUCT_RULES[product].baseUrlVariable} when published on a host of its own): an application registers its receivers with its application credential and gets \`{evento, data}\` for the events it registered, for every seller that installed it, and reads and re-sends its own deliveries. The events come from what sellers' systems record with a seller token (${platformProductSourceTag(product).name}).`,
  tags: [platformProductSourceTag(product), platformProductTag(product), platformProductDeliveriesTag(product), CREDENTIALS_TAG],
  deliveries: deliveries(product),
}));
