import type { EntityManager } from '@mikro-orm/postgresql';
import { listInstallations } from '../auth/application.service.js';
import { healthOf, type Health } from '../webhooks/subscription-health.js';
import { WebhookSubscription } from '../webhooks/subscription.entity.js';
import type { PlatformProduct } from './platform-products.js';
import { RegistrationSubscription } from './registration-subscription.entity.js';
import { Registration } from './registration.entity.js';

/** A registration of an application the seller installed, as that seller sees it. */
export interface InstalledRegistrationView {
  id: string;
  applicationId: string;
  applicationName: string;
  product: PlatformProduct;
  url: string;
  events: string[];
  createdAt: string;
  /** The seller's subscription that delivers to it; null until it was first sent one of the seller's events. */
  subscriptionId: string | null;
  health: Health;
  consecutiveFailures: number;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
}

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

/**
 * An application's URL as a seller sees it: where it goes (scheme, host, path), without
 * the query string and fragment, where applications keep their own keys (`?…` says one
 * was there). The application reads its registrations whole.
 */
function withoutQuery(url: string): string {
  const parsed = new URL(url);
  const hidden = parsed.search !== '' || parsed.hash !== '';
  return `${parsed.origin}${parsed.pathname}${hidden ? '?…' : ''}`;
}

/**
 * The registrations of the applications the seller has installed, with the health of the
 * subscription that delivers the seller's events to each: the seller sees where its data
 * goes and which of those receivers fail, apart from its own subscriptions. Three queries
 * whatever the number of registrations (bounded by PRODUCT_REGISTRATIONS_MAX per app and product).
 */
export async function listInstalledRegistrations(em: EntityManager, sellerId: string): Promise<InstalledRegistrationView[]> {
  const installed = await listInstallations(em, sellerId);
  if (installed.length === 0) return [];
  const names = new Map(installed.map(({ application }) => [application.id, application.name]));
  const registrations = await em.find(
    Registration,
    { application: [...names.keys()], deletedAt: null },
    { orderBy: { application: 'asc', product: 'asc', id: 'asc' } },
  );
  if (registrations.length === 0) return [];
  const links = await em.find(RegistrationSubscription, { seller: sellerId, productWebhook: registrations.map((registration) => registration.id) });
  const subscriptions = links.length ? await em.find(WebhookSubscription, { seller: sellerId, id: links.map((link) => link.subscription) }) : [];
  const subscriptionOf = new Map(links.map((link) => [link.productWebhook, subscriptions.find((subscription) => subscription.id === link.subscription)]));
  return registrations.map((registration) => {
    const subscription = subscriptionOf.get(registration.id);
    return {
      id: registration.id,
      applicationId: registration.application,
      applicationName: names.get(registration.application)!,
      product: registration.product,
      url: withoutQuery(registration.url),
      events: registration.events,
      createdAt: registration.createdAt.toISOString(),
      subscriptionId: subscription?.id ?? null,
      health: subscription ? healthOf(subscription) : 'healthy',
      consecutiveFailures: subscription?.consecutiveFailures ?? 0,
      lastSuccessAt: iso(subscription?.lastSuccessAt),
      lastFailureAt: iso(subscription?.lastFailureAt),
    };
  });
}
