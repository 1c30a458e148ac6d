/**
 * The order contract (docs/orders.md) as TypeBox schemas: they validate REST
 * requests, GraphQL inputs (validInput) and feed the OpenAPI document.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { listRequest, pageQuerySchema } from '../http/pagination.js';
import { commaList, listQuery } from '../http/validation.js';
import { ATTENTION_CODES } from './order.entity.js';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './order-payment.entity.js';
import { MANUAL_TARGETS, ORDER_STATUSES, type OrderStatus } from './status-machine.js';
import { webUrl } from '../http/web-url.js';
import { MONEY_INPUT_PATTERN } from '../money.js';

/**
 * Payments one order holds, given with it or recorded later: a list of its views, so a page of
 * 200 orders with their payments stays within the default GraphQL cost.
 */
export const ORDER_PAYMENTS_MAX = 10;

const Money = (description?: string) =>
  Type.String({ pattern: MONEY_INPUT_PATTERN, description: description ?? 'BRL, a decimal string with up to two places', examples: ['199.90'] });
const Text = (maxLength: number, options: { description?: string } = {}) => Type.String({ minLength: 1, maxLength, ...options });
const Timestamp = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
const strict = { additionalProperties: false } as const;

export const PaymentInputSchema = Type.Object(
  {
    method: Type.Enum([...PAYMENT_METHODS]),
    status: Type.Enum([...PAYMENT_STATUSES]),
    amount: Money(),
    installments: Type.Optional(Type.Integer({ minimum: 1, maximum: 99, description: 'Default 1' })),
    transactionId: Type.Optional(Text(200, { description: 'The gateway\'s id; resending it updates that payment' })),
    paidAt: Type.Optional(Timestamp()),
  },
  { ...strict, title: 'PaymentInput', examples: [{ method: 'credit_card', status: 'approved', amount: '134.80', installments: 3, transactionId: 'psp-992' }] },
);
export type PaymentInput = Static<typeof PaymentInputSchema>;

export const CreateOrderSchema = Type.Object(
  {
    channel: Text(64, { description: 'A channel code the seller configured (PUT /canais/{code})' }),
    externalId: Text(200, { description: 'The order\'s id in its channel; unique per channel' }),
    placedAt: Type.Optional(Timestamp('When the sale happened; defaults to now')),
    customer: Type.Object(
      {
        name: Text(200),
        email: Type.Optional(Type.String({ format: 'email', maxLength: 320 })),
        phone: Type.Optional(Text(40)),
        document: Text(20, { description: 'CPF or CNPJ, with or without the mask' }),
      },
      strict,
    ),
    deliveryAddress: Type.Object(
      {
        recipient: Text(200),
        street: Text(200),
        number: Text(20),
        complement: Type.Optional(Type.String({ maxLength: 200 })),
        district: Text(100),
        city: Text(100),
        state: Type.String({ description: 'UF, e.g. SP' }),
        postalCode: Type.String({ description: 'CEP, 8 digits, hyphen optional' }),
        country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', examples: ['BR'], description: 'ISO 3166-1 alpha-2; default BR' })),
      },
      strict,
    ),
    items: Type.Array(
      Type.Object(
        {
          sku: Text(100),
          quantity: Type.Integer({ minimum: 1, maximum: 100000 }),
          unitPrice: Money(),
          discount: Type.Optional(Money('For the whole line')),
          title: Type.Optional(Text(300)),
        },
        strict,
      ),
      { minItems: 1, maxItems: 500 },
    ),
    shipping: Type.Optional(Money()),
    discount: Type.Optional(Money('Order-level discount')),
    payments: Type.Optional(Type.Array(PaymentInputSchema, { maxItems: ORDER_PAYMENTS_MAX })),
    total: Type.Optional(Money('When given, must equal the total the server computes')),
    allowOversell: Type.Optional(Type.Boolean({ description: 'Reserve even without available stock (the sale already happened)' })),
  },
  {
    ...strict,
    title: 'OrderInput',
    examples: [
      {
        channel: 'loja-propria',
        externalId: '84123',
        customer: { name: 'Ana Souza', email: 'ana@example.com', document: '390.533.447-05' },
        deliveryAddress: {
          recipient: 'Ana Souza',
          street: 'Rua Augusta',
          number: '100',
          district: 'Consolação',
          city: 'São Paulo',
          state: 'SP',
          postalCode: '01304-000',
        },
        items: [{ sku: 'CAMISETA-AZUL-M', quantity: 2, unitPrice: '59.90' }],
        shipping: '15.00',
        payments: [{ method: 'pix', status: 'approved', amount: '134.80', transactionId: 'psp-991' }],
      },
    ],
  },
);
export type CreateOrderInput = Static<typeof CreateOrderSchema>;

const { allowOversell: _oversell, total: _total, customer: CustomerInput, ...ChannelOrderFields } = CreateOrderSchema.properties;

/**
 * A sale a channel already made, as a connector (or the simulator) hands it to
 * importOrder: the order input without `allowOversell` and `total` (the channel's sale is
 * never refused, and the amounts are computed), the customer's document optional (some
 * platforms send none), and what the channel says happened to it since.
 */
export const ChannelOrderSchema = Type.Object(
  {
    ...ChannelOrderFields,
    customer: Type.Object({ ...CustomerInput.properties, document: Type.Optional(Text(20, { description: 'CPF or CNPJ; absent or invalid: null' })) }, strict),
    cancellation: Type.Optional(Type.Object({ reason: Text(500) }, { ...strict, description: 'The channel cancelled (or refunded) the sale' })),
  },
  { ...strict, title: 'ChannelOrder' },
);
export type ChannelOrderInput = Static<typeof ChannelOrderSchema>;

export const StatusChangeSchema = Type.Object(
  {
    status: Type.Enum([...MANUAL_TARGETS]),
    invoice: Type.Optional(
      Type.Object({ number: Text(20), series: Text(10), accessKey: Type.String({ description: 'NF-e access key, 44 digits' }) }, strict),
    ),
    shipment: Type.Optional(
      Type.Object(
        { carrier: Text(100), trackingCode: Text(100), trackingUrl: Type.Optional(webUrl(2000)) },
        strict,
      ),
    ),
    reason: Type.Optional(Text(500)),
    note: Type.Optional(Text(1000)),
  },
  {
    ...strict,
    title: 'StatusChange',
    examples: [{ status: 'faturado', invoice: { number: '1042', series: '1', accessKey: '35260112345678000190550010000010421000010423' } }],
  },
);
export type StatusChangeInput = Static<typeof StatusChangeSchema>;

const STATUS_LIST_PATTERN = `^(${ORDER_STATUSES.join('|')})(,(${ORDER_STATUSES.join('|')}))*$`;

export const ORDER_SORTS = ['createdAt', 'updatedAt'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** The order list's filter, sort and page; `status` as each interface carries a list. */
const orderListSchema = <S extends TSchema>(status: S, maxLimit: number) =>
  Type.Object(
    {
      channel: Type.Optional(Text(64)),
      status: Type.Optional(status),
      search: Type.Optional(
        Text(100, {
          description:
            'Orders whose externalId is this, whose customer document (CPF or CNPJ, with or without the mask) is this, or whose customer name contains it (case and accents ignored)',
        }),
      ),
      createdFrom: Type.Optional(Timestamp('createdAt at or after')),
      createdTo: Type.Optional(Timestamp('createdAt before')),
      placedFrom: Type.Optional(Timestamp('placedAt (the sale date in its channel) at or after')),
      placedTo: Type.Optional(Timestamp('placedAt (the sale date in its channel) before')),
      updatedSince: Type.Optional(Timestamp('updatedAt at or after')),
      needsAttention: Type.Optional(Type.Boolean({ description: 'true: only channel orders that need attention (what a seller looks at first); false: only the others' })),
      sort: Type.Optional(Type.Enum([...ORDER_SORTS], { description: 'createdAt: newest first (default); updatedAt: oldest-updated first' })),
      ...pageQuerySchema(maxLimit),
    },
    strict,
  );

/** `GET /pedidos`: statuses comma separated (see orderListFromQuery). */
export const listOrdersQuery = listQuery((maxLimit) =>
  orderListSchema(Type.String({ pattern: STATUS_LIST_PATTERN, description: 'Comma-separated statuses, e.g. aprovado,faturado' }), maxLimit),
);

/** The order list in the domain's terms, statuses as a list: GraphQL's `orders` arguments. */
export const orderListArgs = listQuery((maxLimit) => orderListSchema(Type.Array(Type.Enum([...ORDER_STATUSES]), { minItems: 1 }), maxLimit));

/** Which orders to list, in which order: what both interfaces' arguments come to. */
export type OrderListFilter = Omit<Static<ReturnType<typeof orderListArgs>['schema']>, 'limit' | 'cursor'>;

/** `GET /pedidos`'s validated query → the list's filter and page, as GraphQL's listArgs gives them. */
export function orderListFromQuery(query: Static<ReturnType<typeof listOrdersQuery>['schema']>, defaultLimit: number) {
  return listRequest({ ...query, status: commaList<OrderStatus>(query.status) }, defaultLimit);
}

const MoneyOut = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', examples: ['199.90'] });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const OrderSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  number: Type.Integer(),
  channel: Type.String(),
  externalId: Type.String(),
  status: Type.Enum([...ORDER_STATUSES]),
  statusHistory: Type.Array(Type.Object({ status: Type.Enum([...ORDER_STATUSES]), at: Timestamp(), note: Nullable(Type.String()) })),
  customer: Type.Object({ name: Type.String(), email: Nullable(Type.String()), phone: Nullable(Type.String()), document: Nullable(Type.String()) }),
  deliveryAddress: Type.Object({
    recipient: Type.String(),
    street: Type.String(),
    number: Type.String(),
    complement: Nullable(Type.String()),
    district: Type.String(),
    city: Type.String(),
    state: Type.String(),
    postalCode: Type.String(),
    country: Type.String(),
  }),
  items: Type.Array(
    Type.Object({
      sku: Type.String(),
      title: Type.String(),
      quantity: Type.Integer(),
      unitPrice: MoneyOut,
      discount: MoneyOut,
      total: MoneyOut,
    }),
  ),
  payments: Type.Array(
    Type.Object({
      id: Type.String({ format: 'uuid' }),
      method: Type.Enum([...PAYMENT_METHODS]),
      status: Type.Enum([...PAYMENT_STATUSES]),
      amount: MoneyOut,
      installments: Type.Integer(),
      paidAt: Nullable(Timestamp()),
      transactionId: Nullable(Type.String()),
    }),
  ),
  amounts: Type.Object({ items: MoneyOut, shipping: MoneyOut, discount: MoneyOut, total: MoneyOut }),
  invoice: Nullable(Type.Object({ number: Type.String(), series: Type.String(), accessKey: Type.String() })),
  shipment: Nullable(Type.Object({ carrier: Type.String(), trackingCode: Type.String(), trackingUrl: Nullable(Type.String()) })),
  cancellationReason: Nullable(Type.String()),
  needsAttention: Type.Boolean({ description: 'A channel\'s sale stored although Ponte could not cover it as sent' }),
  attentionReasons: Type.Array(
    Type.Object({ code: Type.Enum([...ATTENTION_CODES]), sku: Type.String(), detail: Type.String() }),
    { description: 'Why it needs attention; empty when it does not' },
  ),
  placedAt: Timestamp(),
  createdAt: Timestamp(),
  updatedAt: Timestamp(),
}, { title: 'Order' });
export type OrderView = Static<typeof OrderSchema>;
