import { APPLICATION_REMOVED } from '../auth/events.js';
import type { Config } from '../config.js';
import type { HostMount } from '../http/host-mounts.js';

/**
 * The three per-product webhook APIs of DESIGN §8: where each is mounted, its public base
 * URL, its event names and its URL rule. Event names are the source's and stay as given.
 */
export const PRODUCTS = ['logistics', 'payments', 'support'] as const;
export type Product = (typeof PRODUCTS)[number];

export const PRODUCT_EVENTS = {
  trackingUpdated: 'rastreio.atualizado',
  carrierChat: 'chatTransportadora',
  cycleCreated: 'ciclo.criado',
  applicationRemoved: APPLICATION_REMOVED,
  caseOpened: 'atendimento.criado',
  caseMessage: 'atendimento.mensagem',
  caseClosed: 'atendimento.encerrado',
} as const;

const E = PRODUCT_EVENTS;

interface ProductRules {
  /** Where the product's routes are mounted on this server. */
  mountPath: string;
  /** The events an app may register for with this product. */
  events: readonly string[];
  /** Customer service accepts only https destinations, whatever the environment. */
  requireHttps: boolean;
  baseUrl: (config: Config) => string | undefined;
  baseUrlVariable: string;
}

export const PRODUCT_RULES: Record<Product, ProductRules> = {
  logistics: {
    mountPath: '/logistica',
    events: [E.trackingUpdated, E.carrierChat],
    requireHttps: false,
    baseUrl: (config) => config.logisticsUrl,
    baseUrlVariable: 'LOGISTICS_URL',
  },
  payments: {
    mountPath: '/pagamentos',
    events: [E.cycleCreated, E.applicationRemoved],
    requireHttps: false,
    baseUrl: (config) => config.paymentsUrl,
    baseUrlVariable: 'PAYMENTS_URL',
  },
  support: {
    mountPath: '/atendimento',
    events: [E.caseOpened, E.caseMessage, E.caseClosed, E.applicationRemoved],
    requireHttps: true,
    baseUrl: (config) => config.supportUrl,
    baseUrlVariable: 'SUPPORT_URL',
  },
};

export function isProductEvent(product: Product, eventType: string): boolean {
  return PRODUCT_RULES[product].events.includes(eventType);
}

/**
 * The product's public base URL: `LOGISTICS_URL` (…) when the product is published on a
 * host of its own, otherwise its mount path on this server (a relative reference).
 */
export function productBaseUrl(product: Product, config: Config): string {
  return PRODUCT_RULES[product].baseUrl(config) ?? PRODUCT_RULES[product].mountPath;
}

/** The products published on hosts of their own: their API served at that host's root. */
export function productHosts(config: Config): HostMount[] {
  return PRODUCTS.flatMap((product) => {
    const baseUrl = PRODUCT_RULES[product].baseUrl(config);
    return baseUrl ? [{ baseUrl, mountPath: PRODUCT_RULES[product].mountPath, paths: ['/api/v1/webhook'] }] : [];
  });
}
