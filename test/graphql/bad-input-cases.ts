import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { randomUUID } from 'node:crypto';
import { replaceAt } from '../http/body-mutations.js';
import { orderBody, orderIn } from '../orders/fixtures.js';
import { placeSimulatedOrders } from '../../src/simulator/simulator.service.js';
import { forkForSeller } from '../../src/db/orm.js';
import { LISTING_LINK, SHOPIFY_CONNECTION, SIMULATED_SKU, type World } from '../support/bad-input-world.js';

/**
 * A valid value for each required argument (and some optional ones) of every root field.
 * Each case asks again, so what must be unique is its own (an order's idempotency key and
 * external id, a settlement period): a case is never answered as a resend of another.
 */
export const VALID_ARGS: Record<string, (world: World) => Record<string, unknown>> = {
  carrierChat: (world) => ({ orderId: world.ids.invoicedOrder, first: 10 }),
  channel: (world) => ({ code: world.channel }),
  effectivePrice: (world) => ({ sku: world.sku, channel: world.channel, at: '2026-06-01T00:00:00Z' }),
  node: (world) => ({ id: world.ids.order }),
  nodes: (world) => ({ ids: [world.ids.order] }),
  order: (world) => ({ id: world.ids.order }),
  orders: () => ({ first: 10, filter: { status: ['pendente'], createdFrom: '2026-01-01T00:00:00Z' }, sort: 'createdAt' }),
  prices: (world) => ({ sku: world.sku }),
  product: (world) => ({ sku: world.sku }),
  products: (world) => ({ first: 10, filter: { channel: world.channel, publicationStatus: ['published'], availability: 'in_stock' } }),
  settlementCycle: (world) => ({ id: world.ids.order }),
  settlementCycles: () => ({ first: 10 }),
  shipment: (world) => ({ id: world.ids.shipment }),
  shipments: (world) => ({ orderId: world.ids.invoicedOrder }),
  stock: (world) => ({ sku: world.sku }),
  supportCase: (world) => ({ id: world.ids.supportCase }),
  supportCases: () => ({ first: 10, status: 'open' }),
  tokens: () => ({ first: 10 }),
  webhookDeliveries: (world) => ({ first: 10, filter: { subscriptionId: world.ids.subscription, status: 'pending', event: 'pedido_criado' } }),
  webhookDelivery: (world) => ({ id: world.ids.delivery }),
  webhookSubscription: (world) => ({ id: world.ids.subscription }),
  webhookSubscriptions: () => ({ first: 10 }),
  _entities: (world) => ({ representations: [{ __typename: 'Order', id: world.ids.order }] }),

  simulateOrders: () => ({ input: { count: 1, skus: [SIMULATED_SKU] } }),
  simulatePayment: (world) => ({ input: { orderId: world.ids.simulatedOrder } }),
  simulateCancellation: (world) => ({ input: { orderId: world.ids.simulatedOrder, reason: 'changed my mind' } }),
  setSimulatorSchedule: () => ({ input: { ordersPerMinute: 0, payRate: 0.5, cancelRate: 0.1 } }),
  wipeSandboxData: () => ({ input: { confirm: true } }),
  triggerEvent: () => ({ input: { evento: 'estoque_alterado' } }),
  addSupportMessage: (world) => ({ input: { caseId: world.ids.supportCase, direction: 'entrada', message: 'Olá', channel: 'chat' } }),
  addTrackingEvent: (world) => ({ input: { shipmentId: world.ids.shipment, status: 'in_transit', description: 'Em trânsito', location: 'São Paulo', at: '2026-01-02T03:04:05Z' } }),
  changeOrderStatus: (world) => ({ input: { orderId: world.ids.order, status: 'cancelado', reason: 'customer gave up', note: 'by phone' } }),
  connectChannel: (world) => ({
    input: {
      code: world.channel,
      platform: SHOPIFY_CONNECTION.platform,
      apiBaseUrl: SHOPIFY_CONNECTION.apiBaseUrl,
      credentials: (['shopDomain', 'accessToken', 'webhookSecret', 'locationId'] as const).map((name) => ({ name, value: SHOPIFY_CONNECTION[name] })),
    },
  }),
  disconnectChannel: (world) => ({ code: world.channel }),
  linkChannelListings: (world) => ({ input: { code: world.channel, links: [LISTING_LINK] } }),
  linkChannelListingsFromCatalogue: (world) => ({ code: world.channel }),
  closeSettlementCycle: () => ({ input: freshPeriod() }),
  closeSupportCase: (world) => ({ input: { caseId: world.ids.supportCase } }),
  createOrder: () => ({ input: { ...orderBody(), idempotencyKey: `corpus-${randomUUID()}` } }),
  createShipment: (world) => ({ input: { orderId: world.ids.invoicedOrder, carrier: 'Correios', trackingCode: 'BR987654321BR', trackingUrl: 'https://rastreio.example/BR987654321BR' } }),
  createToken: () => ({ input: { name: 'corpus', scopes: ['orders_read'] } }),
  createWebhookSubscription: (world) => ({ input: { url: world.hookUrl, events: ['pedido_criado'], description: 'corpus' } }),
  deleteWebhookSubscription: (world) => ({ input: { subscriptionId: world.ids.subscription } }),
  installApplication: (world) => ({ input: { applicationId: world.application.id } }),
  openSupportCase: (world) => ({ input: { channel: 'chat', subject: 'Atraso', message: 'Cadê meu pedido?', customerName: 'Maria', orderId: world.ids.order } }),
  postCarrierChatMessage: (world) => ({ input: { orderId: world.ids.invoicedOrder, sender: 'seller', message: 'Coleta hoje?', authorName: 'Ana' } }),
  putChannel: (world) => ({ input: { code: world.channel, name: 'Loja própria', active: true, sharePercent: 100, safetyStock: 0, maxQuantity: null } }),
  recordOrderPayment: (world) => ({ input: { orderId: world.ids.order, payment: { method: 'pix', status: 'pending', amount: '1.00', installments: 1, transactionId: 'tx-gql', paidAt: '2026-01-02T03:04:05Z' } } }),
  recoverWebhookDeliveries: (world) => ({ input: { subscriptionId: world.ids.subscription, since: '2026-01-01T00:00:00Z' } }),
  redeliverWebhookDelivery: (world) => ({ input: { deliveryId: world.ids.delivery } }),
  revokeToken: (world) => ({ input: { tokenId: world.ids.spareToken } }),
  rotateWebhookSecret: (world) => ({ input: { subscriptionId: world.ids.subscription } }),
  setPrices: (world) => ({ input: { sku: world.sku, prices: [{ channel: null, sale: '50.00', promo: '45.00', promoStart: '2026-01-01T00:00:00Z', promoEnd: '2027-01-01T00:00:00Z' }] } }),
  uninstallApplication: (world) => ({ input: { applicationId: world.application.id } }),
  updateStock: (world) => ({ input: { sku: world.sku, onHand: 10_000 } }),
  updateWebhookSubscription: (world) => ({ input: { subscriptionId: world.ids.subscription, url: world.hookUrl, events: ['all'], active: true, description: 'corpus' } }),
  upsertProducts: () => ({
    input: {
      products: [
        {
          sku: 'GQL-1',
          title: 'Caneca',
          description: 'De cerâmica',
          gtin: '4006381333931',
          weightGrams: 300,
          dimensionsCm: { height: 10, width: 8, length: 8 },
          attributes: [{ name: 'cor', value: 'azul' }],
          images: [{ url: 'https://example.com/caneca.jpg', position: 0 }],
          channels: ['loja-propria'],
          publicationStatus: 'draft',
        },
      ],
    },
  }),
};

let periods = 0;
/** A settlement period of its own, long ended (periods of a seller never overlap). */
function freshPeriod(): { periodStart: string; periodEnd: string } {
  periods += 1;
  const start = Date.UTC(2001, 0, 1) + periods * 86_400_000;
  return { periodStart: new Date(start).toISOString(), periodEnd: new Date(start + 86_400_000).toISOString() };
}

/**
 * Fields whose valid value a case would use up (an order cancelled): each case runs on a
 * resource of its own, put in place of the world's wherever the case kept the world's id.
 */
export const OWN_RESOURCES: Record<string, (world: World) => Promise<{ replace: string; by: string }>> = {
  changeOrderStatus: async (world) => ({ replace: world.ids.order, by: (await orderIn(world.server, world.seller, 'pendente')).id as string }),
  simulateCancellation: async (world) => {
    const em = forkForSeller(world.server.orm, world.seller.id);
    const [order] = await placeSimulatedOrders(em, { sellerId: world.seller.id, sandbox: true }, { skus: [SIMULATED_SKU], pending: true });
    return { replace: world.ids.simulatedOrder, by: order!.id };
  },
};

/** What a case must get back. */
export type GraphQLExpectation =
  /** At least one error, every one with this code. */
  | { code: string }
  /** No error, and a value for the field: the input is valid (text that only looks like SQL is text). */
  | 'data'
  /** No error, and nothing: a lookup of what does not exist (null, or a list of only nulls). */
  | 'nothing';

export interface GraphQLCase {
  name: string;
  query: string;
  variables: Record<string, unknown>;
  field: string;
  /** A mutation: one that is refused must leave every table as it was. */
  write: boolean;
  expect: GraphQLExpectation;
}

export interface RootField {
  operation: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
}

export function rootFields(schema: GraphQLSchema): RootField[] {
  const of = (operation: RootField['operation']) =>
    Object.values((operation === 'query' ? schema.getQueryType() : schema.getMutationType())?.getFields() ?? {}).map((field) => ({ operation, field }));
  return [...of('query'), ...of('mutation')];
}

/** The document does not validate against the schema (an unknown argument, a literal of the wrong type): nothing runs. */
const DOCUMENT = { code: 'GRAPHQL_VALIDATION_FAILED' };
/** A variable's value does not fit its declared type: graphql-js refuses it before any resolver. */
const COERCION = { code: 'BAD_USER_INPUT' };
/** Of the right type, but against the rule of its field (length, form, range, a NUL character). */
const VALIDATION = { code: 'VALIDATION_FAILED' };
const NOT_FOUND = { code: 'NOT_FOUND' };
/** A body past BODY_LIMIT_BYTES (1 MiB by default): refused by HTTP before GraphQL reads it, as a problem. */
const PAYLOAD_TOO_LARGE = { code: 'PAYLOAD_TOO_LARGE' };
const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Text inputs that take any text: SQL- or script-looking text is stored as given. Any
 * other text input has a form (a code, a document, an amount, a URL) that such text
 * breaks: VALIDATION_FAILED.
 */
const FREE_TEXT = new Set([
  'addSupportMessage.input.message',
  'addTrackingEvent.input.description',
  'addTrackingEvent.input.location',
  'changeOrderStatus.input.note',
  'changeOrderStatus.input.reason',
  'createOrder.input.customer.name',
  'createOrder.input.deliveryAddress.city',
  'createOrder.input.deliveryAddress.district',
  'createOrder.input.deliveryAddress.recipient',
  'createOrder.input.deliveryAddress.street',
  'createOrder.input.externalId',
  'createOrder.input.idempotencyKey',
  'createOrder.input.items.title',
  'createShipment.input.carrier',
  'createShipment.input.trackingCode',
  'createToken.input.name',
  'createWebhookSubscription.input.description',
  'openSupportCase.input.customerName',
  'openSupportCase.input.message',
  'openSupportCase.input.subject',
  'postCarrierChatMessage.input.authorName',
  'postCarrierChatMessage.input.message',
  'putChannel.input.name',
  'recordOrderPayment.input.payment.transactionId',
  'simulateCancellation.input.reason',
  'updateWebhookSubscription.input.description',
  'upsertProducts.input.products.attributes.name',
  'upsertProducts.input.products.attributes.value',
  'upsertProducts.input.products.description',
  'upsertProducts.input.products.title',
]);

/**
 * SKU inputs: a SKU has a form that SQL-looking text (quotes, spaces) breaks, but a script
 * tag has it; what such a SKU gets is the field's answer to a SKU of the right form it does
 * not know (or, for one that creates products, a product under it).
 */
const UNKNOWN_SKU: Record<string, GraphQLExpectation> = {
  'createOrder.input.items.sku': VALIDATION,
  'effectivePrice.sku': NOT_FOUND,
  'linkChannelListings.input.links.sku': VALIDATION,
  'prices.sku': NOT_FOUND,
  'product.sku': 'nothing',
  'setPrices.input.sku': NOT_FOUND,
  'simulateOrders.input.skus': VALIDATION,
  'stock.sku': NOT_FOUND,
  'updateStock.input.sku': NOT_FOUND,
  'upsertProducts.input.products.sku': 'data',
};

/**
 * IDs that filter or link rather than name what to act on: the service checks their form
 * (VALIDATION_FAILED). An ID that names what to act on is looked up whatever its form:
 * NOT_FOUND, or nothing from a query whose field may be null.
 */
const ID_FORM_CHECKED = new Set(['webhookDeliveries.filter.subscriptionId', 'openSupportCase.input.orderId']);

/** Lists that may be empty; every other list needs an element (VALIDATION_FAILED). */
const EMPTY_LIST_TAKEN = new Set([
  'nodes.ids',
  '_entities.representations',
  'createToken.input.scopes',
  'upsertProducts.input.products.attributes',
  'upsertProducts.input.products.channels',
  'upsertProducts.input.products.images',
]);

/** Lists of values where 5000 repeats of one are one value (a filter, a set of scopes); any other list has a maximum below 5000. */
const REPEATS_TAKEN = new Set(['orders.filter.status', 'products.filter.publicationStatus', 'createToken.input.scopes']);

/** Lists keyed by text (SKU): a forged cursor of one text value is a position in them. */
const TEXT_KEYED_LISTS = new Set(['products']);

const SQL = "x' OR '1'='1'; DROP TABLE sales_order; --";
const SCRIPT = '<script>alert(document.cookie)</script>';
const HUGE = 'x'.repeat(100_001);

/** Every case for every root field: its arguments missing, unknown, mistyped or hostile. */
export function graphqlCases(fields: RootField[], world: World): GraphQLCase[] {
  return [...fields.flatMap((root) => fieldCases(root, world)), ...entityCases(world)];
}

/** `_entities` takes `_Any`, which GraphQL does not check: representations of every wrong shape. */
function entityCases(world: World): GraphQLCase[] {
  const query = 'query Corpus($representations: [_Any!]!) { _entities(representations: $representations) { __typename } }';
  const entities = (name: string, representations: unknown[], expect: GraphQLExpectation): GraphQLCase => ({
    name: `query _entities: ${name}`,
    query,
    variables: { representations },
    field: '_entities',
    write: false,
    expect,
  });
  return [
    entities('a representation without __typename', [{ id: world.ids.order }], VALIDATION),
    entities('an unknown __typename', [{ __typename: 'Bogus', id: world.ids.order }], VALIDATION),
    entities('a __typename of a type that is no entity', [{ __typename: 'Channel', code: world.channel }], VALIDATION),
    entities('__typename "constructor"', [{ __typename: 'constructor', id: world.ids.order }], VALIDATION),
    entities('an Order without its id', [{ __typename: 'Order' }], VALIDATION),
    entities('an Order with a numeric id', [{ __typename: 'Order', id: 12345 }], VALIDATION),
    entities('an Order with a malformed id', [{ __typename: 'Order', id: 'not-a-uuid' }], 'nothing'),
    entities('an Order of another seller or none', [{ __typename: 'Order', id: '01a20107-0000-7000-8000-000000000000' }], 'nothing'),
    entities('a Product with a SKU of 100001 characters', [{ __typename: 'Product', sku: HUGE }], VALIDATION),
    entities('a string for a representation', ['Order:1'], VALIDATION),
    entities('an empty list', [], 'data'),
    {
      ...entities('5000 Order representations, their items selected', Array.from({ length: 5_000 }, () => ({ __typename: 'Order', id: world.ids.order })), DOCUMENT),
      query: 'query Corpus($representations: [_Any!]!) { _entities(representations: $representations) { ... on Order { id items { sku } } } }',
    },
  ];
}

/** Where a mutation is: `createOrder.input.items.sku` (list positions left out). */
type Where = string;

function fieldCases({ operation, field }: RootField, world: World): GraphQLCase[] {
  const validArgs = () => VALID_ARGS[field.name]?.(world) ?? {};
  const build = (name: string, expect: GraphQLExpectation, args: Record<string, unknown>, literals: Record<string, string> = {}): GraphQLCase => {
    const used = field.args.filter((arg) => arg.name in args);
    const definitions = used.map((arg) => `$${arg.name}: ${String(arg.type)}`);
    const passed = [...used.map((arg) => `${arg.name}: $${arg.name}`), ...Object.entries(literals).map(([arg, literal]) => `${arg}: ${literal}`)];
    const query = `${operation} Corpus${definitions.length ? `(${definitions.join(', ')})` : ''} { ${field.name}${passed.length ? `(${passed.join(', ')})` : ''}${selectionOf(field)} }`;
    return { name: `${operation} ${field.name}: ${name}`, query, variables: args, field: field.name, write: operation === 'mutation', expect };
  };
  const without = (name: string) => Object.fromEntries(Object.entries(validArgs()).filter(([key]) => key !== name));
  const context: FieldContext = { field: field.name, lookup: lookupAnswer(operation, field) };
  const cases: GraphQLCase[] = [build('unknown argument', DOCUMENT, validArgs(), { bogusArgument: '1' })];
  for (const arg of field.args) {
    if (isNonNullType(arg.type)) cases.push(build(`${arg.name} missing`, DOCUMENT, without(arg.name)));
    // `_Any` takes any literal: a wrong one reaches the resolver, which refuses it.
    const literalAnswer = getNamedType(arg.type).name === '_Any' ? VALIDATION : DOCUMENT;
    cases.push(build(`${arg.name} as a literal of the wrong type`, literalAnswer, without(arg.name), { [arg.name]: wrongLiteral(arg.type) }));
    const valueOf = (args: Record<string, unknown>) => (arg.name in args ? args[arg.name] : sampleValue(arg.type));
    for (const mutation of inputMutations(arg, valueOf(validArgs()), context)) {
      // Each case from a valid value of its own, changed the same way.
      const fresh = validArgs();
      cases.push(build(`${arg.name}${mutation.label}`, mutation.expect, { ...fresh, [arg.name]: mutation.apply(valueOf(fresh)) }));
    }
  }
  return cases;
}

interface FieldContext {
  field: string;
  /** What a lookup by an ID that names nothing answers. */
  lookup: GraphQLExpectation;
}

/**
 * A query whose field (or, for a list, whose elements) may be null answers a lookup of
 * nothing with null; any other field with NOT_FOUND.
 */
function lookupAnswer(operation: RootField['operation'], field: GraphQLField<unknown, unknown>): GraphQLExpectation {
  const type = getNullableType(field.type);
  const mayBeNull = !isNonNullType(field.type) || (isListType(type) && !isNonNullType(type.ofType));
  return operation === 'query' && mayBeNull ? 'nothing' : NOT_FOUND;
}

function selectionOf(field: GraphQLField<unknown, unknown>): string {
  return isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
}

/** A literal no argument of `type` accepts. */
function wrongLiteral(type: GraphQLInputType): string {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return '{ not: "a list" }';
  const named = getNamedType(type);
  if (isInputObjectType(named)) return '"not an object"';
  if (named.name === 'Int' || named.name === 'Float') return '"not a number"';
  if (named.name === 'Boolean') return '"not a boolean"';
  return '{ not: "a scalar" }';
}

/** A plausible value for an argument the table does not give (`first`, `after`…). */
function sampleValue(type: GraphQLInputType): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [sampleValue(nullable.ofType)];
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValues()[0]!.name;
  if (isInputObjectType(named)) return {};
  if (named.name === 'Int') return 10;
  if (named.name === 'Float') return 1.5;
  if (named.name === 'Boolean') return true;
  return 'x';
}

interface InputMutation {
  label: string;
  /** The argument's value with the change made. */
  apply(value: unknown): unknown;
  expect: GraphQLExpectation;
}

/** What replaces the member at a path: a value, or one made from the member it replaces. */
type Replacement = { value: unknown } | { from: (current: unknown) => unknown };

/** Bad versions of one argument's value, walking into input objects and lists. */
function inputMutations(arg: GraphQLArgument, value: unknown, context: FieldContext): InputMutation[] {
  const found: InputMutation[] = [];
  const emit: Emit = (path, replacement, label, expect) =>
    found.push({
      label: `${path.map((step) => `/${step}`).join('')} ${label}`,
      apply: (current) => replaceAt(current, path, 'value' in replacement ? replacement.value : replacement.from(memberAt(current, path))),
      expect,
    });
  walk(arg.type, value, emit, [], { ...context, where: `${context.field}.${arg.name}`, name: arg.name });
  return found;
}

function memberAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], value);
}

type Emit = (path: (string | number)[], replacement: Replacement, label: string, expect: GraphQLExpectation) => void;

interface Position extends FieldContext {
  where: Where;
  /** The argument's or input field's own name. */
  name: string;
}

function walk(type: GraphQLInputType, value: unknown, emit: Emit, path: (string | number)[], position: Position): void {
  const at = (replacement: unknown, label: string, expect: GraphQLExpectation) => emit(path, { value: replacement }, label, expect);
  if (isNonNullType(type)) at(null, '= null', COERCION);
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    if (!Array.isArray(value)) return;
    const ofAny = getNamedType(nullable.ofType).name === '_Any';
    // GraphQL takes a single value for a list of one; an object is no `_Any` representation either.
    at({ not: 'a list' }, '= an object for a list', ofAny ? VALIDATION : COERCION);
    at([], '= [] (empty list)', EMPTY_LIST_TAKEN.has(position.where) ? 'data' : VALIDATION);
    if (value.length > 0) {
      // `_entities` has its own case of many representations (entityCases).
      if (!ofAny) {
        const many = Array.from({ length: 5_000 }, () => value[0]);
        const answer = JSON.stringify(many).length > BODY_LIMIT_BYTES ? PAYLOAD_TOO_LARGE : REPEATS_TAKEN.has(position.where) ? 'data' : VALIDATION;
        at(many, '= 5000 items (huge list)', answer);
      }
      walk(nullable.ofType, value[0], emit, [...path, 0], position);
    }
    return;
  }
  const named = getNamedType(type);
  if (isInputObjectType(named)) {
    if (value === null || typeof value !== 'object') return;
    at('not an object', '= a string for an object', COERCION);
    at({ ...value, unexpectedField: 1 }, '+ unexpectedField', COERCION);
    for (const [fieldName, inputField] of Object.entries(named.getFields())) {
      if (isNonNullType(inputField.type) && fieldName in value) {
        const { [fieldName]: _removed, ...rest } = value as Record<string, unknown>;
        at(rest, `- ${fieldName} (missing required field)`, COERCION);
      }
      if (fieldName in value) {
        walk(inputField.type, (value as Record<string, unknown>)[fieldName], emit, [...path, fieldName], { ...position, where: `${position.where}.${fieldName}`, name: fieldName });
      }
    }
    return;
  }
  if (isEnumType(named)) {
    at('NOT_A_VALUE', '= an unknown enum value', COERCION);
    return;
  }
  if (!isScalarType(named) || named.name === '_Any') return;
  switch (named.name) {
    case 'Int':
      at('5', '= "5" (string for Int)', COERCION);
      at(1.5, '= 1.5', COERCION);
      at(2_147_483_648, '= 2147483648 (beyond Int)', COERCION);
      // Every Int the API takes counts something (a page, a quantity, a rate): none is negative.
      at(-1, '= -1', VALIDATION);
      if (position.name === 'first') at(201, '= 201 (above the page maximum)', VALIDATION);
      return;
    case 'Float':
      at('5', '= "5" (string for Float)', COERCION);
      at(1e308, '= 1e308', VALIDATION);
      at(-1, '= -1', VALIDATION);
      return;
    case 'Boolean':
      at('true', '= "true" (string for Boolean)', COERCION);
      return;
  }
  textMutations(named.name, emit, path, position);
}

/** String, ID and string-like scalars (DateTimeISO). */
function textMutations(scalar: string, emit: Emit, path: (string | number)[], position: Position): void {
  const at = (replacement: unknown, label: string, expect: GraphQLExpectation) => emit(path, { value: replacement }, label, expect);
  const isId = scalar === 'ID';
  const isDate = scalar === 'DateTimeISO';
  const isCursor = position.name === 'after';
  // An ID is looked up (or, filtering, checked for its form) whatever text it holds.
  const idAnswer = ID_FORM_CHECKED.has(position.where) ? VALIDATION : position.lookup;
  // GraphQL's ID takes a number as its text; String does not.
  at(12345, '= 12345 (number for a string)', isId ? idAnswer : COERCION);
  // Refused wherever text arrives, before any rule of the field (src/graphql/storable-input.ts).
  emit(path, { from: (current) => `${String(current)}\u0000` }, '+ NUL character', VALIDATION);
  at('\uD800', '= lone surrogate', VALIDATION);
  at(HUGE, '= 100001 characters', isId ? idAnswer : isDate ? COERCION : VALIDATION);
  const looksLike = (kind: 'sql' | 'script'): GraphQLExpectation => {
    if (isId) return idAnswer;
    if (isDate) return COERCION;
    if (isCursor) return VALIDATION;
    if (FREE_TEXT.has(position.where)) return 'data';
    if (position.where in UNKNOWN_SKU) return kind === 'sql' ? VALIDATION : UNKNOWN_SKU[position.where]!;
    return VALIDATION;
  };
  at(SQL, '= SQL-looking text', looksLike('sql'));
  at(SCRIPT, '= script tag', looksLike('script'));
  if (isId) at('not-a-uuid', '= "not-a-uuid"', idAnswer);
  if (isCursor) {
    at('garbage!', '= "garbage!" (not a cursor)', VALIDATION);
    at(Buffer.from('["not a date","not an id"]').toString('base64url'), '= a cursor of the wrong values', VALIDATION);
    at(Buffer.from('["not-a-uuid"]').toString('base64url'), '= a cursor of one value that is no id', TEXT_KEYED_LISTS.has(position.field) ? 'data' : VALIDATION);
    at(Buffer.from('["2026-01-01T00:00:00.000Z","not-a-uuid"]').toString('base64url'), '= a cursor of an instant and a value that is no id', VALIDATION);
  }
  if (isDate) {
    at('2026-02-30T10:00:00Z', '= 30 February', COERCION);
    at('yesterday', '= "yesterday"', COERCION);
  }
}
