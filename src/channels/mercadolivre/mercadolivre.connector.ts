import { Type } from 'typebox';
import { AppError } from '../../errors.js';
import type { ChannelConnector, PlatformContext } from '../connector.js';
import { PlatformError, type PlatformRequest } from '../platform-http.js';
import { list, record } from '../platform-formats.js';
import { mercadoLivreOrder } from './mercadolivre-order.js';

export interface MercadoLivreCredentials {
  userId: string;
  clientId: string;
  clientSecret: string;
  accessToken: string;
  refreshToken: string;
  /** When the access token runs out (ISO), once Ponte has refreshed it; absent: unknown. */
  accessTokenExpiresAt?: string;
}

const RESOURCE = /^\/orders\/(\d{1,20})$/;
/** Items a scan page asks for (its largest) and items one multiget reads (its largest). */
const SEARCH_LIMIT = 100;
const MULTIGET_LIMIT = 20;
/** Refresh this long before the token's stated end, so a request never starts with a token about to lapse. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * Mercado Livre: `orders_v2` notifications (unsigned) name an order, which is read from
 * the API with the seller's OAuth token, refreshed with its refresh token when it expires;
 * stock and prices leave through the items API. docs/channels.md, "Mercado Livre".
 */
export const mercadoLivreConnector: ChannelConnector<MercadoLivreCredentials> = {
  platform: 'mercadolivre',
  title: 'Mercado Livre',
  credentials: Type.Object(
    {
      userId: Type.String({ pattern: '^\\d{1,20}$', description: 'The seller\'s Mercado Livre user id' }),
      clientId: Type.String({ minLength: 1, maxLength: 100, description: 'The application\'s client id (APP_ID)' }),
      clientSecret: Type.String({ minLength: 1, maxLength: 500, description: 'The application\'s client secret' }),
      accessToken: Type.String({ minLength: 1, maxLength: 500, description: 'The seller\'s access token (APP_USR-…)' }),
      refreshToken: Type.String({ minLength: 1, maxLength: 500, description: 'The refresh token that came with it (TG-…)' }),
    },
    { additionalProperties: false },
  ),
  identifiers: ['userId', 'clientId'],
  defaultApiBaseUrl: () => 'https://api.mercadolibre.com',
  linkFormat: {
    listingId: { pattern: /^[A-Z]{3}\d{1,20}$/, description: 'a Mercado Livre item id (MLB…)' },
    variationId: { pattern: /^\d{1,20}$/, description: 'a Mercado Livre variation id (digits)' },
    productId: { pattern: /^[A-Za-z0-9_-]{1,100}$/, description: 'a Mercado Livre user product id' },
  },

  verifyInbound(request, credentials) {
    let body: Record<string, unknown>;
    try {
      body = record(JSON.parse(request.body.toString('utf8')));
    } catch {
      return { kind: 'refused', reason: 'the notification is not JSON' };
    }
    if (body.topic !== 'orders_v2') return { kind: 'ignored', reason: `topic ${String(body.topic ?? '(none)')} is not orders_v2` };
    // Notifications are not signed: one naming another seller, or not an order, is not ours.
    if (String(body.user_id) !== credentials.userId) return { kind: 'refused', reason: 'user_id is not the connected seller' };
    const resource = typeof body.resource === 'string' ? body.resource : '';
    if (!RESOURCE.test(resource)) return { kind: 'refused', reason: 'resource is not /orders/{id}' };
    // One order changes many times: each notification is its own delivery (its _id, or when it was sent).
    const deliveryId = typeof body._id === 'string' && body._id ? body._id : `${resource}@${String(body.sent ?? body.received ?? '')}`;
    return { kind: 'accepted', deliveryId, topic: 'orders_v2' };
  },

  async orderOf(notification, context) {
    const orderId = RESOURCE.exec(String(record(JSON.parse(notification.body)).resource))![1]!;
    const order = record((await api(context, { method: 'GET', path: `/orders/${orderId}` })).json);
    // The order is read with this seller's token; it must still be this seller's sale.
    if (String(record(order.seller).id) !== context.credentials.userId) {
      throw new AppError('FORBIDDEN', `order ${orderId} is not a sale of the connected seller`);
    }
    const shippingId = record(order.shipping).id;
    const shipment = shippingId ? record((await api(context, { method: 'GET', path: `/shipments/${String(shippingId)}` })).json) : {};
    return mercadoLivreOrder(order, shipment);
  },

  async catalogue(context, cursor) {
    // Scan mode pages past the 1,000 items offsets reach: each answer names the scroll to
    // ask for next, until a page comes back empty.
    const query: Record<string, string> = { search_type: 'scan', limit: String(SEARCH_LIMIT), ...(cursor ? { scroll_id: cursor } : {}) };
    const search = record((await api(context, { method: 'GET', path: `/users/${context.credentials.userId}/items/search`, query })).json);
    const ids = list(search.results).map(String);
    const listings = [];
    for (let start = 0; start < ids.length; start += MULTIGET_LIMIT) {
      // Multiget answers [{code, body}]; variations carry their attributes only with include_attributes=all.
      const batch = list(
        (await api(context, { method: 'GET', path: '/items', query: { ids: ids.slice(start, start + MULTIGET_LIMIT).join(','), attributes: 'id,attributes,seller_custom_field,variations', include_attributes: 'all' } })).json,
      );
      for (const entry of batch.map(record).filter((answer) => answer.code === 200).map((answer) => record(answer.body))) {
        const variations = list(entry.variations).map(record);
        const sku = skuOf(entry);
        if (variations.length === 0 && sku) listings.push({ sku, listingId: String(entry.id), variationId: null, productId: null });
        for (const variation of variations) {
          const variationSku = skuOf(variation);
          if (variationSku) listings.push({ sku: variationSku, listingId: String(entry.id), variationId: String(variation.id), productId: null });
        }
      }
    }
    const scroll = typeof search.scroll_id === 'string' && search.scroll_id !== '' ? search.scroll_id : null;
    return { listings, next: ids.length > 0 ? scroll : null };
  },

  async pushQuantity(link, quantity, context) {
    const path = `/items/${encodeURIComponent(link.listingId)}`;
    if (!link.variationId) return void (await api(context, { method: 'PUT', path, json: { available_quantity: quantity } }));
    const ids = await variationIds(context, link);
    await api(context, { method: 'PUT', path, json: { variations: ids.map((id) => (id === Number(link.variationId) ? { id, available_quantity: quantity } : { id })) } });
  },

  async pushPrice(link, price, context) {
    const path = `/items/${encodeURIComponent(link.listingId)}`;
    if (!link.variationId) return void (await api(context, { method: 'PUT', path, json: { price: Number(price) } }));
    // An item's variations share one price (the listing shows and charges the highest): all of them get it.
    const ids = await variationIds(context, link);
    await api(context, { method: 'PUT', path, json: { variations: ids.map((id) => ({ id, price: Number(price) })) } });
  },
};

/**
 * The ids of every variation of the link's item. A PUT of `variations` replaces the
 * item's list: each variation is named (by id alone, which keeps it as it is), or the
 * ones left out are deleted.
 */
async function variationIds(context: PlatformContext<MercadoLivreCredentials>, link: { listingId: string; variationId: string | null }): Promise<number[]> {
  const item = record((await api(context, { method: 'GET', path: `/items/${encodeURIComponent(link.listingId)}`, query: { attributes: 'id,variations' } })).json);
  const ids = list(item.variations).map((variation) => Number(record(variation).id));
  if (!ids.includes(Number(link.variationId))) throw new PlatformError('status', `item ${link.listingId} has no variation ${link.variationId}`, 404);
  return ids;
}

/** The SKU the seller gave an item or a variation: its SELLER_SKU attribute, else seller_custom_field. */
function skuOf(entry: Record<string, unknown>): string | null {
  const attribute = list(entry.attributes).map(record).find((candidate) => candidate.id === 'SELLER_SKU');
  const value = attribute?.value_name ?? entry.seller_custom_field;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * A request with the seller's token: renewed first when it is known to have run out,
 * and once more when the platform answers 401 (a token revoked or expired early). A
 * refresh the platform refuses leaves the 401 to the caller (the connection becomes
 * `unauthorized`).
 */
async function api(context: PlatformContext<MercadoLivreCredentials>, request: PlatformRequest) {
  const expires = context.credentials.accessTokenExpiresAt;
  if (expires && Date.parse(expires) - EXPIRY_MARGIN_MS <= Date.now()) await renew(context, context.credentials);
  const used = context.credentials;
  const send = () => context.http.request({ ...request, headers: { authorization: `Bearer ${context.credentials.accessToken}`, ...request.headers } });
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof PlatformError && error.status === 401)) throw error;
    await renew(context, used);
    return send();
  }
}

/**
 * Replaces `stale`, the credentials found expired or refused. Renewals of a connection
 * take turns (context.renewCredentials): a worker whose turn comes after another's
 * renewal, or after the seller replaced the credentials, finds newer ones stored and
 * uses them; only a worker that still finds `stale` spends the single-use refresh token.
 */
async function renew(context: PlatformContext<MercadoLivreCredentials>, stale: MercadoLivreCredentials): Promise<void> {
  await context.renewCredentials((stored) =>
    stored.accessToken === stale.accessToken && stored.refreshToken === stale.refreshToken ? refreshed(context, stored) : Promise.resolve(stored),
  );
}

/** POST /oauth/token with the refresh token: new access and refresh tokens (the answer is never recorded). */
async function refreshed(context: PlatformContext<MercadoLivreCredentials>, stored: MercadoLivreCredentials): Promise<MercadoLivreCredentials> {
  const { clientId, clientSecret, refreshToken } = stored;
  const answer = record(
    (
      await context.http
        .request({
          method: 'POST',
          path: '/oauth/token',
          form: { grant_type: 'refresh_token', client_id: clientId, client_secret: clientSecret, refresh_token: refreshToken },
          secretAnswer: true,
        })
        .catch((error: unknown) => {
          // invalid_grant (400): the refresh token was revoked, used or expired. Only a new
          // authorization helps, so it is a refusal of the credentials, as a 401 is.
          if (error instanceof PlatformError && error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429) {
            throw new PlatformError('status', `Mercado Livre refused the refresh token (HTTP ${error.status}): the seller must authorize the application again`, 401);
          }
          throw error;
        })
    ).json,
  );
  if (typeof answer.access_token !== 'string' || typeof answer.refresh_token !== 'string') {
    throw new PlatformError('malformed', 'the token refresh answered without access_token and refresh_token');
  }
  return {
    ...stored,
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    accessTokenExpiresAt: new Date(Date.now() + (Number(answer.expires_in) || 21_600) * 1000).toISOString(),
  };
}
