import { Type } from 'typebox';
import { CREDENTIALS_TAG } from '../auth/routes.js';
import type { EventDefinition } from '../events/catalogue.js';
import type { EventDeliveries, RestInterface } from '../http/openapi/interfaces.js';
import { PRODUCTS, PRODUCT_RULES, type Product } from './catalogue.js';
import { DELIVERY_RULES } from './delivery-policy.js';

const TITLES: Record<Product, string> = { logistics: 'Logistics', payments: 'Payments', support: 'Customer service' };

/** The tag of a product's webhook registration routes. */
export function productTag(product: Product) {
  return { name: `${product} webhooks`, description: `An application's ${product} webhook registrations` };
}

/** The body of a per-product delivery: `{evento, data}`, unsigned. */
function productEnvelope(event: EventDefinition) {
  return Type.Object(
    { evento: Type.Literal(event.name, { description: 'The event name' }), data: event.payload },
    { additionalProperties: false, description: `The \`${event.name}\` event` },
  );
}

function deliveries(product: Product): EventDeliveries {
  const rules = DELIVERY_RULES[product];
  return {
    events: () => PRODUCT_RULES[product].events,
    body: productEnvelope,
    headers: { 'content-type': { description: 'The body\'s media type', schema: Type.Literal(rules.contentType) } },
    success: `${rules.successDescription}; otherwise retried with backoff, ${rules.attempts} attempts in all.`,
  };
}

/** One interface per product: its registration API under its mount path, its deliveries. */
export const PRODUCT_INTERFACES: RestInterface[] = PRODUCTS.map((product) => ({
  slug: product,
  title: `${TITLES[product]} webhooks`,
  description: `The ${product} product's webhook API (\`${PRODUCT_RULES[product].mountPath}/api/v1/webhook…\`, or ${PRODUCT_RULES[product].baseUrlVariable} when published on a host of its own): an application registers its receivers with its application credential and gets \`{evento, data}\` for the events it registered, for every seller that installed it.`,
  tags: [productTag(product), CREDENTIALS_TAG],
  deliveries: deliveries(product),
}));
