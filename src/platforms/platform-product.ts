import type { Config } from '../config.js';
import type { EventDefinition } from '../events/event-registry.js';

/**
 * Everything that makes a platform product (docs/platforms.md), in one object: its
 * registration API under `mountPath`, the events applications may register for, how they
 * are delivered, and what its documents say. The subscription kind, the delivery policy,
 * the routes, the REST interface, the host mount and the GraphQL `PlatformProduct` value
 * are all derived from it (src/platforms/platform-products.ts lists the products).
 */
export interface PlatformProductDefinition<K extends string = string> {
  /** The product's name in code and on the wire: subscription kind, `Registration.product`, GraphQL enum value, interface slug. */
  readonly key: K;
  /** Its title in the OpenAPI documents (`<title> webhooks`). */
  readonly title: string;
  /** One line for the GraphQL `PlatformProduct` enum. */
  readonly summary: string;
  /** Where its routes are mounted on this server, e.g. `/logistica`. */
  readonly mountPath: string;
  /** The variable that publishes it on a host of its own, and its value in the config. */
  readonly publicUrl: { readonly variable: string; readonly of: (config: Config) => string | undefined };
  /** The events an application may register for with it (declared by their modules). */
  readonly events: readonly EventDefinition[];
  readonly delivery: DeliveryRules;
  /** The seller-token routes its events come from (their OpenAPI tag). */
  readonly sources: {
    readonly tag: string;
    readonly description: string;
    /** The REST operation whose change makes one of its events: the HTTP-client collections run it before they read the delivery log. */
    readonly eventSource: string;
  };
}

/** How a product's deliveries go, as a policy of the one webhook dispatcher (src/platforms/delivery-policy.ts). */
export interface DeliveryRules {
  /** Attempts per round, the first included. */
  readonly attempts: number;
  readonly isSuccess: (statusCode: number) => boolean;
  /** `isSuccess` in words, for the OpenAPI documents. */
  readonly successDescription: string;
  readonly contentType: string;
  /** Destinations must use https, whatever the environment. */
  readonly requireHttps: boolean;
}

/** Keeps the key's literal type, so the list of products makes the `PlatformProduct` union. */
export function definePlatformProduct<K extends string>(definition: PlatformProductDefinition<K>): PlatformProductDefinition<K> {
  return definition;
}

/** Any 2xx within the dispatcher's timeout (WEBHOOK_TIMEOUT_MS, 10 s by default). */
export const ANY_2XX = {
  isSuccess: (statusCode: number) => statusCode >= 200 && statusCode < 300,
  successDescription: 'Any 2xx within the timeout (10 s by default) is success',
} as const;

/** Only 200 within the dispatcher's timeout. */
export const ONLY_200 = {
  isSuccess: (statusCode: number) => statusCode === 200,
  successDescription: 'Only 200 within the timeout (10 s by default) is success',
} as const;
