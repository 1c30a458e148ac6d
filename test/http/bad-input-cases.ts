import { randomBytes, randomUUID } from 'node:crypto';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { orderBody } from '../orders/fixtures.js';
import { LISTING_LINK, PLATFORM_PRODUCTS, SHOPIFY_CONNECTION, SIMULATED_SKU, type World } from '../support/bad-input-world.js';
import { bodyMutations, type JsonSchema } from './body-mutations.js';

/** One operation of the served OpenAPI document. */
export interface Route {
  method: string;
  /** The OpenAPI template, `/pedidos/{id}`. */
  path: string;
  /**
   * `application` for the per-product routes (a `ponte_app_…` credential), `none` for a route
   * that takes no credential (the platforms' inbound URL, authenticated by its key and the
   * platform's signature), else `seller`.
   */
  credential: 'seller' | 'application' | 'none';
  body?: JsonSchema;
  query: { name: string; schema: JsonSchema }[];
  /** Path parameters by name, with their schemas. */
  params: Record<string, JsonSchema>;
  /** A collection: its 200 answers `{data, nextCursor}`. */
  list: boolean;
  /** The 2xx statuses it documents. */
  success: number[];
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Record<string, unknown>[];
}

export function routesOf(document: { paths: Record<string, Record<string, OpenApiOperation>>; components?: { schemas?: Record<string, JsonSchema> } }): Route[] {
  const paths = inlineRefs(document.paths, document.components?.schemas ?? {});
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      credential: credentialOf(operation),
      body: operation.requestBody?.content['application/json']?.schema,
      query: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map(({ name, schema }) => ({ name, schema })),
      params: Object.fromEntries((operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map(({ name, schema }) => [name, schema])),
      list: Boolean(operation.responses?.['200']?.content?.['application/json']?.schema?.properties?.data),
      success: Object.keys(operation.responses ?? {}).filter((status) => status.startsWith('2')).map(Number),
    })),
  );
}

function credentialOf(operation: OpenApiOperation): Route['credential'] {
  if (operation.security?.length === 0) return 'none';
  return operation.security?.some((requirement) => 'applicationCredential' in requirement) ? 'application' : 'seller';
}

/** The document's `$ref`s to its components replaced by the components themselves: the cases read schemas whole. */
function inlineRefs<T>(node: T, schemas: Record<string, JsonSchema>): T {
  if (Array.isArray(node)) return node.map((entry) => inlineRefs(entry, schemas)) as T;
  if (typeof node !== 'object' || node === null) return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') return inlineRefs(schemas[ref.replace('#/components/schemas/', '')] as T, schemas);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlineRefs(value, schemas)])) as T;
}

export const routeName = (route: Route) => `${route.method} ${route.path}`;

/** A request that succeeds; a case changes one thing about it. */
export interface ValidRequest {
  body?: unknown;
  headers?: Record<string, string>;
  /** Path parameters other than the world's defaults (e.g. an order only this request moves). */
  params?: (world: World) => Promise<Record<string, string>>;
}

let products = 0;

/**
 * A valid body for every route that takes one. A new write route fails the corpus's
 * coverage test until it is given one here, and then gets every generated case.
 */
export const VALID_REQUESTS: Record<string, (world: World) => ValidRequest> = {
  // SKUs of its own: a case that moves a variation to another product leaves the next case's alone.
  'PUT /produtos': () => ({
    body: {
      products: [
        {
          sku: `CORPUS-${(products += 1)}`,
          title: 'Camiseta',
          brand: 'Marca',
          gtin: '4006381333931',
          ncm: '61091000',
          attributes: [{ name: 'material', value: 'algodão' }],
          images: [{ url: 'https://example.com/camiseta.jpg', position: 0 }],
          datasheet: [{ name: 'lavagem', value: 'à mão' }],
          weightGrams: 300,
          dimensionsCm: { height: 10, width: 20, length: 30 },
          publicationStatus: 'draft',
          channels: ['loja-propria'],
          variations: [{ sku: `CORPUS-${products}-P`, attributes: [{ name: 'tamanho', value: 'P' }], images: [{ url: 'https://example.com/p.jpg', position: 0 }] }],
        },
      ],
    },
  }),
  'PATCH /produtos/{sku}/preco': () => ({ body: { prices: [{ channel: null, sale: '50.00', promo: '45.00', promoStart: '2026-01-01T00:00:00Z', promoEnd: '2027-01-01T00:00:00Z' }] } }),
  'PATCH /estoque/{sku}': () => ({ body: { onHand: 10_000 } }),
  'PUT /canais/{code}/conexao': () => ({ body: SHOPIFY_CONNECTION }),
  'PUT /canais/{code}/anuncios': () => ({ body: { links: [LISTING_LINK] } }),
  'POST /canais/{code}/anuncios/vincular': () => ({ body: {} }),
  'PUT /canais/{code}': () => ({ body: { name: 'Loja própria', active: true, sharePercent: 100, safetyStock: 0, maxQuantity: null } }),
  // Each its own Idempotency-Key (and external id): no case is answered as a resend of another.
  'POST /pedidos': () => ({
    body: orderBody({ payments: [{ method: 'pix', status: 'pending', amount: '120.00', installments: 1, transactionId: `tx-${randomBytes(4).toString('hex')}` }] }),
    headers: { 'idempotency-key': `corpus-${randomUUID()}` },
  }),
  'PATCH /pedidos/{id}/status': () => ({ body: { status: 'cancelado', reason: 'customer gave up' }, params: freshOrder }),
  'POST /pedidos/{id}/pagamentos': () => ({
    body: { method: 'pix', status: 'pending', amount: '1.00', installments: 1, transactionId: 'tx-corpus', paidAt: '2026-01-02T03:04:05Z' },
    params: freshOrder,
  }),
  'POST /pedidos/{id}/envios': () => ({
    body: { carrier: 'Correios', trackingCode: `BR${randomBytes(6).toString('hex')}`, trackingUrl: 'https://rastreio.example.com/BR1' },
    params: async (world) => ({ id: world.ids.invoicedOrder }),
  }),
  'POST /envios/{id}/rastreio': () => ({ body: { status: 'in_transit', description: 'Em trânsito', location: 'Curitiba/PR', at: '2026-01-02T03:04:05Z' } }),
  'POST /pedidos/{id}/chat-transportadora': () => ({ body: { sender: 'carrier', authorName: 'Transportadora', message: 'Coleta às 15h' } }),
  'POST /ciclos': () => ({ body: freshPeriod() }),
  'POST /atendimentos': (world) => ({ body: { channel: 'chat', subject: 'Atraso', customerName: 'Ana', orderId: world.ids.order, message: 'Cadê?' } }),
  'POST /atendimentos/{id}/mensagens': () => ({ body: { direction: 'saida', message: 'Chega amanhã', channel: 'email' } }),
  ...Object.fromEntries(
    Object.entries(PLATFORM_PRODUCTS).map(([mount, product]) => [`POST ${mount}/api/v1/webhook/novo`, () => ({ body: { url: product.url, events: [product.event] } })]),
  ),
  'POST /webhooks/assinaturas': (world) => ({ body: { url: world.hookUrl, events: ['pedido.criado'] } }),
  'PATCH /webhooks/assinaturas/{id}': (world) => ({ body: { url: world.hookUrl, events: ['*'], active: true } }),
  'POST /webhooks/assinaturas/{id}/recuperacao': () => ({ body: { since: new Date(Date.now() - 3_600_000).toISOString() } }),
  'POST /v2/webhooks/configuracoes': (world) => ({ body: { url: world.hookUrl, groups: { orders: true, stock: false, freight: false, payments: false } } }),
  'PUT /v2/webhooks/configuracoes/{id}': (world) => ({ body: { url: world.hookUrl, active: true } }),
  'PUT /v2/webhooks/configuracoes/{id}/grupos': () => ({ body: { orders: true, stock: true } }),
  'POST /simulador/pedidos': () => ({ body: { count: 1, skus: [SIMULATED_SKU] } }),
  'POST /simulador/pedidos/{id}/cancelamento': () => ({ body: { reason: 'changed my mind' }, params: freshSimulatedOrder }),
  'PUT /simulador/agenda': () => ({ body: { ordersPerMinute: 0, payRate: 0.5, cancelRate: 0.1 } }),
  'POST /simulador/eventos': () => ({ body: { evento: 'estoque.alterado' } }),
};


async function freshSimulatedOrder(world: World): Promise<Record<string, string>> {
  const response = await fetch(`${world.server.url}/simulador/pedidos`, { method: 'POST', headers: world.seller.headers, body: JSON.stringify({ skus: [SIMULATED_SKU] }) });
  return { id: ((await response.json()) as { orders: { id: string }[] }).orders[0]!.id };
}

let periods = 0;
/** A settlement period no other valid request used (periods of a seller never overlap). */
function freshPeriod(): { periodStart: string; periodEnd: string } {
  periods += 1;
  const start = Date.UTC(2000, 0, 1) + periods * 86_400_000;
  return { periodStart: new Date(start).toISOString(), periodEnd: new Date(start + 86_400_000).toISOString() };
}

async function freshOrder(world: World): Promise<Record<string, string>> {
  const response = await fetch(`${world.server.url}/pedidos`, { method: 'POST', headers: world.seller.headers, body: JSON.stringify(orderBody()) });
  return { id: ((await response.json()) as { id: string }).id };
}

/** The world's resource for each path parameter; an unknown parameter fails loudly so a new route gets one. */
export function defaultParams(route: Route, world: World): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
    if (name === 'sku') params.sku = world.sku;
    else if (name === 'code') params.code = world.channel;
    else if (name === 'id') params.id = idFor(route.path, world);
    // No connection has this key: what a case changes in it is refused before any platform's rules apply.
    else if (name === 'key' && route.path.startsWith('/entrada/')) params.key = UNKNOWN_INBOUND_KEY;
    else throw new Error(`${routeName(route)}: no world resource for {${name}}; add one in defaultParams`);
  }
  return params;
}

function idFor(path: string, world: World): string {
  if (path.startsWith('/pedidos/')) return world.ids.order;
  if (path.startsWith('/simulador/pedidos/')) return world.ids.simulatedOrder;
  if (path.startsWith('/envios/')) return world.ids.shipment;
  if (path.startsWith('/ciclos/')) return world.ids.cycle;
  if (path.startsWith('/atendimentos/')) return world.ids.supportCase;
  if (path.startsWith('/webhooks/assinaturas/')) return world.ids.subscription;
  if (path.startsWith('/webhooks/entregas/')) return world.ids.delivery;
  if (path.startsWith('/v2/webhooks/configuracoes/')) return world.ids.portalConfiguration;
  if (path.startsWith('/tokens/')) return world.ids.spareToken;
  if (path.startsWith('/aplicativo/credenciais/')) return world.ids.spareCredential;
  const mount = Object.keys(PLATFORM_PRODUCTS).find((prefix) => path.startsWith(`${prefix}/`));
  if (mount) return world.ids.registrations[mount]!;
  throw new Error(`${path}: no world resource for {id}; add one in idFor`);
}

export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
}

/** What a case must get back: this status and, for an error, a problem+json with this code. */
export interface Expectation {
  status: number;
  code?: string;
}

export interface RestCase {
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /**
   * Path parameters of the case's own (an order only it moves), put in `template` at run
   * time; without them the case runs on `path`.
   */
  params?: ValidRequest['params'];
  template: string;
  expect: Expectation;
}

const VALIDATION = { status: 422, code: 'VALIDATION_FAILED' };
const BAD_REQUEST = { status: 400, code: 'BAD_REQUEST' };
const UNSUPPORTED = { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' };
const NOT_FOUND = { status: 404, code: 'NOT_FOUND' };
const UNAUTHENTICATED = { status: 401, code: 'UNAUTHENTICATED' };

/** Ajv with the server's body options: the oracle of what a body's schema admits. */
const oracle = new Ajv({ allErrors: true, strict: false });
addFormats.default(oracle);
export const schemaAdmits = (schema: JsonSchema, body: unknown) => oracle.validate(schema, body) as boolean;

const UNKNOWN_ID = '01a20107-0000-7000-8000-000000000000';
const UNKNOWN_INBOUND_KEY = randomBytes(32).toString('base64url');
const TWO_MIB = 2 * 1024 * 1024;
/** Fastify's `maxParamLength`: the router matches no route when a path parameter is longer (404). */
const MAX_PARAM_LENGTH = 100;

/** What a route answers a request it carries out: the one 2xx it documents; of 200 and 201, 201 (a new one) for a POST. */
function success(route: Route): Expectation {
  const [only, ...others] = route.success;
  if (others.length === 0) return { status: only! };
  return { status: route.method === 'POST' ? 201 : 200 };
}

/**
 * Lists keyed by text (a SKU, a channel code): a forged cursor of one text value is a
 * position in them, not an error.
 */
const TEXT_KEYED_LISTS = new Set(['GET /produtos', 'GET /canais', 'GET /canais/{code}/anuncios']);

const textRule = (pointer: string, reason: string) => ({ [`${pointer} = SQL-looking text`]: reason, [`${pointer} = script tag`]: reason });
const webhookTarget = { ...textRule('/url', 'an http(s) URL'), ...textRule('/events/0', 'an event the interface has') };

/**
 * Values a body's schema admits that the service refuses by a rule of its own (422), with
 * that rule; every other value the schema admits is carried out (SQL- or script-looking
 * text in free text is text).
 */
const SERVICE_RULES: Record<string, Record<string, string>> = {
  'PATCH /produtos/{sku}/preco': { '/prices/0/promo = null': 'a promotion with dates has a price' },
  'POST /pedidos': {
    ...textRule('/channel', 'a channel of the seller'),
    ...textRule('/deliveryAddress/state', 'a state code (UF)'),
    ...textRule('/deliveryAddress/postalCode', 'a CEP'),
    ...textRule('/items/0/sku', 'a SKU of the catalogue'),
  },
  'PUT /canais/{code}/conexao': { '/platform = script tag': 'a platform Ponte connects', ...textRule('/apiBaseUrl', 'an http(s) URL') },
  'PUT /canais/{code}/anuncios': {
    '/links/0/sku = script tag': 'a SKU of the catalogue',
    ...textRule('/links/0/listingId', "the platform's id form"),
    ...textRule('/links/0/variationId', "the platform's id form"),
  },
  'POST /logistica/api/v1/webhook/novo': webhookTarget,
  'POST /pagamentos/api/v1/webhook/novo': webhookTarget,
  'POST /atendimento/api/v1/webhook/novo': webhookTarget,
  'POST /webhooks/assinaturas': webhookTarget,
  'PATCH /webhooks/assinaturas/{id}': webhookTarget,
  'POST /v2/webhooks/configuracoes': textRule('/url', 'an http(s) URL'),
  'PUT /v2/webhooks/configuracoes/{id}': textRule('/url', 'an http(s) URL'),
  'POST /simulador/pedidos': { '/skus/0 = script tag': 'a SKU on sale on the simulated marketplace' },
};

/** The whole REST corpus for the served routes. */
export function restCases(routes: Route[], world: World): RestCase[] {
  return routes.flatMap((route) => [
    ...credentialCases(route, world),
    ...pathCases(route, world),
    ...queryCases(route, world),
    ...(route.body ? bodyCases(route, world) : []),
  ]);
}

/** The headers (credential and JSON) of the caller a route expects. */
export function credentialHeaders(route: Route, world: World): Record<string, string> {
  if (route.credential === 'none') return { 'content-type': 'application/json' };
  return route.credential === 'application' ? world.application.headers : world.seller.headers;
}

/** The route's valid request (with the world's resources, or its own), with what the case changes. */
function request(route: Route, world: World, overrides: Partial<RestCase> & { name: string; expect: Expectation }): RestCase {
  const valid = VALID_REQUESTS[routeName(route)]?.(world);
  const { authorization } = credentialHeaders(route, world);
  return {
    method: route.method,
    path: fillPath(route.path, defaultParams(route, world)),
    template: route.path,
    params: overrides.path === undefined ? valid?.params : undefined,
    headers: {
      ...(authorization === undefined ? {} : { authorization }),
      ...(valid?.body === undefined ? {} : { 'content-type': 'application/json', ...valid.headers }),
    },
    body: valid?.body === undefined ? undefined : JSON.stringify(valid.body),
    ...overrides,
    name: `${routeName(route)}: ${overrides.name}`,
  };
}

function credentialCases(route: Route, world: World): RestCase[] {
  if (route.credential === 'none') return [];
  const otherCredential = route.credential === 'application' ? world.seller.headers.authorization! : world.application.headers.authorization!;
  return [
    withCredential(route, world, 'no Authorization header', undefined),
    withCredential(route, world, 'an invented token', `Bearer ponte_sk_${randomBytes(32).toString('base64url')}`),
    withCredential(route, world, 'Basic credentials', 'Basic dXNlcjpwYXNz'),
    // A seller token is no application credential and the other way round: neither is known to the other's routes.
    withCredential(route, world, 'the other kind of credential', otherCredential),
  ];
}

function withCredential(route: Route, world: World, name: string, authorization: string | undefined): RestCase {
  const valid = request(route, world, { name, expect: UNAUTHENTICATED });
  const { authorization: _replaced, ...headers } = valid.headers;
  return { ...valid, headers: authorization === undefined ? headers : { ...headers, authorization } };
}

function pathCases(route: Route, world: World): RestCase[] {
  const params = defaultParams(route, world);
  return Object.keys(params).flatMap((name) => {
    const at = (value: string) => fillPath(route.path, { ...params, [name]: encodeURIComponent(value) });
    // PUT by a natural key creates what does not exist yet (under a name of its own, so no
    // other case finds it); a PUT below it (`/canais/{code}/conexao`) needs it to exist.
    const upsert = route.method === 'PUT' && name !== 'id' && route.path.endsWith(`{${name}}`);
    const unknown = name === 'id' ? UNKNOWN_ID : `${upsert ? 'NEW' : 'UNKNOWN'}-${name.toUpperCase()}`;
    const badValue = (label: string, value: string) => request(route, world, { name: `{${name}} ${label}`, path: at(value), expect: pathAnswer(route, name, value) });
    return [
      request(route, world, { name: `{${name}} unknown`, path: at(unknown), expect: upsert ? { status: 201 } : NOT_FOUND }),
      badValue('= "not-a-uuid!"', 'not-a-uuid!'),
      badValue('SQL-looking', "1' OR '1'='1"),
      badValue('with a NUL character', 'abc\u0000def'),
      badValue('of 3000 characters', 'x'.repeat(3000)),
      // The router cannot decode it: no route is chosen yet.
      request(route, world, { name: `{${name}} with broken percent-encoding`, path: fillPath(route.path, { ...params, [name]: '%E0%A4%A' }), expect: BAD_REQUEST }),
    ];
  });
}

/**
 * A path parameter that names nothing: no route when it is longer than the router takes,
 * VALIDATION_FAILED when its schema (a UUID, a code's form) or the NUL rule refuses it,
 * else looked up and not found.
 */
function pathAnswer(route: Route, name: string, value: string): Expectation {
  if (value.length > MAX_PARAM_LENGTH) return NOT_FOUND;
  if (value.includes('\u0000') || !schemaAdmits(route.params[name] ?? {}, value)) return VALIDATION;
  return NOT_FOUND;
}

function queryCases(route: Route, world: World): RestCase[] {
  if (route.method !== 'GET') return [];
  const base = fillPath(route.path, defaultParams(route, world));
  const at = (query: string) => `${base}?${query}`;
  const cases: RestCase[] = [];
  const add = (name: string, query: string, expect: Expectation = VALIDATION) => cases.push(request(route, world, { name, path: at(query), expect }));
  if (route.list) {
    add('limit=201 (above the maximum)', 'limit=201');
    add('limit=0', 'limit=0');
  }
  for (const { name, schema } of route.query) {
    if (schema.type === 'integer') {
      add(`${name}=abc`, `${name}=abc`);
      add(`${name}=-1`, `${name}=-1`);
      add(`${name}=1.5`, `${name}=1.5`);
      add(`${name}=99999999999999999999`, `${name}=99999999999999999999`);
    } else if (name === 'cursor') {
      add('cursor=garbage!', 'cursor=garbage!');
      add('cursor of JSON that is no cursor', `cursor=${Buffer.from('{"a":1}').toString('base64url')}`);
      add('cursor of values of the wrong kind', `cursor=${Buffer.from('["not a date","not an id"]').toString('base64url')}`);
      add('cursor of three values', `cursor=${Buffer.from('[1,2,3]').toString('base64url')}`);
      add('cursor of numbers', `cursor=${Buffer.from('[1e400,-1]').toString('base64url')}`);
      const forged = TEXT_KEYED_LISTS.has(routeName(route)) ? { status: 200 } : VALIDATION;
      add('cursor of one value that is no id', `cursor=${Buffer.from('["not-a-uuid"]').toString('base64url')}`, forged);
      add('cursor of one number', `cursor=${Buffer.from('[12345]').toString('base64url')}`);
      add('cursor of an instant and a value that is no id', `cursor=${Buffer.from('["2026-01-01T00:00:00.000Z","not-a-uuid"]').toString('base64url')}`);
    } else if (schema.format === 'date-time') {
      add(`${name}=yesterday`, `${name}=yesterday`);
      add(`${name} on 30 February`, `${name}=2026-02-30T10:00:00Z`);
    } else if (schema.format === 'uuid') {
      add(`${name}=not-a-uuid`, `${name}=not-a-uuid`);
    } else if (schema.enum || schema.pattern) {
      add(`${name}=!bogus`, `${name}=!bogus`);
      add(`${name} SQL-looking`, `${name}=${encodeURIComponent("x' OR 1=1 --")}`);
    }
    if (schema.type === 'string' || schema.enum) {
      add(`${name} with a NUL character`, `${name}=a%00b`);
      add(`${name} of 5000 characters`, `${name}=${'x'.repeat(5000)}`);
    }
  }
  return cases;
}

function bodyCases(route: Route, world: World): RestCase[] {
  const make = VALID_REQUESTS[routeName(route)];
  if (!make) return [];
  const valid = make(world).body;
  const json = JSON.stringify(valid);
  const raw = (name: string, body: string | Uint8Array, expect: Expectation, contentType: string | null = 'application/json') => {
    const { authorization } = credentialHeaders(route, world);
    // The valid request's own headers (its Idempotency-Key) stay; the content type is the case's.
    const headers: Record<string, string> = { ...make(world).headers, ...(authorization === undefined ? {} : { authorization }) };
    if (contentType) headers['content-type'] = contentType;
    return request(route, world, { name, body, headers, expect });
  };
  // Inside the first string value (or, without one, the first member's name).
  const cut = json.includes('":"') ? json.indexOf('":"') + 3 : 2;
  const invalidUtf8 = Buffer.concat([Buffer.from(json.slice(0, cut)), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(json.slice(cut))]);
  const cases: RestCase[] = [
    raw('broken JSON', '{"a":', BAD_REQUEST),
    raw('an empty body', '', BAD_REQUEST),
    // Parsed, then refused by the body's schema (an object).
    raw('JSON null', 'null', VALIDATION),
    raw('a JSON array', '[]', VALIDATION),
    raw('a JSON number', '42', VALIDATION),
    raw('a JSON string', '"text"', VALIDATION),
    raw('valid JSON sent as text/plain', json, UNSUPPORTED, 'text/plain'),
    raw('valid JSON sent as a form', json, UNSUPPORTED, 'application/x-www-form-urlencoded'),
    raw('valid JSON without a Content-Type', new TextEncoder().encode(json), UNSUPPORTED, null),
    raw('a body of 2 MiB', JSON.stringify({ padding: 'x'.repeat(TWO_MIB) }), { status: 413, code: 'PAYLOAD_TOO_LARGE' }),
    // The JSON parser refuses bytes that are no UTF-8.
    raw('invalid UTF-8 bytes in a string', invalidUtf8, BAD_REQUEST),
    // Parsed (JSON.parse takes any depth), then refused by the body's schema: no such member.
    raw('JSON nested 100000 deep', `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, VALIDATION),
    // Fastify's parser refuses prototype poisoning outright.
    raw('a __proto__ member', `{"__proto__":{"polluted":true},${json.slice(1)}`, BAD_REQUEST),
    raw('a constructor.prototype member', `{"constructor":{"prototype":{"polluted":true}},${json.slice(1)}`, BAD_REQUEST),
  ];
  // Each mutation starts from a valid body of its own, so one that fields must be unique
  // in (an order's externalId) is not answered as a resend of an earlier case.
  const rules = SERVICE_RULES[routeName(route)] ?? {};
  bodyMutations(valid, route.body!).forEach((_, index) => {
    const mutation = bodyMutations(make(world).body, route.body!)[index]!;
    const refused = mutation.kind === 'always' || !schemaAdmits(route.body!, mutation.body) || mutation.label in rules;
    cases.push(raw(`body ${mutation.label}`, mutation.raw ?? JSON.stringify(mutation.body), refused ? VALIDATION : success(route)));
  });
  return cases;
}

/** Rules listed for a mutation no route's body has: a stale entry after a schema changed. */
export function staleServiceRules(routes: Route[], world: World): string[] {
  const labels = new Set(
    routes.flatMap((route) => (route.body && VALID_REQUESTS[routeName(route)] ? bodyMutations(VALID_REQUESTS[routeName(route)]!(world).body, route.body).map((mutation) => `${routeName(route)} ${mutation.label}`) : [])),
  );
  return Object.entries(SERVICE_RULES).flatMap(([route, rules]) => Object.keys(rules).map((label) => `${route} ${label}`)).filter((label) => !labels.has(label));
}
