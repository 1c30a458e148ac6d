import { Type } from 'typebox';
import type { ChannelConnector, PlatformContext } from '../connector.js';
import { PlatformError } from '../platform-http.js';
import { list, record, validBodySignature } from '../platform-formats.js';
import { shopifyOrder } from './shopify-order.js';

export interface ShopifyCredentials {
  shopDomain: string;
  accessToken: string;
  webhookSecret: string;
  locationId: string;
}

/** The Admin API version every request names (https://shopify.dev/docs/api/usage/versioning). */
export const SHOPIFY_API_VERSION = '2026-01';

const ORDER_TOPICS = new Set(['orders/create', 'orders/updated', 'orders/paid', 'orders/cancelled']);

/**
 * Shopify: orders arrive as webhooks (the REST Order JSON, signed with the app's or the
 * store's webhook secret); stock, prices and fulfilments leave through the GraphQL Admin
 * API. docs/channels.md, "Shopify", names the pages each part follows.
 */
export const shopifyConnector: ChannelConnector<ShopifyCredentials> = {
  platform: 'shopify',
  title: 'Shopify',
  credentials: Type.Object(
    {
      shopDomain: Type.String({ pattern: '^[a-z0-9][a-z0-9-]*\\.myshopify\\.com$', description: 'The store\'s myshopify.com domain' }),
      accessToken: Type.String({ minLength: 1, maxLength: 500, description: 'Admin API access token (shpat_…)' }),
      webhookSecret: Type.String({ minLength: 1, maxLength: 500, description: 'The secret Shopify signs webhooks with' }),
      locationId: Type.String({ pattern: '^gid://shopify/Location/\\d+$', description: 'The location whose available quantity Ponte sets' }),
    },
    { additionalProperties: false },
  ),
  identifiers: ['shopDomain', 'locationId'],
  defaultApiBaseUrl: (credentials) => `https://${credentials.shopDomain}`,
  linkFormat: {
    listingId: { pattern: /^gid:\/\/shopify\/InventoryItem\/\d{1,20}$/, description: 'a Shopify InventoryItem GID (gid://shopify/InventoryItem/…)' },
    variationId: { pattern: /^gid:\/\/shopify\/ProductVariant\/\d{1,20}$/, description: 'a Shopify ProductVariant GID (gid://shopify/ProductVariant/…)' },
    productId: { pattern: /^gid:\/\/shopify\/Product\/\d{1,20}$/, description: 'a Shopify Product GID (gid://shopify/Product/…)' },
  },

  verifyInbound(request, credentials) {
    if (!validBodySignature(request.body, credentials.webhookSecret, request.headers['x-shopify-hmac-sha256'])) {
      return { kind: 'refused', reason: 'X-Shopify-Hmac-Sha256 does not match the body' };
    }
    const topic = request.headers['x-shopify-topic'] ?? '';
    if (!ORDER_TOPICS.has(topic)) return { kind: 'ignored', reason: `topic ${topic || '(none)'} is not an order topic` };
    const deliveryId = request.headers['x-shopify-webhook-id'];
    if (!deliveryId) return { kind: 'refused', reason: 'X-Shopify-Webhook-Id is missing' };
    return { kind: 'accepted', deliveryId, topic };
  },

  async orderOf(notification) {
    return shopifyOrder(record(JSON.parse(notification.body)));
  },

  async catalogue(context, cursor) {
    const data = await admin(context, CATALOGUE_QUERY, { after: cursor });
    const page = record(data.productVariants);
    const info = record(page.pageInfo);
    return {
      listings: list(page.nodes)
        .map(record)
        .filter((node) => typeof node.sku === 'string' && node.sku !== '')
        .map((node) => ({
          sku: String(node.sku),
          listingId: String(record(node.inventoryItem).id),
          variationId: String(node.id),
          productId: String(record(node.product).id),
        })),
      next: info.hasNextPage ? String(info.endCursor) : null,
    };
  },

  async pushQuantity(link, quantity, context) {
    const data = await admin(context, SET_QUANTITY, {
      input: {
        name: 'available',
        reason: 'correction',
        quantities: [{ inventoryItemId: link.listingId, locationId: context.credentials.locationId, quantity, changeFromQuantity: null }],
      },
    });
    userErrors(record(data.inventorySetQuantities));
  },

  async pushPrice(link, price, context) {
    if (!link.variationId) throw new PlatformError('status', 'a Shopify price needs the link\'s variationId (the ProductVariant GID)');
    // productVariantsBulkUpdate names the product; a link made by hand may not know it.
    const productId = link.productId ?? String(record(record(record(await admin(context, VARIANT_PRODUCT, { id: link.variationId })).productVariant).product).id ?? '');
    if (!productId) throw new PlatformError('status', `Shopify has no variant ${link.variationId}`, 404);
    const data = await admin(context, SET_PRICE, { productId, variants: [{ id: link.variationId, price }] });
    userErrors(record(data.productVariantsBulkUpdate));
  },

  async pushOrderMove(move, context) {
    // Shopify has no invoice: only shipping reaches it, as a fulfilment with tracking.
    if (move.status !== 'enviado' || !move.shipment) return;
    const data = await admin(context, FULFILLMENT_ORDERS, { id: `gid://shopify/Order/${move.externalId}` });
    const open = list(record(record(data.order).fulfillmentOrders).nodes)
      .map(record)
      .filter((node) => node.status === 'OPEN' || node.status === 'IN_PROGRESS');
    if (open.length === 0) return;
    const result = await admin(context, CREATE_FULFILLMENT, {
      fulfillment: {
        lineItemsByFulfillmentOrder: open.map((node) => ({ fulfillmentOrderId: node.id })),
        trackingInfo: { company: move.shipment.carrier, number: move.shipment.trackingCode, ...(move.shipment.trackingUrl ? { url: move.shipment.trackingUrl } : {}) },
        notifyCustomer: true,
      },
    });
    userErrors(record(result.fulfillmentCreate));
  },
};

/** One GraphQL Admin API call; GraphQL errors (THROTTLED included) are the platform's failure to answer. */
async function admin(context: PlatformContext<ShopifyCredentials>, query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
  const answer = record(
    (
      await context.http.request({
        method: 'POST',
        path: `/admin/api/${SHOPIFY_API_VERSION}/graphql.json`,
        headers: { 'x-shopify-access-token': context.credentials.accessToken },
        json: { query, variables },
      })
    ).json,
  );
  const errors = list(answer.errors);
  if (errors.length > 0) {
    const throttled = errors.some((error) => record(record(error).extensions).code === 'THROTTLED');
    throw new PlatformError('status', `Shopify: ${String(record(errors[0]).message ?? 'GraphQL error')}`, throttled ? 429 : 400);
  }
  return record(answer.data);
}

function userErrors(payload: Record<string, unknown>): void {
  const errors = list(payload.userErrors);
  if (errors.length > 0) throw new PlatformError('status', `Shopify refused: ${String(record(errors[0]).message ?? 'user error')}`, 422);
}

const CATALOGUE_QUERY = `query PonteCatalogue($after: String) {
  productVariants(first: 250, after: $after) {
    nodes { id sku product { id } inventoryItem { id } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const SET_QUANTITY = `mutation PonteSetQuantity($input: InventorySetQuantitiesInput!) {
  inventorySetQuantities(input: $input) { userErrors { field message code } }
}`;

const VARIANT_PRODUCT = `query PonteVariantProduct($id: ID!) {
  productVariant(id: $id) { product { id } }
}`;

const SET_PRICE = `mutation PonteSetPrice($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
  productVariantsBulkUpdate(productId: $productId, variants: $variants) { userErrors { field message } }
}`;

const FULFILLMENT_ORDERS = `query PonteFulfillmentOrders($id: ID!) {
  order(id: $id) { fulfillmentOrders(first: 20) { nodes { id status } } }
}`;

const CREATE_FULFILLMENT = `mutation PonteFulfil($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) { userErrors { field message } }
}`;
