import type { Scope } from '../auth/scopes.js';
import type { Config } from '../config.js';
import { isInterfaceEvent } from '../events/event-registry.js';
import { readScopeOfEvent } from '../events/read-scopes.js';
import type { OutboxEvent } from '../events/outbox-event.entity.js';
import { toEnvelope } from '../events/outbox.js';
import { secretsInUse, signatureHeaders, type SigningSecrets } from './signing.js';

/**
 * What differs between kinds of subscription while the dispatcher, the attempt log and
 * the SSRF guard stay the same: the webhooks interface (docs/webhooks.md) is one kind; the
 * per-product webhooks (docs/platforms.md) register theirs, with their own attempt count,
 * success rule, headers and no signature. Modules declare their kinds; src/modules.ts
 * registers them here.
 */
export interface DeliveryPolicy {
  /** Whether subscriptions of this kind can take this event at all (before their own filter). */
  offers(eventType: string): boolean;
  /** The scope a seller's token needs to read this event's data (undefined: no token may). */
  readScope(eventType: string): Scope | undefined;
  /** Attempts per round, the first included; a redelivery starts a new round. */
  maxAttempts(config: Config): number;
  isSuccess(statusCode: number): boolean;
  /** Destinations must use https (the public-address rule applies to every kind). */
  requireHttps: boolean;
  body(event: Pick<OutboxEvent, 'id' | 'type' | 'createdAt' | 'payload'>): unknown;
  headers(message: { deliveryId: string; attempt: number; timestamp: Date; body: string; secrets: SigningSecrets }): Record<string, string>;
}

/**
 * The kinds of subscription, each with its policy: `interface`, the webhooks interface's
 * own; modules add theirs by declaration merging (the per-product kinds, src/products).
 */
export interface SubscriptionKinds {
  interface: DeliveryPolicy;
}

export type SubscriptionKind = keyof SubscriptionKinds & string;

export const USER_AGENT = 'Ponte-Webhooks/1.0';

/** The `{id, evento, dataHora, data}` envelope, Standard Webhooks signature, any 2xx (docs/webhooks.md). */
export const INTERFACE_POLICY: DeliveryPolicy = {
  offers: isInterfaceEvent,
  readScope: readScopeOfEvent,
  maxAttempts: (config) => config.webhookMaxAttempts,
  isSuccess: (statusCode) => statusCode >= 200 && statusCode < 300,
  requireHttps: false,
  body: toEnvelope,
  headers: ({ deliveryId, attempt, timestamp, body, secrets }) => ({
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    // Not part of Standard Webhooks: tells a receiver which try this is (1 = the first).
    'webhook-attempt': String(attempt),
    ...signatureHeaders(secretsInUse(secrets, timestamp), { id: deliveryId, timestamp, body }),
  }),
};

const POLICIES = new Map<string, DeliveryPolicy>();

/** Adds kinds of subscription; src/modules.ts calls it with every module's kinds. */
export function registerDeliveryPolicies(kinds: Partial<SubscriptionKinds>): void {
  for (const [kind, policy] of Object.entries(kinds)) {
    if (POLICIES.has(kind)) throw new Error(`Subscription kind ${kind} is declared twice`);
    POLICIES.set(kind, policy);
  }
}

export function policyFor(kind: SubscriptionKind): DeliveryPolicy {
  const policy = POLICIES.get(kind);
  if (!policy) throw new Error(`No delivery policy for subscription kind "${kind}": src/modules.ts registers them; import it first`);
  return policy;
}

/** An events filter (names or `*`) admits this event. */
export function subscribesTo(kind: SubscriptionKind, events: readonly string[], eventType: string): boolean {
  return policyFor(kind).offers(eventType) && (events.includes('*') || events.includes(eventType));
}

/** Whether these scopes read the data of this event as subscriptions of this kind carry it. */
export function readsEventData(scopes: ReadonlySet<Scope>, kind: SubscriptionKind, eventType: string): boolean {
  const scope = policyFor(kind).readScope(eventType);
  return scope !== undefined && scopes.has(scope);
}
