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

/** A product of a WooCommerce stand-in's catalogue; a variable one lists its variations. */
export interface WooProduct {
  id: number;
  sku: string;
  type?: 'simple' | 'variable';
  variations?: { id: number; sku: string }[];
}

/**
 * A page of a list as WooCommerce REST v3 pages it (#pagination): `page` from 1 and
 * `per_page` up to 100 (10 when absent), the totals in X-WP-Total and X-WP-TotalPages.
 */
function wooPage<T>(all: readonly T[], request: SeenRequest, body: (entry: T) => unknown): Answer {
  const query = new URL(request.path, 'http://stand-in').searchParams;
  const perPage = Number(query.get('per_page') ?? '10');
  const page = Number(query.get('page') ?? '1');
  if (!(perPage >= 1 && perPage <= 100) || !(page >= 1)) {
    return { status: 400, body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): per_page', data: { status: 400 } } };
  }
  return {
    status: 200,
    headers: { 'x-wp-total': String(all.length), 'x-wp-totalpages': String(Math.ceil(all.length / perPage)) },
    body: all.slice((page - 1) * perPage, page * perPage).map(body),
  };
}

/** WooCommerce REST v3 with HTTP Basic (consumer key and secret); `catalogue`: the products GET /products lists. */
export function wooCommerceStandIn(options: { catalogue?: WooProduct[] } = {}): Promise<PlatformStandIn> {
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
  const catalogue = options.catalogue ?? [];
  const products: StandInHandler = (request) =>
    authorized(request)
      ? wooPage(catalogue, request, (entry) => ({ ...fixture('woocommerce/product.json'), id: entry.id, sku: entry.sku, type: entry.type ?? 'simple', variations: (entry.variations ?? []).map((variation) => variation.id) }))
      : refused;
  const variations: StandInHandler = (request) => {
    if (!authorized(request)) return refused;
    const parent = catalogue.find((entry) => entry.id === Number(request.path.split('/')[5]));
    if (!parent) return { status: 404, body: { code: 'woocommerce_rest_product_invalid_id', message: 'Invalid ID.', data: { status: 404 } } };
    return wooPage(parent.variations ?? [], request, (variation) => ({ ...fixture('woocommerce/variation.json'), id: variation.id, sku: variation.sku }));
  };
  return started(
    [
      [/^GET \/wp-json\/wc\/v3\/products(\?.*)?$/, products],
      [/^GET \/wp-json\/wc\/v3\/products\/\d+\/variations(\?.*)?$/, variations],
      [/^PUT \/wp-json\/wc\/v3\/products\/\d+(\/variations\/\d+)?$/, product],
      [/^(PUT \/wp-json\/wc\/v3\/orders\/\d+|POST \/wp-json\/wc\/v3\/orders\/\d+\/notes)$/, order],
    ],
    state,
  );
}

const INVALID_GRANT = {
  status: 400,
  body: { error_description: 'Error validating grant. Your authorization code or refresh token may be expired or it was already used', error: 'invalid_grant', status: 400, cause: [] },
};

/**
 * Mercado Livre's OAuth tokens as "Autenticação e autorização" describes them: the access
 * token opens the API, and a refresh (`grant_type=refresh_token`) answers a new access
 * token and a new refresh token. Rotating, each refresh token is good for one use and
 * only the latest access token opens the API; otherwise the seller's refresh token
 * (`TG-refresh`) always answers the same access token.
 */
export class MercadoLivreTokens {
  /** Refreshes answered with new tokens, and refused as invalid_grant. */
  refreshes = 0;
  refused = 0;
  /** Awaited as a refresh arrives, before its refresh token is judged. */
  beforeCheck: (() => Promise<void>) | undefined;
  /** Awaited once a refresh is judged (and, rotating, new tokens issued), before it is answered. */
  beforeAnswer: (() => Promise<void>) | undefined;

  constructor(
    public accessToken: string,
    public refreshToken: string,
    private readonly rotating: boolean,
  ) {}

  opens(request: SeenRequest): boolean {
    return request.headers.authorization === `Bearer ${this.accessToken}`;
  }

  /** The seller authorizes the application again: these tokens are the ones that work now. */
  grant(accessToken: string, refreshToken: string): void {
    [this.accessToken, this.refreshToken] = [accessToken, refreshToken];
  }

  async refresh(request: SeenRequest): Promise<Answer> {
    const form = new URLSearchParams(request.body);
    await this.beforeCheck?.();
    if (form.get('grant_type') !== 'refresh_token' || form.get('refresh_token') !== this.refreshToken) {
      this.refused++;
      return INVALID_GRANT;
    }
    this.refreshes++;
    if (this.rotating) this.grant(`APP_USR-rotated-${this.refreshes}`, `TG-rotated-${this.refreshes}`);
    const body = { access_token: this.accessToken, token_type: 'Bearer', expires_in: 21600, scope: 'offline_access read write', user_id: 123456789, refresh_token: this.refreshToken };
    await this.beforeAnswer?.();
    return { status: 200, body };
  }
}

/** An item of a Mercado Livre stand-in's catalogue: its SELLER_SKU, or its variations' (null: none given). */
export interface MercadoLivreItem {
  id: string;
  sku: string | null;
  variations?: { id: number; sku: string | null }[];
}

const sellerSku = (sku: string | null) => (sku ? [{ id: 'SELLER_SKU', name: 'SKU', value_id: null, value_name: sku }] : []);
const itemBody = (item: MercadoLivreItem) => ({
  id: item.id,
  seller_custom_field: null,
  attributes: sellerSku(item.sku),
  variations: (item.variations ?? []).map((variation) => ({ id: variation.id, attributes: sellerSku(variation.sku) })),
});

/**
 * `GET /users/{id}/items/search` as "Itens e buscas" documents it: by offset, never past
 * the first 1,000 results; with `search_type=scan`, a scroll: the first answer names a
 * `scroll_id`, asking with it gives the next page, and an empty page ends it. `limit` up
 * to 100 (50 when absent).
 */
function itemSearch(catalogue: readonly MercadoLivreItem[]): StandInHandler {
  const scrolls = new Map<string, number>();
  return (request) => {
    const query = new URL(request.path, 'http://stand-in').searchParams;
    const limit = Number(query.get('limit') ?? '50');
    if (!(limit >= 1 && limit <= 100)) return { status: 400, body: { message: 'Invalid limit', error: 'bad_request', status: 400, cause: [] } };
    const paging = { total: catalogue.length, limit };
    if (query.get('search_type') !== 'scan') {
      const offset = Number(query.get('offset') ?? '0');
      if (offset + limit > 1000) return { status: 400, body: { message: 'Invalid offset: use search_type=scan past 1000 results', error: 'bad_request', status: 400, cause: [] } };
      return { status: 200, body: { ...fixture('mercadolivre/items-search.json'), results: catalogue.slice(offset, offset + limit).map((item) => item.id), paging: { ...paging, offset } } };
    }
    const asked = query.get('scroll_id');
    if (asked !== null && !scrolls.has(asked)) return { status: 400, body: { message: 'Invalid scroll_id', error: 'bad_request', status: 400, cause: [] } };
    const scrollId = asked ?? `c2Nyb2xs-${scrolls.size + 1}`;
    const from = scrolls.get(scrollId) ?? 0;
    scrolls.set(scrollId, from + limit);
    return { status: 200, body: { seller_id: '123456789', results: catalogue.slice(from, from + limit).map((item) => item.id), paging, scroll_id: scrollId } };
  };
}

/** `GET /items?ids=…` (at most 20): `[{code, body}]` in the order asked, 404 for an item not there. */
function itemMultiget(catalogue: readonly MercadoLivreItem[]): StandInHandler {
  return (request) => {
    const ids = (new URL(request.path, 'http://stand-in').searchParams.get('ids') ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 20) return { status: 400, body: { message: 'ids: between 1 and 20 items', error: 'bad_request', status: 400, cause: [] } };
    return {
      status: 200,
      body: ids.map((id) => {
        const item = catalogue.find((entry) => entry.id === id);
        return item ? { code: 200, body: itemBody(item) } : { code: 404, body: { message: `Item with id ${id} not found`, error: 'not_found', status: 404, cause: [] } };
      }),
    };
  };
}

export interface MercadoLivreStandIn extends PlatformStandIn {
  tokens: MercadoLivreTokens;
}

/**
 * Mercado Livre's API with the seller's bearer token: items (with `catalogue`, the
 * seller's item search and multiget), orders and shipments for notifications, and the
 * token refresh (`rotating`: MercadoLivreTokens).
 */
export async function mercadoLivreStandIn(options: { accessToken?: string; rotating?: boolean; catalogue?: MercadoLivreItem[] } = {}): Promise<MercadoLivreStandIn> {
  const state = new PlatformState();
  const tokens = new MercadoLivreTokens(options.accessToken ?? 'APP_USR-access', 'TG-refresh', options.rotating ?? false);
  const refused = { status: 401, body: { message: 'invalid access token', error: 'not_found', status: 401, cause: [] } };
  const opened = (handler: StandInHandler): StandInHandler => (request) => (tokens.opens(request) ? handler(request) : refused);
  const item: StandInHandler = async (request) => {
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
  const catalogue = options.catalogue ?? [];
  const server = await new StandIn([
    [/^(GET|PUT) \/items\/MLB\d+(\?.*)?$/, opened(item)],
    [/^GET \/items\?/, opened(itemMultiget(catalogue))],
    [/^GET \/users\/\d+\/items\/search(\?.*)?$/, opened(itemSearch(catalogue))],
    [/^POST \/oauth\/token$/, (request) => tokens.refresh(request)],
    // Orders, for notifications: the published sample, sold by the connected seller.
    [/^GET \/orders\/\d+$/, (request) => state.answering(() => opened((read) => ({ status: 200, body: { ...fixture('mercadolivre/order.json'), id: Number(read.path.split('/')[2]) } }))(request))],
    [/^GET \/shipments\/\d+$/, () => ({ status: 200, body: fixture('mercadolivre/shipment.json') })],
  ]).start();
  return { server, state, tokens };
}
