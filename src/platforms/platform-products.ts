import { APPLICATION_REMOVED } from '../auth/auth.events.js';
import type { Config } from '../config.js';
import type { HostMount } from '../http/host-mounts.js';

/**
 * The three platform products' webhook APIs (docs/platforms.md): where each is mounted, its public base
 * URL, its event names and its URL rule. Event names are the source's and stay as given.
 */
export const PLATFORM_PRODUCTS = ['logistics', 'payments', 'support'] as const;
export type PlatformProduct = (typeof PLATFORM_PRODUCTS)[number];

export const PLATFORM_PRODUCT_EVENTS = {
  trackingUpdated: 'rastreio.atualizado',
  carrierChat: 'chatTransportadora',
  cycleCreated: 'ciclo.criado',
  applicationRemoved: APPLICATION_REMOVED,
  caseOpened: 'atendimento.criado',
  caseMessage: 'atendimento.mensagem',
  caseClosed: 'atendimento.encerrado',
} as const;

const E = PLATFORM_PRODUCT_EVENTS;

interface PlatformProductRules {
  /** Where the product's routes are mounted on this server. */
  mountPath: string;
  /** The events an app may register for with this product. */
  events: readonly string[];
  /** Customer service accepts only https destinations, whatever the environment. */
  requireHttps: boolean;
  baseUrl: (config: Config) => string | undefined;
  baseUrlVariable: string;
  /** The REST operation whose change makes one of the product's events: the HTTP-client collections run it before they read the delivery log. */
  eventSource: string;
}

export const PLATFORM_PRODUCT_RULES: Record<PlatformProduct, PlatformProductRules> = {
  logistics: {
    mountPath: '/logistica',
    events: [E.trackingUpdated, E.carrierChat],
    requireHttps: false,
    baseUrl: (config) => config.logisticsUrl,
    baseUrlVariable: 'LOGISTICS_URL',
    eventSource: 'recordTrackingEvent',
  },
  payments: {
    mountPath: '/pagamentos',
    events: [E.cycleCreated, E.applicationRemoved],
    requireHttps: false,
    baseUrl: (config) => config.paymentsUrl,
    baseUrlVariable: 'PAYMENTS_URL',
    eventSource: 'closeSettlementCycle',
  },
  support: {
    mountPath: '/atendimento',
    events: [E.caseOpened, E.caseMessage, E.caseClosed, E.applicationRemoved],
    requireHttps: true,
    baseUrl: (config) => config.supportUrl,
    baseUrlVariable: 'SUPPORT_URL',
    eventSource: 'openSupportCase',
  },
};

export function isPlatformProductEvent(product: PlatformProduct, eventType: string): boolean {
  return PLATFORM_PRODUCT_RULES[product].events.includes(eventType);
}

/**
 * The product's public base URL: `LOGISTICS_URL` (…) when the product is published on a
 * host of its own, otherwise its mount path on this server (a relative reference).
 */
export function platformProductBaseUrl(product: PlatformProduct, config: Config): string {
  return PLATFORM_PRODUCT_RULES[product].baseUrl(config) ?? PLATFORM_PRODUCT_RULES[product].mountPath;
}

/** The products published on hosts of their own: their API served at that host's root. */
export function platformProductHosts(config: Config): HostMount[] {
  return PLATFORM_PRODUCTS.flatMap((product) => {
    const baseUrl = PLATFORM_PRODUCT_RULES[product].baseUrl(config);
    return baseUrl ? [{ baseUrl, mountPath: PLATFORM_PRODUCT_RULES[product].mountPath, paths: ['/api/v1/webhook'] }] : [];
  });
}
