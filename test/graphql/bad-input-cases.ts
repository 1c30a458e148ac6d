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
import { replaceAt } from '../http/body-mutations.js';
import { orderBody } from '../orders/fixtures.js';
import { LISTING_LINK, SHOPIFY_CONNECTION, SIMULATED_SKU, type World } from '../support/bad-input-world.js';

/** A valid value for each required argument (and some optional ones) of every root field. */
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
  closeSettlementCycle: () => ({ input: { periodStart: '2026-01-01T00:00:00Z', periodEnd: '2026-02-01T00:00:00Z' } }),
  closeSupportCase: (world) => ({ input: { caseId: world.ids.supportCase } }),
  createOrder: () => ({ input: { ...orderBody(), idempotencyKey: 'corpus-key' } }),
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

/** What a case must get back. */
export type GraphQLExpectation =
  /** At least one error, each with a client code (never INTERNAL). */
  | 'error'
  /** An error as above, or `null` for the field (a lookup of what does not exist). */
  | 'error-or-null'
  /** Anything but INTERNAL: the input may be valid. */
  | 'no-internal';

export interface GraphQLCase {
  name: string;
  query: string;
  variables: Record<string, unknown>;
  field: string;
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
    expect,
  });
  return [
    entities('a representation without __typename', [{ id: world.ids.order }], 'error'),
    entities('an unknown __typename', [{ __typename: 'Bogus', id: world.ids.order }], 'error'),
    entities('a __typename of a type that is no entity', [{ __typename: 'Channel', code: world.channel }], 'error'),
    entities('__typename "constructor"', [{ __typename: 'constructor', id: world.ids.order }], 'error'),
    entities('an Order without its id', [{ __typename: 'Order' }], 'error'),
    entities('an Order with a numeric id', [{ __typename: 'Order', id: 12345 }], 'error'),
    entities('an Order with a malformed id', [{ __typename: 'Order', id: 'not-a-uuid' }], 'error-or-null'),
    entities('an Order of another seller or none', [{ __typename: 'Order', id: '01a20107-0000-7000-8000-000000000000' }], 'error-or-null'),
    entities('a Product with a SKU of 100001 characters', [{ __typename: 'Product', sku: HUGE }], 'error'),
    entities('a string for a representation', ['Order:1'], 'error'),
    entities('an empty list', [], 'no-internal'),
    {
      ...entities('5000 Order representations, their items selected', Array.from({ length: 5_000 }, () => ({ __typename: 'Order', id: world.ids.order })), 'error'),
      query: 'query Corpus($representations: [_Any!]!) { _entities(representations: $representations) { ... on Order { id items { sku } } } }',
    },
  ];
}

function fieldCases({ operation, field }: RootField, world: World): GraphQLCase[] {
  const valid = VALID_ARGS[field.name]?.(world) ?? {};
  const build = (name: string, expect: GraphQLExpectation, args: Record<string, unknown>, literals: Record<string, string> = {}): GraphQLCase => {
    const used = field.args.filter((arg) => arg.name in args);
    const definitions = used.map((arg) => `$${arg.name}: ${String(arg.type)}`);
    const passed = [...used.map((arg) => `${arg.name}: $${arg.name}`), ...Object.entries(literals).map(([arg, literal]) => `${arg}: ${literal}`)];
    const query = `${operation} Corpus${definitions.length ? `(${definitions.join(', ')})` : ''} { ${field.name}${passed.length ? `(${passed.join(', ')})` : ''}${selectionOf(field)} }`;
    return { name: `${operation} ${field.name}: ${name}`, query, variables: args, field: field.name, expect };
  };
  const without = (name: string) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== name));
  const cases: GraphQLCase[] = [build('unknown argument', 'error', valid, { bogusArgument: '1' })];
  for (const arg of field.args) {
    if (isNonNullType(arg.type)) cases.push(build(`${arg.name} missing`, 'error', without(arg.name)));
    cases.push(build(`${arg.name} as a literal of the wrong type`, 'error', without(arg.name), { [arg.name]: wrongLiteral(arg.type) }));
    const value = arg.name in valid ? valid[arg.name] : sampleValue(arg.type);
    for (const mutation of inputMutations(arg, value)) {
      cases.push(build(`${arg.name}${mutation.label}`, mutation.expect, { ...valid, [arg.name]: mutation.value }));
    }
  }
  return cases;
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
  value: unknown;
  expect: GraphQLExpectation;
}

/** Bad versions of one argument's value, walking into input objects and lists. */
function inputMutations(arg: GraphQLArgument, value: unknown): InputMutation[] {
  const found: InputMutation[] = [];
  const emit: Emit = (path, replacement, label, expect) =>
    found.push({ label: `${path.map((step) => `/${step}`).join('')} ${label}`, value: replaceAt(value, path, replacement), expect });
  walk(arg.type, value, emit, [], arg.name);
  return found;
}

type Emit = (path: (string | number)[], replacement: unknown, label: string, expect: GraphQLExpectation) => void;

function walk(type: GraphQLInputType, value: unknown, emit: Emit, path: (string | number)[], name: string): void {
  const at = (replacement: unknown, label: string, expect: GraphQLExpectation) => emit(path, replacement, label, expect);
  if (isNonNullType(type)) at(null, '= null', 'error');
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    if (!Array.isArray(value)) return;
    at({ not: 'a list' }, '= an object for a list', 'error');
    at([], '= [] (empty list)', 'no-internal');
    if (value.length > 0) {
      // `_entities` has its own case of many representations (entityCases).
      if (getNamedType(nullable.ofType).name !== '_Any') at(Array.from({ length: 5_000 }, () => value[0]), '= 5000 items (huge list)', 'no-internal');
      walk(nullable.ofType, value[0], emit, [...path, 0], name);
    }
    return;
  }
  const named = getNamedType(type);
  if (isInputObjectType(named)) {
    if (value === null || typeof value !== 'object') return;
    at('not an object', '= a string for an object', 'error');
    at({ ...value, unexpectedField: 1 }, '+ unexpectedField', 'error');
    for (const [fieldName, inputField] of Object.entries(named.getFields())) {
      if (isNonNullType(inputField.type) && fieldName in value) {
        const { [fieldName]: _removed, ...rest } = value as Record<string, unknown>;
        at(rest, `- ${fieldName} (missing required field)`, 'error');
      }
      if (fieldName in value) walk(inputField.type, (value as Record<string, unknown>)[fieldName], emit, [...path, fieldName], fieldName);
    }
    return;
  }
  if (isEnumType(named)) {
    at('NOT_A_VALUE', '= an unknown enum value', 'error');
    return;
  }
  if (!isScalarType(named) || named.name === '_Any') return;
  switch (named.name) {
    case 'Int':
      at('5', '= "5" (string for Int)', 'error');
      at(1.5, '= 1.5', 'error');
      at(2_147_483_648, '= 2147483648 (beyond Int)', 'error');
      at(-1, '= -1', name === 'first' ? 'error' : 'no-internal');
      if (name === 'first') at(201, '= 201 (above the page maximum)', 'error');
      return;
    case 'Float':
      at('5', '= "5" (string for Float)', 'error');
      at(1e308, '= 1e308', 'no-internal');
      at(-1, '= -1', 'no-internal');
      return;
    case 'Boolean':
      at('true', '= "true" (string for Boolean)', 'error');
      return;
  }
  // String, ID and string-like scalars (DateTimeISO).
  at(12345, '= 12345 (number for a string)', named.name === 'ID' ? 'no-internal' : 'error');
  at(`${String(value)}\u0000`, '+ NUL character', 'error');
  at('\uD800', '= lone surrogate', 'error');
  at(HUGE, '= 100001 characters', named.name === 'ID' ? 'error-or-null' : 'error');
  at(SQL, '= SQL-looking text', named.name === 'ID' || name === 'after' ? 'error-or-null' : 'no-internal');
  at(SCRIPT, '= script tag', named.name === 'ID' || name === 'after' ? 'error-or-null' : 'no-internal');
  if (named.name === 'ID') at('not-a-uuid', '= "not-a-uuid"', 'error-or-null');
  if (name === 'after') {
    at('garbage!', '= "garbage!" (not a cursor)', 'error');
    at(Buffer.from('["not a date","not an id"]').toString('base64url'), '= a cursor of the wrong values', 'error');
    at(Buffer.from('["not-a-uuid"]').toString('base64url'), '= a cursor of one value that is no id', 'no-internal');
    at(Buffer.from('["2026-01-01T00:00:00.000Z","not-a-uuid"]').toString('base64url'), '= a cursor of an instant and a value that is no id', 'error');
  }
  if (named.name === 'DateTimeISO' || /^(at|since|periodStart|periodEnd|promoStart|promoEnd|createdFrom|createdTo|updatedSince|paidAt|placedAt)$/.test(name)) {
    at('2026-02-30T10:00:00Z', '= 30 February', 'error');
    at('yesterday', '= "yesterday"', 'error');
  }
}
