import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../auth/auth.service.js';
import { isUuid } from '../db/ids.js';
import { claimQuota } from '../db/quota.js';
import type { Config } from '../config.js';
import { AppError, notFound, validationFailed, type FieldError } from '../errors.js';
import { interfaceEventNames } from '../events/event-registry.js';
import { requireReadScopes } from '../events/read-scopes.js';
import { decodeCursor, pageOf, type Page, type PageRequest } from '../http/pagination.js';
import { policyFor, type SubscriptionKind } from './policy.js';
import type { CreateSubscriptionInput, RecoverInput, UpdateSubscriptionInput } from './webhooks.schemas.js';
import { generateWebhookSecret, ROTATION_OVERLAP_MS } from './signing.js';
import { checkDestinationUrl } from './ssrf-guard.js';
import { closeOpenDeliveries, disableSubscription } from './subscription-health.js';
import { WebhookSubscription } from './subscription.entity.js';

/** The settings the subscription rules read. */
export type WebhookSettings = Pick<Config, 'webhookAllowPrivateTargets' | 'webhookSubscriptionsMax'>;

const KIND: SubscriptionKind = 'interface';

/**
 * A token subscribes only to events whose data it may read (`*` needs every read scope),
 * and changes, re-signs or redelivers only subscriptions whose events it may read: a
 * webhook is another way to read (docs/security.md#webhook-subscriptions-and-the-delivery-log).
 */
export async function createSubscription(
  em: EntityManager,
  caller: Caller,
  input: CreateSubscriptionInput,
  settings: WebhookSettings,
): Promise<{ subscription: WebhookSubscription; secret: string }> {
  assertValidTarget(input.url, input.events, settings);
  requireReadScopes(caller.scopes, input.events);
  return em.transactional(async (tx) => {
    await claimQuota(tx, {
      key: `webhook-subscriptions:${caller.sellerId}`,
      limit: settings.webhookSubscriptionsMax,
      what: 'webhook subscriptions of a seller',
      count: () => tx.count(WebhookSubscription, { seller: caller.sellerId, kind: KIND, deletedAt: null }),
    });
    const secret = generateWebhookSecret();
    const subscription = tx.create(WebhookSubscription, {
      seller: caller.sellerId,
      kind: KIND,
      url: input.url,
      events: normaliseEvents(input.events),
      description: input.description ?? null,
      secret,
    });
    await tx.persist(subscription).flush();
    return { subscription, secret };
  });
}

/** Every subscription not deleted, disabled ones included, oldest first. */
export async function listSubscriptions(em: EntityManager, sellerId: string, page: PageRequest): Promise<Page<WebhookSubscription>> {
  const after = page.cursor ? decodeCursor(page.cursor, ['uuid'])[0] : undefined;
  const rows = await em.find(
    WebhookSubscription,
    { seller: sellerId, kind: KIND, deletedAt: null, ...(after ? { id: { $gt: after } } : {}) },
    { orderBy: { id: 'asc' }, limit: page.limit + 1 },
  );
  return pageOf(rows, page.limit, subscriptionCursor);
}

export const subscriptionCursor = (subscription: WebhookSubscription) => [subscription.id];

/** The seller's subscriptions (not deleted) with these ids (node(id:)); ids must be UUIDs. */
export async function findSubscriptions(em: EntityManager, sellerId: string, ids: readonly string[]): Promise<WebhookSubscription[]> {
  return em.find(WebhookSubscription, { id: { $in: [...ids] }, seller: sellerId, kind: KIND, deletedAt: null });
}

export async function getSubscription(em: EntityManager, sellerId: string, id: string): Promise<WebhookSubscription> {
  const subscription = isUuid(id)
    ? await em.findOne(WebhookSubscription, { id, seller: sellerId, kind: KIND, deletedAt: null })
    : null;
  if (!subscription) throw notFound('Webhook subscription');
  return subscription;
}

/**
 * `active: false` is the user's switch to `disabled` (what it still owed ends `failed`);
 * `active: true` switches it back on with a clean failure record. The caller must read
 * the events it carries before and after (deliveries still owed leave to the new URL).
 */
export async function updateSubscription(
  em: EntityManager,
  caller: Caller,
  id: string,
  input: UpdateSubscriptionInput,
  settings: WebhookSettings,
): Promise<WebhookSubscription> {
  const { sellerId } = caller;
  return em.transactional(async (tx) => {
    const subscription = await getSubscription(tx, sellerId, id);
    assertValidTarget(input.url ?? subscription.url, input.events ?? subscription.events, settings);
    requireReadScopes(caller.scopes, [...subscription.events, ...(input.events ?? [])]);
    if (input.url !== undefined) subscription.url = input.url;
    if (input.events !== undefined) subscription.events = normaliseEvents(input.events);
    if (input.description !== undefined) subscription.description = input.description;
    if (input.active === true && !subscription.active) enable(subscription);
    await tx.flush();
    if (input.active === false && subscription.active) {
      await disableSubscription(tx, sellerId, id, 'user');
      await tx.refresh(subscription);
    }
    return subscription;
  });
}

function enable(subscription: WebhookSubscription): void {
  Object.assign(subscription, {
    active: true,
    disabledAt: null,
    disabledReason: null,
    consecutiveFailures: 0,
    failingSince: null,
  });
}

/** Soft delete: its deliveries stay in the log, the ones still owed as `cancelled`. */
export async function deleteSubscription(em: EntityManager, sellerId: string, id: string): Promise<void> {
  await em.transactional(async (tx) => {
    const subscription = await getSubscription(tx, sellerId, id);
    Object.assign(subscription, { deletedAt: new Date(), active: false });
    await tx.flush();
    await closeOpenDeliveries(tx, sellerId, id, 'cancelled');
  });
}

/** A new secret; the old one keeps signing (beside the new) for ROTATION_OVERLAP_MS. */
export async function rotateSecret(em: EntityManager, caller: Caller, id: string): Promise<{ id: string; secret: string }> {
  const subscription = await getSubscription(em, caller.sellerId, id);
  requireReadScopes(caller.scopes, subscription.events);
  const secret = generateWebhookSecret();
  Object.assign(subscription, {
    previousSecret: subscription.secret,
    previousSecretExpiresAt: new Date(Date.now() + ROTATION_OVERLAP_MS),
    secret,
  });
  await em.flush();
  return { id, secret };
}

/** Queues again every `failed` delivery of the subscription created at or after `since`. */
export async function recoverDeliveries(em: EntityManager, caller: Caller, id: string, input: RecoverInput): Promise<number> {
  const { sellerId } = caller;
  const subscription = await getSubscription(em, sellerId, id);
  requireReadScopes(caller.scopes, subscription.events);
  assertActive(subscription);
  const rows = await em.execute<{ id: string }[]>(
    `update webhook_delivery
        set status = 'pending', attempts_in_round = 0, next_attempt_at = now(), completed_at = null, updated_at = now()
      where seller_id = ? and subscription_id = ? and status = 'failed' and created_at >= ?
      returning id`,
    [sellerId, id, new Date(input.since)],
  );
  return rows.length;
}

export function assertActive(subscription: WebhookSubscription): void {
  if (subscription.deletedAt) throw new AppError('CONFLICT', 'The subscription was deleted');
  if (!subscription.active) {
    throw new AppError('CONFLICT', 'The subscription is disabled; switch it on (active: true) before redelivering');
  }
}

function normaliseEvents(events: readonly string[]): string[] {
  return events.includes('*') ? ['*'] : [...new Set(events)];
}

/** The destination must be acceptable to the SSRF guard and every event name known. */
function assertValidTarget(url: string, events: readonly string[], settings: WebhookSettings): void {
  const policy = policyFor(KIND);
  const errors: FieldError[] = [];
  const check = checkDestinationUrl(url, { allowPrivate: settings.webhookAllowPrivateTargets, requireHttps: policy.requireHttps });
  if (!check.ok) errors.push({ path: '/url', message: check.reason });
  events.forEach((event, index) => {
    if (event !== '*' && !policy.offers(event)) {
      errors.push({ path: `/events/${index}`, message: `unknown event "${event}"; known: ${interfaceEventNames().join(', ')} or "*"` });
    }
  });
  if (errors.length > 0) throw validationFailed(errors);
}
