import type { Config } from '../config.js';
import type { HostMount } from '../http/host-mounts.js';
import { LOGISTICS } from './logistics/logistics.platform.js';
import { PAYMENTS } from './payments/payments.platform.js';
import type { PlatformProductDefinition } from './platform-product.js';
import { SUPPORT } from './support/support.platform.js';

/**
 * The platform products (docs/platforms.md), each one definition in its folder. Their
 * order is the order of their routes, interfaces and GraphQL enum values.
 */
export const PLATFORM_PRODUCTS = [LOGISTICS, PAYMENTS, SUPPORT] as const;
export type PlatformProduct = (typeof PLATFORM_PRODUCTS)[number]['key'];

export const PLATFORM_PRODUCT_KEYS = PLATFORM_PRODUCTS.map((product) => product.key);

const BY_KEY = new Map<string, PlatformProductDefinition<PlatformProduct>>(PLATFORM_PRODUCTS.map((product) => [product.key, product]));

export function platformProduct(key: PlatformProduct): PlatformProductDefinition<PlatformProduct> {
  return BY_KEY.get(key)!;
}

/** The names of every event some platform product offers. */
export const PLATFORM_PRODUCT_EVENT_NAMES: ReadonlySet<string> = new Set(PLATFORM_PRODUCTS.flatMap((product) => product.events.map((event) => event.name)));

export function offersEvent(product: PlatformProductDefinition, eventType: string): boolean {
  return product.events.some((event) => event.name === eventType);
}

/**
 * The product's public base URL: its `publicUrl` variable (LOGISTICS_URL…) when the product
 * is published on a host of its own, otherwise its mount path on this server (a relative reference).
 */
export function platformProductBaseUrl(product: PlatformProductDefinition, config: Config): string {
  return product.publicUrl.of(config) ?? product.mountPath;
}

/** The products published on hosts of their own: their API served at that host's root. */
export function platformProductHosts(config: Config): HostMount[] {
  return PLATFORM_PRODUCTS.flatMap((product) => {
    const baseUrl = product.publicUrl.of(config);
    return baseUrl ? [{ baseUrl, mountPath: product.mountPath, paths: ['/api/v1/webhook'] }] : [];
  });
}
