import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { notFound, validationFailed, type FieldError } from '../errors.js';
import { decodeCursor, pageOf, type Page } from '../http/pagination.js';
import { isUuid } from '../db/ids.js';
import { claimQuota } from '../db/quota.js';
import { checkDestinationUrl } from '../webhooks/ssrf-guard.js';
import { closeOpenDeliveries } from '../webhooks/subscription-health.js';
import { offersEvent, platformProduct, type PlatformProduct } from './platform-products.js';
import { Registration } from './registration.entity.js';

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
export async function createRegistration(
  em: EntityManager,
  applicationId: string,
  product: PlatformProduct,
  input: RegistrationInput,
  settings: RegistrationSettings,
): Promise<Registration> {
  assertValidRegistration(product, input, settings);
  return em.transactional(async (tx) => {
    await claimQuota(tx, {
      key: `product-registrations:${applicationId}:${product}`,
      limit: settings.productRegistrationsMax,
      what: `${product} webhooks of an application`,
      count: () => tx.count(Registration, { application: applicationId, product, deletedAt: null }),
    });
    const registration = tx.create(Registration, {
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
export async function listRegistrations(
  em: EntityManager,
  applicationId: string,
  product: PlatformProduct,
  page: { limit: number; cursor?: string },
): Promise<Page<Registration>> {
  const after = page.cursor ? decodeCursor(page.cursor, ['uuid'])[0] : undefined;
  const rows = await em.find(
    Registration,
    { application: applicationId, product, deletedAt: null, ...(after ? { id: { $gt: after } } : {}) },
    { orderBy: { id: 'asc' }, limit: page.limit + 1 },
  );
  return pageOf(rows, page.limit, (row) => [row.id]);
}

/** Another application's registration, or one of another product, is simply absent (404). */
export async function findRegistration(
  em: EntityManager,
  applicationId: string,
  product: PlatformProduct,
  id: string,
): Promise<Registration> {
  const registration = isUuid(id) ? await em.findOne(Registration, { id, application: applicationId, product, deletedAt: null }) : null;
  if (!registration) throw notFound('Webhook');
  return registration;
}

/**
 * Deletes the registration and the subscriptions that delivered it to sellers; what they
 * still owed is cancelled. Updating the registration's row waits for a fan-out holding it
 * (see productWebhookTargets), whose new subscriptions the next statement then sees.
 */
export async function deleteRegistration(em: EntityManager, applicationId: string, product: PlatformProduct, id: string): Promise<void> {
  await em.transactional(async (tx) => {
    const registration = await findRegistration(tx, applicationId, product, id);
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

function assertValidRegistration(product: PlatformProduct, input: RegistrationInput, settings: RegistrationSettings): void {
  const definition = platformProduct(product);
  const errors: FieldError[] = [];
  const check = checkDestinationUrl(input.url, { allowPrivate: settings.webhookAllowPrivateTargets, requireHttps: definition.delivery.requireHttps });
  if (!check.ok) errors.push({ path: '/url', message: check.reason });
  input.events.forEach((event, index) => {
    if (!offersEvent(definition, event)) {
      errors.push({ path: `/events/${index}`, message: `unknown event "${event}" for ${product}; known: ${definition.events.map(({ name }) => name).join(', ')}` });
    }
  });
  if (errors.length > 0) throw validationFailed(errors);
}
