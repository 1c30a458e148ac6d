import { Type } from 'typebox';
import type { ChannelConnector, OrderMove, PlatformContext } from '../connector.js';
import type { PlatformAnswer, PlatformRequest } from '../platform-http.js';
import { list, record, validBodySignature } from '../platform-formats.js';
import { wooCommerceOrder } from './woocommerce-order.js';

export interface WooCommerceCredentials {
  siteUrl: string;
  consumerKey: string;
  consumerSecret: string;
  webhookSecret: string;
}

const ORDER_TOPICS = new Set(['order.created', 'order.updated']);
/** What a Ponte move becomes in WooCommerce's order statuses. */
const STATUS_OF_MOVE = { faturado: 'processing', enviado: 'completed' } as const;
const PING = /^webhook_id=\d+$/;
/** Items a list page asks for: the API's largest. */
const PER_PAGE = 100;
/** A variable product's variations read at most (100 a page): a store answering pages without end is not followed forever. */
const MAX_VARIATION_PAGES = 50;

/**
 * WooCommerce: orders arrive as webhooks (the REST v3 order JSON, signed with the
 * webhook's secret); stock, prices and order statuses leave through REST v3 with the
 * store's consumer key and secret (HTTP Basic over HTTPS). docs/channels.md, "WooCommerce".
 */
export const wooCommerceConnector: ChannelConnector<WooCommerceCredentials> = {
  platform: 'woocommerce',
  title: 'WooCommerce',
  credentials: Type.Object(
    {
      siteUrl: Type.String({ pattern: '^https?://[^/?#@\\s]+$', description: 'The store\'s address, scheme://host[:port]' }),
      consumerKey: Type.String({ minLength: 1, maxLength: 500, description: 'REST API consumer key (ck_…)' }),
      consumerSecret: Type.String({ minLength: 1, maxLength: 500, description: 'REST API consumer secret (cs_…)' }),
      webhookSecret: Type.String({ minLength: 1, maxLength: 500, description: 'The secret of the store\'s webhooks' }),
    },
    { additionalProperties: false },
  ),
  identifiers: ['siteUrl'],
  defaultApiBaseUrl: (credentials) => credentials.siteUrl,
  linkFormat: {
    listingId: { pattern: /^\d{1,20}$/, description: 'a WooCommerce product id (digits)' },
    variationId: { pattern: /^\d{1,20}$/, description: 'a WooCommerce variation id (digits)' },
    productId: { pattern: /^\d{1,20}$/, description: 'a WooCommerce product id (digits)' },
  },

  verifyInbound(request, credentials) {
    const signature = request.headers['x-wc-webhook-signature'];
    // WooCommerce checks a new webhook's URL with an unsigned ping, which must answer 200.
    if (!signature && PING.test(request.body.toString('utf8').trim())) return { kind: 'ignored', reason: 'webhook ping' };
    if (!validBodySignature(request.body, credentials.webhookSecret, signature)) {
      return { kind: 'refused', reason: 'X-WC-Webhook-Signature does not match the body' };
    }
    const topic = request.headers['x-wc-webhook-topic'] ?? '';
    if (!ORDER_TOPICS.has(topic)) return { kind: 'ignored', reason: `topic ${topic || '(none)'} is not an order topic` };
    const deliveryId = request.headers['x-wc-webhook-delivery-id'];
    if (!deliveryId) return { kind: 'refused', reason: 'X-WC-Webhook-Delivery-ID is missing' };
    return { kind: 'accepted', deliveryId, topic };
  },

  async orderOf(notification) {
    return wooCommerceOrder(record(JSON.parse(notification.body)));
  },

  async catalogue(context, cursor) {
    const page = Number(cursor ?? '1');
    const answer = await rest(context, { method: 'GET', path: '/wp-json/wc/v3/products', query: { per_page: String(PER_PAGE), page: String(page) } });
    const products = list(answer.json).map(record);
    const listings = [];
    for (const product of products) {
      if (product.type === 'variable') {
        for (const variation of await variationsOf(context, String(product.id))) {
          if (variation.sku) listings.push({ sku: String(variation.sku), listingId: String(product.id), variationId: String(variation.id), productId: String(product.id) });
        }
      } else if (product.sku) {
        listings.push({ sku: String(product.sku), listingId: String(product.id), variationId: null, productId: String(product.id) });
      }
    }
    return { listings, next: morePages(answer, page, products.length) ? String(page + 1) : null };
  },

  async pushQuantity(link, quantity, context) {
    await rest(context, { method: 'PUT', path: productPath(link), json: { manage_stock: true, stock_quantity: quantity } });
  },

  async pushPrice(link, price, context) {
    await rest(context, { method: 'PUT', path: productPath(link), json: { regular_price: price } });
  },

  async pushOrderMove(move, context) {
    const note = orderNote(move);
    const order = `/wp-json/wc/v3/orders/${encodeURIComponent(move.externalId)}`;
    await rest(context, { method: 'PUT', path: order, json: { status: STATUS_OF_MOVE[move.status] } });
    if (note) await rest(context, { method: 'POST', path: `${order}/notes`, json: { note, customer_note: true } });
  },
};

/**
 * The customer note a move adds: the invoice (NF-e) when the platform has not had it yet
 * (a `faturado`, or an `enviado` that came without one before it), the carrier and
 * tracking code on `enviado`; one note, so a retry never repeats half of it.
 */
function orderNote(move: OrderMove): string | undefined {
  const parts: string[] = [];
  if (move.invoice && move.previous === null) parts.push(`NF-e ${move.invoice.number}/${move.invoice.series} (${move.invoice.accessKey})`);
  if (move.status === 'enviado' && move.shipment) parts.push(`Shipped by ${move.shipment.carrier}, tracking ${move.shipment.trackingCode}`);
  return parts.length > 0 ? parts.join('. ') : undefined;
}

/** Every variation of a variable product, 100 a page (the API's largest), up to MAX_VARIATION_PAGES pages. */
async function variationsOf(context: PlatformContext<WooCommerceCredentials>, productId: string): Promise<Record<string, unknown>[]> {
  const variations: Record<string, unknown>[] = [];
  for (let page = 1; page <= MAX_VARIATION_PAGES; page++) {
    const path = `/wp-json/wc/v3/products/${encodeURIComponent(productId)}/variations`;
    const answer = await rest(context, { method: 'GET', path, query: { per_page: String(PER_PAGE), page: String(page) } });
    const batch = list(answer.json).map(record);
    variations.push(...batch);
    if (!morePages(answer, page, batch.length)) break;
  }
  return variations;
}

/**
 * Whether a list has a page after `page`: X-WP-TotalPages says (#pagination), and
 * without it a full page may have one.
 */
function morePages(answer: PlatformAnswer, page: number, count: number): boolean {
  const header = answer.headers['x-wp-totalpages'];
  return header !== undefined && /^\d+$/.test(header) ? page < Number(header) : count === PER_PAGE;
}

function productPath(link: { listingId: string; variationId: string | null }): string {
  const product = encodeURIComponent(link.listingId);
  return link.variationId ? `/wp-json/wc/v3/products/${product}/variations/${encodeURIComponent(link.variationId)}` : `/wp-json/wc/v3/products/${product}`;
}

function rest(context: PlatformContext<WooCommerceCredentials>, request: PlatformRequest) {
  const basic = Buffer.from(`${context.credentials.consumerKey}:${context.credentials.consumerSecret}`).toString('base64');
  return context.http.request({ ...request, headers: { authorization: `Basic ${basic}`, ...request.headers } });
}
