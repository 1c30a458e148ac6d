import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { notFound, validationFailed, type FieldError } from '../errors.js';
import { decodeCursor, pageOf, type Page } from '../http/pagination.js';
import { isUuid } from '../db/ids.js';
import { claimQuota } from '../db/quota.js';
import { checkDestinationUrl } from '../webhooks/ssrf-guard.js';
import { closeOpenDeliveries } from '../webhooks/subscription-health.js';
import { PRODUCT_RULES, isProductEvent, type Product } from './platform-products.js';
import { ProductWebhook } from './registration.entity.js';

/** The settings the registration rules read. */
export type RegistrationSettings = Pick<Config, 'webhookAllowPrivateTargets' | 'productRegistrationsMax'>;

export interface RegistrationInput {
  url: string;
  events: string[];
}

/**
 * Registers a webhook of one product for the calling application. Only the product's own
 * event names are accepted; the URL must be public (unless WEBHOOK_ALLOW_PRIVATE_TARGETS)
 * and, for customer service, https in every environment. An application keeps at most
 * PRODUCT_REGISTRATIONS_MAX live registrations per product.
 */
export async function registerProductWebhook(
  em: EntityManager,
  applicationId: string,
  product: Product,
  input: RegistrationInput,
  settings: RegistrationSettings,
): Promise<ProductWebhook> {
  assertValidRegistration(product, input, settings);
  return em.transactional(async (tx) => {
    await claimQuota(tx, {
      key: `product-registrations:${applicationId}:${product}`,
      limit: settings.productRegistrationsMax,
      what: `${product} webhooks of an application`,
      count: () => tx.count(ProductWebhook, { application: applicationId, product, deletedAt: null }),
    });
    const registration = tx.create(ProductWebhook, {
      application: applicationId,
      product,
      url: input.url,
      events: [...new Set(input.events)],
    });
    await tx.persist(registration).flush();
    return registration;
  });
}

/** The application's live registrations of one product, oldest first. */
export async function listProductWebhooks(
  em: EntityManager,
  applicationId: string,
  product: Product,
  page: { limit: number; cursor?: string },
): Promise<Page<ProductWebhook>> {
  const after = page.cursor ? decodeCursor(page.cursor, ['uuid'])[0] : undefined;
  const rows = await em.find(
    ProductWebhook,
    { application: applicationId, product, deletedAt: null, ...(after ? { id: { $gt: after } } : {}) },
    { orderBy: { id: 'asc' }, limit: page.limit + 1 },
  );
  return pageOf(rows, page.limit, (row) => [row.id]);
}

/** Another application's registration, or one of another product, is simply absent (404). */
export async function findProductWebhook(
  em: EntityManager,
  applicationId: string,
  product: Product,
  id: string,
): Promise<ProductWebhook> {
  const registration = isUuid(id) ? await em.findOne(ProductWebhook, { id, application: applicationId, product, deletedAt: null }) : null;
  if (!registration) throw notFound('Webhook');
  return registration;
}

/**
 * Deletes the registration and the subscriptions that delivered it to sellers; what they
 * still owed is cancelled. Updating the registration's row waits for a fan-out holding it
 * (see productWebhookTargets), whose new subscriptions the next statement then sees.
 */
export async function deleteProductWebhook(em: EntityManager, applicationId: string, product: Product, id: string): Promise<void> {
  await em.transactional(async (tx) => {
    const registration = await findProductWebhook(tx, applicationId, product, id);
    registration.deletedAt = new Date();
    await tx.flush();
    const retired = await tx.execute<{ id: string; seller_id: string }[]>(
      `update webhook_subscription s
          set deleted_at = now(), active = false, updated_at = now()
         from product_webhook_subscription l
        where l.product_webhook_id = ? and s.id = l.subscription_id and s.deleted_at is null
        returning s.id, s.seller_id`,
      [registration.id],
    );
    for (const subscription of retired) await closeOpenDeliveries(tx, subscription.seller_id, subscription.id, 'cancelled');
  });
}

function assertValidRegistration(product: Product, input: RegistrationInput, settings: RegistrationSettings): void {
  const rules = PRODUCT_RULES[product];
  const errors: FieldError[] = [];
  const check = checkDestinationUrl(input.url, { allowPrivate: settings.webhookAllowPrivateTargets, requireHttps: rules.requireHttps });
  if (!check.ok) errors.push({ path: '/url', message: check.reason });
  input.events.forEach((event, index) => {
    if (!isProductEvent(product, event)) {
      errors.push({ path: `/events/${index}`, message: `unknown event "${event}" for ${product}; known: ${rules.events.join(', ')}` });
    }
  });
  if (errors.length > 0) throw validationFailed(errors);
}
