import { readFileSync } from 'node:fs';
import { StandIn, type SeenRequest, type StandInHandler } from './stand-in.js';

const fixture = (path: string) => JSON.parse(readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8')) as Record<string, any>;

type Answer = Awaited<ReturnType<StandInHandler>>;

/**
 * What a platform stand-in was sent and what it holds: each listing's values in the order
 * they arrived (the last is what the platform shows), answers a test queues to make the
 * next writes fail (401 with an expired token, 429 with Retry-After, 5xx) or wait, and a
 * hold that keeps requests unanswered until the test lets them go.
 */
export class PlatformState {
  /** Per listing key (Shopify: the inventory item or variant GID; WooCommerce: the product path; Mercado Livre: item or item#variation): every value received, in order. */
  readonly quantities = new Map<string, number[]>();
  readonly prices = new Map<string, string[]>();
  readonly orderMoves: { externalId: string; body: unknown }[] = [];
  private faults: (Answer | { delayMs: number })[] = [];
  /** Each write waits this long before answering (a slow platform). */
  delayMs = 0;
  writes = 0;
  /** Requests being answered now (held ones included), and the most at one moment: what the platform sees in flight. */
  open = 0;
  mostOpen = 0;
  private holding: { released: Promise<void>; release: () => void } | undefined;

  failNext(times: number, answer: Answer): void {
    for (let i = 0; i < times; i++) this.faults.push(answer);
  }

  /** The next writes answer normally, after `ms` (past the client's timeout: no answer in time). */
  slowNext(times: number, ms: number): void {
    for (let i = 0; i < times; i++) this.faults.push({ delayMs: ms });
  }

  /** A queued failure for this write, after the delay; undefined: answer normally. */
  async write(): Promise<Answer | undefined> {
    return this.answering(async () => {
      this.writes++;
      const fault = this.faults.shift();
      const delayMs = fault && 'delayMs' in fault ? fault.delayMs : this.delayMs;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return fault && 'status' in fault ? fault : undefined;
    });
  }

  /** From now on writes (and Mercado Livre's order reads) wait, unanswered, until `release()`: a platform as slow as the test wants. */
  hold(): void {
    if (this.holding) return;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    this.holding = { released, release };
  }

  /** Lets every held request go on, and those after it. */
  release(): void {
    this.holding?.release();
    this.holding = undefined;
  }

  /** A request the test may hold: waits while the stand-in is held, counted open until answered. */
  async answering<T>(answer: () => T | Promise<T>): Promise<T> {
    this.open++;
    this.mostOpen = Math.max(this.mostOpen, this.open);
    try {
      while (this.holding) await this.holding.released;
      return await answer();
    } finally {
      this.open--;
    }
  }

  record(map: Map<string, unknown[]>, key: string, value: unknown): void {
    map.set(key, [...(map.get(key) ?? []), value]);
  }

  last<T>(map: Map<string, T[]>, key: string): T | undefined {
    return map.get(key)?.at(-1);
  }
}

export interface PlatformStandIn {
  server: StandIn;
  state: PlatformState;
}

async function started(routes: [RegExp, StandInHandler][], state: PlatformState): Promise<PlatformStandIn> {
  return { server: await new StandIn(routes).start(), state };
}

const json = (request: SeenRequest) => JSON.parse(request.body || '{}') as Record<string, any>;

/** Shopify's GraphQL Admin API: one endpoint, the operation read from the query. */
export function shopifyStandIn(options: { catalogue?: Record<string, any>[][] } = {}): Promise<PlatformStandIn> {
  const state = new PlatformState();
  const graphql: StandInHandler = async (request) => {
    if (request.headers['x-shopify-access-token'] !== 'shpat_secret_token') return { status: 401, body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' } };
    const { query, variables } = json(request);
    if (/inventorySetQuantities|productVariantsBulkUpdate|fulfillmentCreate/.test(query)) {
      const fault = await state.write();
      if (fault) return fault;
    }
    if (query.includes('inventorySetQuantities')) {
      for (const change of variables.input.quantities) {
        if (!('changeFromQuantity' in change)) return { status: 200, body: { errors: [{ message: 'changeFromQuantity is required' }] } };
        state.record(state.quantities, change.inventoryItemId, change.quantity);
      }
      return { status: 200, body: fixture('shopify/inventory-set-quantities.json') };
    }
    if (query.includes('productVariantsBulkUpdate')) {
      for (const variant of variables.variants) state.record(state.prices, variant.id, variant.price);
      return { status: 200, body: fixture('shopify/product-variants-bulk-update.json') };
    }
    if (query.includes('productVariant(id')) return { status: 200, body: { data: { productVariant: { product: { id: 'gid://shopify/Product/20995642' } } } } };
    if (query.includes('fulfillmentOrders')) return { status: 200, body: fixture('shopify/fulfillment-orders.json') };
    if (query.includes('fulfillmentCreate')) {
      state.orderMoves.push({ externalId: 'fulfillment', body: variables.fulfillment });
      return { status: 200, body: fixture('shopify/fulfillment-create.json') };
    }
    if (query.includes('productVariants(')) {
      const pages = options.catalogue ?? [fixture('shopify/product-variants.json').data.productVariants.nodes];
      const index = variables.after ? Number(variables.after) : 0;
      return { status: 200, body: { data: { productVariants: { nodes: pages[index] ?? [], pageInfo: { hasNextPage: index + 1 < pages.length, endCursor: String(index + 1) } } } } };
    }
    return { status: 200, body: { errors: [{ message: 'unknown operation' }] } };
  };
  return started([[/^POST \/admin\/api\/2026-01\/graphql\.json$/, graphql]], state);
}

/** WooCommerce REST v3 with HTTP Basic (consumer key and secret). */
export function wooCommerceStandIn(): Promise<PlatformStandIn> {
  const state = new PlatformState();
  const authorized = (request: SeenRequest) => request.headers.authorization === `Basic ${Buffer.from('ck_test:cs_test').toString('base64')}`;
  const refused = { status: 401, body: { code: 'woocommerce_rest_cannot_edit', message: 'Sorry, you are not allowed to edit this resource.', data: { status: 401 } } };
  const product: StandInHandler = async (request) => {
    if (!authorized(request)) return refused;
    const fault = await state.write();
    if (fault) return fault;
    const body = json(request);
    const key = request.path.replace('/wp-json/wc/v3/products/', '');
    if (body.stock_quantity !== undefined) state.record(state.quantities, key, body.stock_quantity);
    if (body.regular_price !== undefined) state.record(state.prices, key, body.regular_price);
    return { status: 200, body: { ...fixture(key.includes('/variations/') ? 'woocommerce/variation.json' : 'woocommerce/product.json'), ...body } };
  };
  const order: StandInHandler = async (request) => {
    if (!authorized(request)) return refused;
    const fault = await state.write();
    if (fault) return fault;
    state.orderMoves.push({ externalId: request.path.split('/')[5]!, body: json(request) });
    return { status: request.method === 'POST' ? 201 : 200, body: fixture(request.method === 'POST' ? 'woocommerce/order-note.json' : 'woocommerce/order-updated.json') };
  };
  return started(
    [
      [/^PUT \/wp-json\/wc\/v3\/products\/\d+(\/variations\/\d+)?$/, product],
      [/^(PUT \/wp-json\/wc\/v3\/orders\/\d+|POST \/wp-json\/wc\/v3\/orders\/\d+\/notes)$/, order],
    ],
    state,
  );
}

/** Mercado Livre's items API with the seller's bearer token. */
export function mercadoLivreStandIn(options: { accessToken?: string } = {}): Promise<PlatformStandIn> {
  const state = new PlatformState();
  const token = options.accessToken ?? 'APP_USR-access';
  const refused = { status: 401, body: { message: 'invalid access token', error: 'not_found', status: 401, cause: [] } };
  const item: StandInHandler = async (request) => {
    if (request.headers.authorization !== `Bearer ${token}`) return refused;
    const itemId = request.path.split(/[/?]/)[2]!;
    if (request.method === 'GET') return { status: 200, body: { ...fixture('mercadolivre/item-variations.json'), id: itemId } };
    const fault = await state.write();
    if (fault) return fault;
    const body = json(request);
    if (body.available_quantity !== undefined) state.record(state.quantities, itemId, body.available_quantity);
    if (body.price !== undefined) state.record(state.prices, itemId, body.price);
    for (const variation of body.variations ?? []) {
      if (variation.available_quantity !== undefined) state.record(state.quantities, `${itemId}#${variation.id}`, variation.available_quantity);
      if (variation.price !== undefined) state.record(state.prices, `${itemId}#${variation.id}`, variation.price);
    }
    return { status: 200, body: { ...fixture('mercadolivre/item-updated.json'), id: itemId } };
  };
  // The token refresh: the refresh token the seller's authorization gave works, a revoked one is invalid_grant.
  const oauth: StandInHandler = (request) => {
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== 'refresh_token' || form.get('refresh_token') !== 'TG-refresh') {
      return { status: 400, body: { error_description: 'Error validating grant. Your authorization code or refresh token may be expired or it was already used', error: 'invalid_grant', status: 400, cause: [] } };
    }
    return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: 21600, scope: 'offline_access read write', user_id: 123456789, refresh_token: 'TG-refresh' } };
  };
  return started(
    [
      [/^(GET|PUT) \/items\/MLB\d+(\?.*)?$/, item],
      [/^POST \/oauth\/token$/, oauth],
      // Orders, for notifications: the published sample, sold by the connected seller.
      [/^GET \/orders\/\d+$/, (request) =>
        state.answering(() =>
          request.headers.authorization === `Bearer ${token}`
            ? { status: 200, body: { ...fixture('mercadolivre/order.json'), id: Number(request.path.split('/')[2]) } }
            : refused)],
      [/^GET \/shipments\/\d+$/, () => ({ status: 200, body: fixture('mercadolivre/shipment.json') })],
    ],
    state,
  );
}
