/**
 * Request and response schemas of the catalogue: REST validates and documents with them,
 * GraphQL inputs are checked against the same ones (validInput, src/graphql/plain-input.ts).
 */
import { Type, type Static, type TSchema } from 'typebox';
import { listRequest, pageQuerySchema } from '../http/pagination.js';
import { commaList, listQuery } from '../http/validation.js';
import { PUBLICATION_STATUSES, type PublicationStatus as PublicationStatusName } from './product.entity.js';
import { webUrl } from '../http/web-url.js';
import { MONEY_INPUT_PATTERN } from '../money.js';

export const MAX_BATCH = 100;
const SKU_MAX = 60;

export const Sku = Type.String({
  minLength: 1,
  maxLength: SKU_MAX,
  pattern: '^\\S+$',
  description: `Up to ${SKU_MAX} characters, no spaces`,
  // A product of the demo seller: examples and the HTTP-client collections work on a fresh start.
  examples: ['CAMISETA-AZUL-M'],
});
export const ChannelCode = Type.String({
  minLength: 1,
  maxLength: 50,
  pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$',
  description: 'Letters, digits, "-" and "_", e.g. mercadolivre',
  examples: ['loja-propria'],
});
/** GraphQL arguments, validated with the same rules as the REST path parameters. */
export const SkuArgs = Type.Object({ sku: Sku });
export const ChannelCodeArgs = Type.Object({ code: ChannelCode });

const Gtin = Type.String({ pattern: '^\\d+$', maxLength: 14, examples: ['7891234567895'], description: 'GTIN-8, -12, -13 or -14 with a valid check digit' });
export const Money = Type.String({ pattern: MONEY_INPUT_PATTERN, examples: ['199.90'], description: 'Decimal string in BRL, e.g. "199.90"' });
const Instant = Type.String({ format: 'date-time', description: 'ISO 8601' });
const NameValue = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), value: Type.String({ maxLength: 2000 }) }, { additionalProperties: false });
// Every number a client sends has a ceiling: an integer column holds at most 2^31 − 1,
// and a JSON literal such as 1e400 parses to Infinity, which JSON cannot store back.
/** Units of stock a figure may hold (onHand, a delta, a channel's safety stock or cap). */
export const UNITS_MAX = 1_000_000_000;
const Units = (options: { minimum: number }) => Type.Integer({ ...options, maximum: UNITS_MAX });
const Image = Type.Object(
  { url: webUrl(2000), position: Type.Integer({ minimum: 0, maximum: 10_000 }) },
  { additionalProperties: false },
);
const Centimetres = Type.Number({ exclusiveMinimum: 0, maximum: 100_000 });
const Dimensions = Type.Object({ height: Centimetres, width: Centimetres, length: Centimetres }, { additionalProperties: false });
export const PublicationStatus = Type.Enum([...PUBLICATION_STATUSES]);

export const VariationInput = Type.Object(
  {
    sku: Sku,
    attributes: Type.Optional(Type.Array(NameValue, { maxItems: 100 })),
    images: Type.Optional(Type.Array(Image, { maxItems: 50 })),
    gtin: Type.Optional(Type.Union([Gtin, Type.Null()])),
  },
  { title: 'VariationInput', additionalProperties: false },
);

export const ProductInput = Type.Object(
  {
    sku: Sku,
    title: Type.String({ minLength: 1, maxLength: 300 }),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 50_000 }), Type.Null()])),
    brand: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    gtin: Type.Optional(Type.Union([Gtin, Type.Null()])),
    ncm: Type.Optional(Type.Union([Type.String({ pattern: '^\\d{8}$', examples: ['61091000'], description: '8 digits' }), Type.Null()])),
    attributes: Type.Optional(Type.Array(NameValue, { maxItems: 100 })),
    images: Type.Optional(Type.Array(Image, { maxItems: 50 })),
    datasheet: Type.Optional(Type.Array(NameValue, { maxItems: 200 })),
    weightGrams: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 100_000_000 }), Type.Null()])),
    dimensionsCm: Type.Optional(Type.Union([Dimensions, Type.Null()])),
    publicationStatus: Type.Optional(PublicationStatus),
    channels: Type.Optional(Type.Array(ChannelCode, { maxItems: 50, uniqueItems: true })),
    variations: Type.Optional(Type.Array(VariationInput, { maxItems: 100 })),
  },
  { title: 'ProductInput', additionalProperties: false },
);
export type ProductInput = Static<typeof ProductInput>;

export const ProductBatch = Type.Object(
  { products: Type.Array(ProductInput, { minItems: 1, maxItems: MAX_BATCH, description: `At most ${MAX_BATCH}` }) },
  {
    additionalProperties: false,
    examples: [
      {
        products: [
          {
            sku: 'CAMISETA-VERDE',
            title: 'Camiseta verde',
            brand: 'Ponte',
            attributes: [{ name: 'material', value: 'algodão' }],
            publicationStatus: 'published',
            channels: ['loja-propria'],
            variations: [{ sku: 'CAMISETA-VERDE-M', attributes: [{ name: 'tamanho', value: 'M' }], gtin: '7891234567895' }],
          },
        ],
      },
    ],
  },
);
export type ProductBatch = Static<typeof ProductBatch>;

export const UpsertResult = Type.Object({ sku: Type.String(), result: Type.Enum(['created', 'updated', 'unchanged']) });
export const ProductBatchResult = Type.Object({ results: Type.Array(UpsertResult) });

export const PriceInput = Type.Object(
  {
    channel: Type.Union([ChannelCode, Type.Null()], { description: 'null: the default price' }),
    sale: Money,
    promo: Type.Optional(Type.Union([Money, Type.Null()])),
    promoStart: Type.Optional(Type.Union([Instant, Type.Null()])),
    promoEnd: Type.Optional(Type.Union([Instant, Type.Null()])),
  },
  { additionalProperties: false },
);
export type PriceInput = Static<typeof PriceInput>;

export const PriceUpdate = Type.Object(
  { prices: Type.Array(PriceInput, { minItems: 1, maxItems: 100 }) },
  { title: 'PriceUpdate', additionalProperties: false, examples: [{ prices: [{ channel: null, sale: '59.90' }, { channel: 'loja-propria', sale: '54.90', promo: '49.90', promoStart: '2026-11-27T00:00:00Z', promoEnd: '2026-11-30T23:59:59Z' }] }] },
);
export type PriceUpdate = Static<typeof PriceUpdate>;

export const StockUpdateBody = Type.Union(
  [
    Type.Object({ onHand: Units({ minimum: 0 }) }, { additionalProperties: false }),
    Type.Object({ delta: Units({ minimum: -UNITS_MAX }) }, { additionalProperties: false }),
  ],
  { description: 'Either {onHand} (absolute) or {delta} (requires Idempotency-Key)', examples: [{ onHand: 120 }] },
);

/** Which price to show: on a channel (omitted: the default price) at an instant (omitted: now). */
export const EffectivePriceQuery = Type.Object(
  {
    channel: Type.Optional(ChannelCode),
    at: Type.Optional(Type.String({ format: 'date-time', description: 'Defaults to now' })),
  },
  { additionalProperties: false },
);
export type EffectivePriceQuery = Static<typeof EffectivePriceQuery>;

export const ChannelQuantityView = Type.Object({ channel: Type.String(), quantity: Type.Integer() });
export const StockView = Type.Object({
  sku: Type.String(),
  onHand: Type.Integer(),
  reserved: Type.Integer(),
  available: Type.Integer(),
  channels: Type.Array(ChannelQuantityView),
}, { title: 'Stock' });

export const ChannelSettings = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    active: Type.Optional(Type.Boolean()),
    sharePercent: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    safetyStock: Type.Optional(Units({ minimum: 0 })),
    maxQuantity: Type.Optional(Type.Union([Units({ minimum: 0 }), Type.Null()])),
  },
  { title: 'ChannelSettings', additionalProperties: false },
);
export type ChannelSettings = Static<typeof ChannelSettings>;

export const ChannelView = Type.Object({
  code: Type.String(),
  name: Type.String(),
  active: Type.Boolean(),
  sharePercent: Type.Integer(),
  safetyStock: Type.Integer(),
  maxQuantity: Type.Union([Type.Integer(), Type.Null()]),
}, { title: 'Channel' });

export const AVAILABILITIES = ['in_stock', 'out_of_stock'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** The product list's filter and page; `publicationStatus` as each interface carries a list. */
const productListSchema = <S extends TSchema>(publicationStatus: S, maxLimit: number) =>
  Type.Object(
    {
      publicationStatus: Type.Optional(publicationStatus),
      channel: Type.Optional(ChannelCode),
      availability: Type.Optional(Type.Enum([...AVAILABILITIES])),
      ...pageQuerySchema(maxLimit),
    },
    { additionalProperties: false },
  );

const STATUS_LIST_PATTERN = `^(${PUBLICATION_STATUSES.join('|')})(,(${PUBLICATION_STATUSES.join('|')}))*$`;

/** What a sync job may ask `GET /produtos` to carry inline (`?include=stock,prices`). */
export const PRODUCT_INCLUSIONS = ['stock', 'prices'] as const;
export type ProductInclusion = (typeof PRODUCT_INCLUSIONS)[number];

const INCLUDE_PATTERN = `^(${PRODUCT_INCLUSIONS.join('|')})(,(${PRODUCT_INCLUSIONS.join('|')}))*$`;

/** `GET /produtos`: statuses comma separated (see productListFromQuery), and what to include inline. */
export const productListQuery = listQuery((maxLimit) =>
  Type.Object(
    {
      ...productListSchema(Type.String({ pattern: STATUS_LIST_PATTERN, description: 'One or more, comma separated' }), maxLimit).properties,
      include: Type.Optional(
        Type.String({
          pattern: INCLUDE_PATTERN,
          description: 'Comma separated: stock (each sellable SKU\'s figures), prices (its stored prices and the effective price now, default and per listed channel)',
        }),
      ),
    },
    { additionalProperties: false },
  ),
);

/** The product list in the domain's terms, statuses as a list: GraphQL's `products` arguments. */
export const productListArgs = listQuery((maxLimit) => productListSchema(Type.Array(PublicationStatus, { minItems: 1 }), maxLimit));

/** `GET /produtos`'s validated query → the list's filter and page, as GraphQL's listArgs gives them. */
export function productListFromQuery(query: Static<ReturnType<typeof productListQuery>['schema']>, defaultLimit: number) {
  const { include: _include, ...rest } = query;
  return listRequest({ ...rest, publicationStatus: commaList<PublicationStatusName>(query.publicationStatus) }, defaultLimit);
}

/** `GET /produtos?include=`: what each sellable SKU carries inline (REST only: a GraphQL query selects the fields it wants). */
export function productInclusionsFromQuery(query: { include?: string }): ProductInclusion[] {
  return [...new Set(commaList<ProductInclusion>(query.include) ?? [])];
}

const NameValueView = Type.Object({ name: Type.String(), value: Type.String() });
const ImageView = Type.Object({ url: Type.String(), position: Type.Integer() });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ProductView = Type.Object({
  sku: Type.String(),
  title: Type.String(),
  description: Nullable(Type.String()),
  brand: Nullable(Type.String()),
  gtin: Nullable(Type.String()),
  ncm: Nullable(Type.String()),
  attributes: Type.Array(NameValueView),
  images: Type.Array(ImageView),
  datasheet: Type.Array(NameValueView),
  weightGrams: Nullable(Type.Integer()),
  dimensionsCm: Nullable(Type.Object({ height: Type.Number(), width: Type.Number(), length: Type.Number() })),
  publicationStatus: PublicationStatus,
  channels: Type.Array(Type.String()),
  variations: Type.Array(
    Type.Object({ sku: Type.String(), attributes: Type.Array(NameValueView), images: Type.Array(ImageView), gtin: Nullable(Type.String()) }),
  ),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
}, { title: 'Product' });

export const PriceView = Type.Object({
  channel: Nullable(Type.String()),
  sale: Type.String(),
  promo: Nullable(Type.String()),
  promoStart: Nullable(Type.String()),
  promoEnd: Nullable(Type.String()),
});
export const SkuPricesView = Type.Object({ sku: Type.String(), prices: Type.Array(PriceView) }, { title: 'SkuPrices' });
export const EffectivePriceView = Type.Object({
  sku: Type.String(),
  channel: Nullable(Type.String()),
  at: Type.String({ format: 'date-time' }),
  source: Type.Enum(['channel', 'default']),
  sale: Type.String(),
  promo: Nullable(Type.String()),
  promoActive: Type.Boolean(),
  price: Type.String(),
});

/** What `?include=` adds to a sellable SKU (the product without variations, or each variation). */
const SkuInclusionsView = {
  stock: Type.Optional(Nullable(StockView)),
  prices: Type.Optional(Type.Array(PriceView)),
  effectivePrices: Type.Optional(Type.Array(EffectivePriceView, { description: 'In force now: the default price (channel null) and on each channel the product is listed on' })),
};

/** A product of `GET /produtos`, with what `include` asked for on each sellable SKU. */
export const ListedProductView = Type.Object({
  ...ProductView.properties,
  ...SkuInclusionsView,
  variations: Type.Array(Type.Object({ ...ProductView.properties.variations.items.properties, ...SkuInclusionsView })),
});
