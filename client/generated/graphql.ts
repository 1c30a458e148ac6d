/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Whether a product can be sold now */
export type Availability =
  /** Some sellable SKU of the product has available stock */
  | 'in_stock'
  /** No sellable SKU of the product has available stock */
  | 'out_of_stock';

/** Input of changeOrderStatus */
export type ChangeOrderStatusInput = {
  /** Required for faturado */
  invoice?: InvoiceInput | null | undefined;
  /** Kept in the status history */
  note?: string | null | undefined;
  /** The order */
  orderId: string | number;
  /** Required for cancelado */
  reason?: string | null | undefined;
  /** Required for enviado */
  shipment?: ShipmentInput | null | undefined;
  /** The status to move it to */
  status: OrderStatusTarget;
};

/** Input of createOrder: the body of POST /pedidos plus its idempotency key */
export type CreateOrderInput = {
  /** Accept the order even when stock does not cover it */
  allowOversell?: boolean | null | undefined;
  /** Code of a configured channel */
  channel: string;
  /** The buyer */
  customer: CustomerInput;
  /** Where it goes */
  deliveryAddress: DeliveryAddressInput;
  /** Order-level discount; default 0 */
  discount?: string | null | undefined;
  /** The order's id in its channel; unique per channel */
  externalId: string;
  /** Behaves as the Idempotency-Key header of POST /pedidos */
  idempotencyKey?: string | null | undefined;
  /** The lines, at least one */
  items: Array<OrderItemInput>;
  /** Payments known at creation */
  payments?: Array<PaymentInput> | null | undefined;
  /** When the customer placed it; default now */
  placedAt?: string | null | undefined;
  /** Shipping charged; default 0 */
  shipping?: string | null | undefined;
  /** When given, must equal the computed total */
  total?: string | null | undefined;
};

/** Input of createWebhookSubscription */
export type CreateWebhookSubscriptionInput = {
  /** Free text for the seller */
  description?: string | null | undefined;
  /** Events of the webhooks interface to receive; [all]: every one */
  events: Array<EventType>;
  /** The https endpoint to POST deliveries to */
  url: string;
};

/** The buyer of an order */
export type CustomerInput = {
  /** CPF or CNPJ, with or without the mask (check digits verified) */
  document: string;
  /** E-mail address */
  email?: string | null | undefined;
  /** Full name */
  name: string;
  /** Phone number */
  phone?: string | null | undefined;
};

/** Input of deleteWebhookSubscription */
export type DeleteWebhookSubscriptionInput = {
  /** The subscription */
  subscriptionId: string | number;
};

/** Where an order is delivered */
export type DeliveryAddressInput = {
  /** City */
  city: string;
  /** Apartment, block… */
  complement?: string | null | undefined;
  /** ISO country code; default BR */
  country?: string | null | undefined;
  /** District (bairro) */
  district: string;
  /** House number */
  number: string;
  /** CEP, 8 digits */
  postalCode: string;
  /** Who receives it */
  recipient: string;
  /** UF, e.g. SP */
  state: string;
  /** Street (logradouro) */
  street: string;
};

/** Package dimensions in centimetres */
export type DimensionsCmInput = {
  /** Height in cm */
  height: number;
  /** Length in cm */
  length: number;
  /** Width in cm */
  width: number;
};

/** An event name; the value is the name with `.` as `_` (`pedido_criado` is `pedido.criado`) */
export type EventType =
  /** Every event the subscription may receive (`*`); only webhook subscriptions take it */
  | 'all'
  /** `aplicativo.removido`: per-product registrations only; reading it takes webhooks:read */
  | 'aplicativo_removido'
  /** `atendimento.criado`: per-product registrations only; reading it takes orders:read */
  | 'atendimento_criado'
  /** `atendimento.encerrado`: per-product registrations only; reading it takes orders:read */
  | 'atendimento_encerrado'
  /** `atendimento.mensagem`: per-product registrations only; reading it takes orders:read */
  | 'atendimento_mensagem'
  /** `chatTransportadora`: per-product registrations only; reading it takes orders:read */
  | 'chatTransportadora'
  /** `ciclo.criado`: per-product registrations only; reading it takes orders:read */
  | 'ciclo_criado'
  /** `estoque.alterado`: webhooks interface, group stock; reading it takes catalog:read */
  | 'estoque_alterado'
  /** `frete.rastreio`: webhooks interface, group freight; reading it takes orders:read */
  | 'frete_rastreio'
  /** `pagamento.alterado`: webhooks interface, group payments; reading it takes orders:read */
  | 'pagamento_alterado'
  /** `pedido.criado`: webhooks interface, group orders; reading it takes orders:read */
  | 'pedido_criado'
  /** `pedido.status_alterado`: webhooks interface, group orders; reading it takes orders:read */
  | 'pedido_status_alterado'
  /** `produto.preco_alterado`: webhooks interface, group stock; reading it takes catalog:read */
  | 'produto_preco_alterado'
  /** `produto.publicacao_alterada`: webhooks interface, group stock; reading it takes catalog:read */
  | 'produto_publicacao_alterada'
  /** `rastreio.atualizado`: per-product registrations only; reading it takes orders:read */
  | 'rastreio_atualizado';

/** The NF-e of an invoiced order */
export type InvoiceInput = {
  /** NF-e access key, 44 digits */
  accessKey: string;
  /** Invoice number */
  number: string;
  /** Invoice series */
  series: string;
};

/** A named value: an attribute or a datasheet line */
export type NameValueInput = {
  /** The name, e.g. "cor" */
  name: string;
  /** The value, e.g. "azul" */
  value: string;
};

/** Which orders a list returns; omitted fields do not filter */
export type OrderFilterInput = {
  /** Channel code */
  channel?: string | null | undefined;
  /** Created at or after (inclusive) */
  createdFrom?: string | null | undefined;
  /** Created before (exclusive) */
  createdTo?: string | null | undefined;
  /** true: only channel orders that need attention; false: only the others */
  needsAttention?: boolean | null | undefined;
  /** Placed (the sale date in its channel, placedAt) at or after (inclusive) */
  placedFrom?: string | null | undefined;
  /** Placed (placedAt) before (exclusive) */
  placedTo?: string | null | undefined;
  /** Orders whose externalId is this, whose customer document (CPF or CNPJ, with or without the mask) is this, or whose customer name contains it (case and accents ignored) */
  search?: string | null | undefined;
  /** Any of these statuses */
  status?: Array<OrderStatus> | null | undefined;
  /** Updated at or after (inclusive) */
  updatedSince?: string | null | undefined;
};

/** A line of a new order */
export type OrderItemInput = {
  /** For the whole line; default 0 */
  discount?: string | null | undefined;
  /** Units, at least 1 */
  quantity: number;
  /** A sellable SKU of the catalogue */
  sku: string;
  /** Default: the catalogue title */
  title?: string | null | undefined;
  /** Price of one unit */
  unitPrice: string;
};

/** The order of an order list */
export type OrderSort =
  /** Newest first */
  | 'createdAt'
  /** Oldest-updated first (incremental sync) */
  | 'updatedAt';

/** Where an order is in its life (the source's Portuguese names) */
export type OrderStatus =
  /** Approved payments cover the total */
  | 'aprovado'
  /** Cancelled; its reservation released */
  | 'cancelado'
  /** Delivered to the customer */
  | 'entregue'
  /** Handed to the carrier */
  | 'enviado'
  /** Invoiced (NF-e issued) */
  | 'faturado'
  /** Placed, payment not yet approved; stock reserved */
  | 'pendente';

/** The statuses a client may move an order to (aprovado comes only from payments) */
export type OrderStatusTarget =
  /** Cancelled; its reservation released */
  | 'cancelado'
  /** Delivered to the customer */
  | 'entregue'
  /** Handed to the carrier */
  | 'enviado'
  /** Invoiced (NF-e issued) */
  | 'faturado';

/** A payment of an order */
export type PaymentInput = {
  /** Amount paid */
  amount: string;
  /** Number of instalments; default 1 */
  installments?: number | null | undefined;
  /** How it was paid */
  method: PaymentMethod;
  /** When it was paid */
  paidAt?: string | null | undefined;
  /** Where it stands */
  status: PaymentStatus;
  /** The gateway's transaction id; a payment with the same one is updated */
  transactionId?: string | null | undefined;
};

/** How a payment was made */
export type PaymentMethod =
  /** Boleto bancário */
  | 'boleto'
  /** Credit card */
  | 'credit_card'
  /** Debit card */
  | 'debit_card'
  /** Any other method */
  | 'other'
  /** Pix instant transfer */
  | 'pix'
  /** Digital wallet */
  | 'wallet';

/** Where a payment stands at the gateway */
export type PaymentStatus =
  /** Confirmed: counts towards the order total */
  | 'approved'
  /** Awaiting confirmation */
  | 'pending'
  /** Returned to the customer */
  | 'refunded'
  /** Declined */
  | 'refused';

/** A price entry: the default one or a channel's override */
export type PriceInput = {
  /** Channel code; null or omitted: the default price */
  channel?: string | null | undefined;
  /** Promotional price, below sale */
  promo?: string | null | undefined;
  /** End of the promo window (exclusive) */
  promoEnd?: string | null | undefined;
  /** Start of the promo window (inclusive) */
  promoStart?: string | null | undefined;
  /** The regular price */
  sale: string;
};

/** Whose entry gave the effective price */
export type PriceSource =
  /** The channel's own price */
  | 'channel'
  /** The default price (no entry for the channel) */
  | 'default';

/** Which products a list returns; omitted fields do not filter */
export type ProductFilter = {
  /** In stock or out of stock */
  availability?: Availability | null | undefined;
  /** Listed on this channel */
  channel?: string | null | undefined;
  /** Any of these statuses */
  publicationStatus?: Array<PublicationStatus> | null | undefined;
};

/** An image of a product or variation */
export type ProductImageInput = {
  /** Display order, from 0 */
  position: number;
  /** Absolute http(s) URL */
  url: string;
};

/** One product of an upsert batch; omitted fields take their defaults */
export type ProductInput = {
  /** Attributes, e.g. cor: azul */
  attributes?: Array<NameValueInput> | null | undefined;
  /** Brand name */
  brand?: string | null | undefined;
  /** Codes of configured channels to list it on */
  channels?: Array<string> | null | undefined;
  /** Technical datasheet lines */
  datasheet?: Array<NameValueInput> | null | undefined;
  /** Long description */
  description?: string | null | undefined;
  /** Package dimensions */
  dimensionsCm?: DimensionsCmInput | null | undefined;
  /** GTIN/EAN barcode (check digit verified) */
  gtin?: string | null | undefined;
  /** Images, by position */
  images?: Array<ProductImageInput> | null | undefined;
  /** NCM tax code, 8 digits */
  ncm?: string | null | undefined;
  /** Default draft */
  publicationStatus?: PublicationStatus | null | undefined;
  /** Stock keeping unit: the product is found by it */
  sku: string;
  /** Product title */
  title: string;
  /** Sellable variations */
  variations?: Array<ProductVariationInput> | null | undefined;
  /** Shipping weight in grams */
  weightGrams?: number | null | undefined;
};

/** A sellable variation of a product */
export type ProductVariationInput = {
  /** What sets it apart, e.g. cor: azul */
  attributes?: Array<NameValueInput> | null | undefined;
  /** GTIN/EAN barcode */
  gtin?: string | null | undefined;
  /** Its own images */
  images?: Array<ProductImageInput> | null | undefined;
  /** The variation's own SKU */
  sku: string;
};

/** Whether a product is offered on its channels */
export type PublicationStatus =
  /** Withdrawn for good */
  | 'archived'
  /** Being prepared: not offered anywhere */
  | 'draft'
  /** Temporarily not offered; keeps its listings */
  | 'paused'
  /** Offered on the channels it is listed on */
  | 'published';

/** Input of putChannel; omitted settings take their defaults: active, 100 %, 0, no cap */
export type PutChannelInput = {
  /** Default true */
  active?: boolean | null | undefined;
  /** Channel code, e.g. mercadolivre */
  code: string;
  /** Cap on the published quantity; null or omitted: none */
  maxQuantity?: number | null | undefined;
  /** Display name */
  name: string;
  /** Units held back from the channel; default 0 */
  safetyStock?: number | null | undefined;
  /** Percent of available stock published there (1–100); default 100 */
  sharePercent?: number | null | undefined;
};

/** Input of recordOrderPayment */
export type RecordOrderPaymentInput = {
  /** The order */
  orderId: string | number;
  /** The payment to record */
  payment: PaymentInput;
};

/** Input of redeliverWebhookDelivery */
export type RedeliverWebhookDeliveryInput = {
  /** A finished delivery */
  deliveryId: string | number;
};

/** What a token may do; the value is the scope with `:` as `_` (`orders_read` is `orders:read`) */
export type Scope =
  /** Read products, prices, stock and channels */
  | 'catalog_read'
  /** Change products, prices, stock and channels */
  | 'catalog_write'
  /** Read orders, their payments, shipments, chats, settlement cycles and support cases */
  | 'orders_read'
  /** Create orders, change their status, record payments, shipments and support messages */
  | 'orders_write'
  /** Read webhook subscriptions, their deliveries and installed applications */
  | 'webhooks_read'
  /** Change webhook subscriptions, redeliver, install and uninstall applications */
  | 'webhooks_write';

/** Input of setPrices */
export type SetPricesInput = {
  /** The entries to set (1–100); entries not listed stay */
  prices: Array<PriceInput>;
  /** A sellable SKU (a product without variations, or a variation) */
  sku: string;
};

/** The shipment of an order becoming enviado */
export type ShipmentInput = {
  /** Carrier name */
  carrier: string;
  /** Tracking code */
  trackingCode: string;
  /** Tracking page */
  trackingUrl?: string | null | undefined;
};

/** Input of updateStock: onHand or delta, not both */
export type UpdateStockInput = {
  /** A change to the quantity on hand; needs idempotencyKey */
  delta?: number | null | undefined;
  /** Makes a delta apply once however often it is sent (as the Idempotency-Key header) */
  idempotencyKey?: string | null | undefined;
  /** The new absolute quantity on hand */
  onHand?: number | null | undefined;
  /** A sellable SKU */
  sku: string;
};

/** Input of updateWebhookSubscription; omitted fields stay */
export type UpdateWebhookSubscriptionInput = {
  /** false switches the subscription off; true back on */
  active?: boolean | null | undefined;
  /** New free text; null clears it */
  description?: string | null | undefined;
  /** A new list of events */
  events?: Array<EventType> | null | undefined;
  /** The subscription */
  subscriptionId: string | number;
  /** A new endpoint */
  url?: string | null | undefined;
};

/** What an upsert did with one product */
export type UpsertOutcome =
  /** A new product */
  | 'created'
  /** The stored content was the same; nothing was written */
  | 'unchanged'
  /** An existing product whose content changed */
  | 'updated';

/** Input of upsertProducts */
export type UpsertProductsInput = {
  /** Up to 100 products, created or updated by SKU */
  products: Array<ProductInput>;
};

/** Why an attempt failed */
export type WebhookAttemptError =
  /** The address is not allowed (private or reserved network) */
  | 'blocked'
  /** The connection failed (DNS, refused, reset) */
  | 'connection'
  /** The endpoint answered with a redirect (not followed) */
  | 'redirect'
  /** The endpoint answered with a non-2xx status */
  | 'status'
  /** The endpoint did not answer in time */
  | 'timeout'
  /** The TLS handshake or certificate failed */
  | 'tls';

/** Which deliveries the log returns; omitted fields do not filter */
export type WebhookDeliveryFilter = {
  /** Of this event */
  event?: EventType | null | undefined;
  /** In this status */
  status?: WebhookDeliveryStatus | null | undefined;
  /** Of this subscription */
  subscriptionId?: string | number | null | undefined;
};

/** Where a delivery stands */
export type WebhookDeliveryStatus =
  /** Its subscription was deleted or switched off before it succeeded */
  | 'cancelled'
  /** Every attempt failed; redeliver it to try again */
  | 'failed'
  /** Waiting for its first attempt */
  | 'pending'
  /** An attempt failed; another is scheduled (nextAttemptAt) */
  | 'retrying'
  /** The endpoint answered 2xx */
  | 'succeeded';

/** Why a subscription was switched off */
export type WebhookDisabledReason =
  /** Too many attempts failed in a row */
  | 'failing'
  /** The receiver answered 410 Gone */
  | 'gone'
  /** The seller switched it off */
  | 'user';

/** How a subscription's endpoint has been answering */
export type WebhookHealth =
  /** 1–4 attempts failed in a row */
  | 'degraded'
  /** Switched off: by the seller, a 410 Gone, or too many failures */
  | 'disabled'
  /** 5 or more attempts failed in a row */
  | 'failing'
  /** The last attempt succeeded (or none was made yet) */
  | 'healthy';

export type StockFiguresFragment = { sku: string, onHand: number, reserved: number, available: number, channels: Array<{ channel: string, quantity: number }> };

export type PriceEntriesFragment = { sku: string, prices: Array<{ channel: string | null, sale: string, promo: string | null, promoStart: string | null, promoEnd: string | null }> };

export type ProductsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: ProductFilter | null | undefined;
}>;


export type ProductsQuery = { products: { nodes: Array<{ sku: string, title: string, publicationStatus: PublicationStatus, channels: Array<string>, stock: { available: number } | null, variations: Array<{ sku: string, stock: { available: number } | null }> }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type ProductQueryVariables = Exact<{
  sku: string;
}>;


export type ProductQuery = { product: { sku: string, title: string, description: string | null, brand: string | null, gtin: string | null, ncm: string | null, publicationStatus: PublicationStatus, channels: Array<string>, updatedAt: string, attributes: Array<{ name: string, value: string }>, images: Array<{ url: string, position: number }>, stock: { sku: string, onHand: number, reserved: number, available: number, channels: Array<{ channel: string, quantity: number }> } | null, prices: { sku: string, prices: Array<{ channel: string | null, sale: string, promo: string | null, promoStart: string | null, promoEnd: string | null }> } | null, variations: Array<{ sku: string, attributes: Array<{ name: string, value: string }>, stock: { sku: string, onHand: number, reserved: number, available: number, channels: Array<{ channel: string, quantity: number }> } | null, prices: { sku: string, prices: Array<{ channel: string | null, sale: string, promo: string | null, promoStart: string | null, promoEnd: string | null }> } }> } | null };

export type UpsertProductsMutationVariables = Exact<{
  input: UpsertProductsInput;
}>;


export type UpsertProductsMutation = { upsertProducts: { results: Array<{ sku: string, result: UpsertOutcome }> } };

export type StockQueryVariables = Exact<{
  sku: string;
}>;


export type StockQuery = { stock: { sku: string, onHand: number, reserved: number, available: number, channels: Array<{ channel: string, quantity: number }> } };

export type UpdateStockMutationVariables = Exact<{
  input: UpdateStockInput;
}>;


export type UpdateStockMutation = { updateStock: { stock: { sku: string, onHand: number, reserved: number, available: number, channels: Array<{ channel: string, quantity: number }> } } };

export type PricesQueryVariables = Exact<{
  sku: string;
}>;


export type PricesQuery = { prices: { sku: string, prices: Array<{ channel: string | null, sale: string, promo: string | null, promoStart: string | null, promoEnd: string | null }> } };

export type EffectivePriceQueryVariables = Exact<{
  sku: string;
  channel?: string | null | undefined;
  at?: string | null | undefined;
}>;


export type EffectivePriceQuery = { effectivePrice: { sku: string, channel: string | null, at: string, source: PriceSource, sale: string, promo: string | null, promoActive: boolean, price: string } | null };

export type SetPricesMutationVariables = Exact<{
  input: SetPricesInput;
}>;


export type SetPricesMutation = { setPrices: { skuPrices: { sku: string, prices: Array<{ channel: string | null, sale: string, promo: string | null, promoStart: string | null, promoEnd: string | null }> } } };

export type ChannelSettingsFragment = { code: string, name: string, active: boolean, sharePercent: number, safetyStock: number, maxQuantity: number | null };

export type ChannelsQueryVariables = Exact<{ [key: string]: never; }>;


export type ChannelsQuery = { channels: Array<{ code: string, name: string, active: boolean, sharePercent: number, safetyStock: number, maxQuantity: number | null }> };

export type PutChannelMutationVariables = Exact<{
  input: PutChannelInput;
}>;


export type PutChannelMutation = { putChannel: { created: boolean, channel: { code: string, name: string, active: boolean, sharePercent: number, safetyStock: number, maxQuantity: number | null } } };

export type LiveEventFragment = { id: string, evento: string, dataHora: string, data: Record<string, unknown> };

export type OrderEventsSubscriptionVariables = Exact<{
  orderId?: string | number | null | undefined;
  statuses?: Array<OrderStatus> | OrderStatus | null | undefined;
  after?: string | number | null | undefined;
}>;


export type OrderEventsSubscription = { orderEvents: { id: string, evento: string, dataHora: string, data: Record<string, unknown> } };

export type StockEventsSubscriptionVariables = Exact<{
  sku?: string | null | undefined;
  after?: string | number | null | undefined;
}>;


export type StockEventsSubscription = { stockEvents: { id: string, evento: string, dataHora: string, data: Record<string, unknown> } };

export type EventsSubscriptionVariables = Exact<{
  types?: Array<EventType> | EventType | null | undefined;
  after?: string | number | null | undefined;
}>;


export type EventsSubscription = { events: { id: string, evento: string, dataHora: string, data: Record<string, unknown> } };

export type OrderSummaryFragment = { id: string, number: number, channel: string, externalId: string, status: OrderStatus, placedAt: string, updatedAt: string, amounts: { total: string } };

export type OrderDetailFragment = { cancellationReason: string | null, createdAt: string, id: string, number: number, channel: string, externalId: string, status: OrderStatus, placedAt: string, updatedAt: string, customer: { name: string, email: string | null, phone: string | null, document: string | null }, deliveryAddress: { recipient: string, street: string, number: string, complement: string | null, district: string, city: string, state: string, postalCode: string, country: string }, amounts: { items: string, shipping: string, discount: string, total: string }, items: Array<{ sku: string, title: string, quantity: number, unitPrice: string, discount: string, total: string }>, payments: Array<{ id: string, method: PaymentMethod, status: PaymentStatus, amount: string, installments: number, paidAt: string | null, transactionId: string | null }>, statusHistory: Array<{ status: OrderStatus, at: string, note: string | null }>, invoice: { number: string, series: string, accessKey: string } | null, shipment: { carrier: string, trackingCode: string, trackingUrl: string | null } | null };

export type OrdersQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: OrderFilterInput | null | undefined;
  sort?: OrderSort | null | undefined;
}>;


export type OrdersQuery = { orders: { nodes: Array<{ id: string, number: number, channel: string, externalId: string, status: OrderStatus, placedAt: string, updatedAt: string, amounts: { total: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type OrderQueryVariables = Exact<{
  id: string | number;
}>;


export type OrderQuery = { order: { cancellationReason: string | null, createdAt: string, id: string, number: number, channel: string, externalId: string, status: OrderStatus, placedAt: string, updatedAt: string, customer: { name: string, email: string | null, phone: string | null, document: string | null }, deliveryAddress: { recipient: string, street: string, number: string, complement: string | null, district: string, city: string, state: string, postalCode: string, country: string }, amounts: { items: string, shipping: string, discount: string, total: string }, items: Array<{ sku: string, title: string, quantity: number, unitPrice: string, discount: string, total: string }>, payments: Array<{ id: string, method: PaymentMethod, status: PaymentStatus, amount: string, installments: number, paidAt: string | null, transactionId: string | null }>, statusHistory: Array<{ status: OrderStatus, at: string, note: string | null }>, invoice: { number: string, series: string, accessKey: string } | null, shipment: { carrier: string, trackingCode: string, trackingUrl: string | null } | null } | null };

export type CreateOrderMutationVariables = Exact<{
  input: CreateOrderInput;
}>;


export type CreateOrderMutation = { createOrder: { created: boolean, order: { cancellationReason: string | null, createdAt: string, id: string, number: number, channel: string, externalId: string, status: OrderStatus, placedAt: string, updatedAt: string, customer: { name: string, email: string | null, phone: string | null, document: string | null }, deliveryAddress: { recipient: string, street: string, number: string, complement: string | null, district: string, city: string, state: string, postalCode: string, country: string }, amounts: { items: string, shipping: string, discount: string, total: string }, items: Array<{ sku: string, title: string, quantity: number, unitPrice: string, discount: string, total: string }>, payments: Array<{ id: string, method: PaymentMethod, status: PaymentStatus, amount: string, installments: number, paidAt: string | null, transactionId: string | null }>, statusHistory: Array<{ status: OrderStatus, at: string, note: string | null }>, invoice: { number: string, series: string, accessKey: string } | null, shipment: { carrier: string, trackingCode: string, trackingUrl: string | null } | null } } };

export type ChangeOrderStatusMutationVariables = Exact<{
  input: ChangeOrderStatusInput;
}>;


export type ChangeOrderStatusMutation = { changeOrderStatus: { order: { id: string, number: number, channel: string, externalId: string, status: OrderStatus, placedAt: string, updatedAt: string, invoice: { accessKey: string } | null, statusHistory: Array<{ status: OrderStatus, at: string, note: string | null }>, amounts: { total: string } } } };

export type RecordOrderPaymentMutationVariables = Exact<{
  input: RecordOrderPaymentInput;
}>;


export type RecordOrderPaymentMutation = { recordOrderPayment: { order: { id: string, number: number, channel: string, externalId: string, status: OrderStatus, placedAt: string, updatedAt: string, payments: Array<{ status: PaymentStatus, amount: string }>, amounts: { total: string } } } };

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { viewer: { scopes: Array<Scope>, tokenId: string, seller: { id: string, name: string } } };

export type NodeQueryVariables = Exact<{
  id: string | number;
}>;


export type NodeQuery = { node:
    | { __typename: 'ApiToken', id: string }
    | { __typename: 'Order', number: number, status: OrderStatus, id: string }
    | { __typename: 'SettlementCycle', id: string }
    | { __typename: 'SupportCase', id: string }
    | { __typename: 'TrackedShipment', id: string }
    | { __typename: 'WebhookDelivery', event: EventType, id: string, deliveryStatus: WebhookDeliveryStatus }
    | { __typename: 'WebhookSubscription', url: string, health: WebhookHealth, id: string }
   | null };

export type SubscriptionHealthFragment = { id: string, url: string, events: Array<EventType>, description: string | null, active: boolean, health: WebhookHealth, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null, disabledAt: string | null, disabledReason: WebhookDisabledReason | null, createdAt: string, updatedAt: string };

export type DeliveryLogEntryFragment = { id: string, subscriptionId: string, eventId: string, event: EventType, aggregateType: string, aggregateId: string, status: WebhookDeliveryStatus, attemptCount: number, nextAttemptAt: string | null, createdAt: string, completedAt: string | null, dataWithheld: boolean };

export type WebhookSubscriptionsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type WebhookSubscriptionsQuery = { webhookSubscriptions: { nodes: Array<{ id: string, url: string, events: Array<EventType>, description: string | null, active: boolean, health: WebhookHealth, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null, disabledAt: string | null, disabledReason: WebhookDisabledReason | null, createdAt: string, updatedAt: string }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type CreateWebhookSubscriptionMutationVariables = Exact<{
  input: CreateWebhookSubscriptionInput;
}>;


export type CreateWebhookSubscriptionMutation = { createWebhookSubscription: { secret: string, subscription: { id: string, url: string, events: Array<EventType>, description: string | null, active: boolean, health: WebhookHealth, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null, disabledAt: string | null, disabledReason: WebhookDisabledReason | null, createdAt: string, updatedAt: string } } };

export type UpdateWebhookSubscriptionMutationVariables = Exact<{
  input: UpdateWebhookSubscriptionInput;
}>;


export type UpdateWebhookSubscriptionMutation = { updateWebhookSubscription: { subscription: { id: string, url: string, events: Array<EventType>, description: string | null, active: boolean, health: WebhookHealth, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null, disabledAt: string | null, disabledReason: WebhookDisabledReason | null, createdAt: string, updatedAt: string } } };

export type DeleteWebhookSubscriptionMutationVariables = Exact<{
  input: DeleteWebhookSubscriptionInput;
}>;


export type DeleteWebhookSubscriptionMutation = { deleteWebhookSubscription: { deletedSubscriptionId: string } };

export type WebhookDeliveriesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: WebhookDeliveryFilter | null | undefined;
}>;


export type WebhookDeliveriesQuery = { webhookDeliveries: { nodes: Array<{ id: string, subscriptionId: string, eventId: string, event: EventType, aggregateType: string, aggregateId: string, status: WebhookDeliveryStatus, attemptCount: number, nextAttemptAt: string | null, createdAt: string, completedAt: string | null, dataWithheld: boolean }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type WebhookDeliveryQueryVariables = Exact<{
  id: string | number;
}>;


export type WebhookDeliveryQuery = { webhookDelivery: { payload: Record<string, unknown> | null, id: string, subscriptionId: string, eventId: string, event: EventType, aggregateType: string, aggregateId: string, status: WebhookDeliveryStatus, attemptCount: number, nextAttemptAt: string | null, createdAt: string, completedAt: string | null, dataWithheld: boolean, attempts: Array<{ number: number, at: string, durationMs: number, statusCode: number | null, responseBody: string | null, error: WebhookAttemptError | null, errorDetail: string | null }> } };

export type RedeliverWebhookDeliveryMutationVariables = Exact<{
  input: RedeliverWebhookDeliveryInput;
}>;


export type RedeliverWebhookDeliveryMutation = { redeliverWebhookDelivery: { delivery: { id: string, subscriptionId: string, eventId: string, event: EventType, aggregateType: string, aggregateId: string, status: WebhookDeliveryStatus, attemptCount: number, nextAttemptAt: string | null, createdAt: string, completedAt: string | null, dataWithheld: boolean } } };

export const StockFiguresFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StockFigures"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Stock"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"reserved"}},{"kind":"Field","name":{"kind":"Name","value":"available"}},{"kind":"Field","name":{"kind":"Name","value":"channels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}}]}}]}}]} as unknown as DocumentNode<StockFiguresFragment, unknown>;
export const PriceEntriesFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PriceEntries"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SkuPrices"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"sale"}},{"kind":"Field","name":{"kind":"Name","value":"promo"}},{"kind":"Field","name":{"kind":"Name","value":"promoStart"}},{"kind":"Field","name":{"kind":"Name","value":"promoEnd"}}]}}]}}]} as unknown as DocumentNode<PriceEntriesFragment, unknown>;
export const ChannelSettingsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ChannelSettings"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Channel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"sharePercent"}},{"kind":"Field","name":{"kind":"Name","value":"safetyStock"}},{"kind":"Field","name":{"kind":"Name","value":"maxQuantity"}}]}}]} as unknown as DocumentNode<ChannelSettingsFragment, unknown>;
export const LiveEventFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LiveEvent"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EventEnvelope"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"evento"}},{"kind":"Field","name":{"kind":"Name","value":"dataHora"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]} as unknown as DocumentNode<LiveEventFragment, unknown>;
export const OrderSummaryFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"externalId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"placedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"amounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]} as unknown as DocumentNode<OrderSummaryFragment, unknown>;
export const OrderDetailFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderDetail"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderSummary"}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"document"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deliveryAddress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"complement"}},{"kind":"Field","name":{"kind":"Name","value":"district"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"country"}}]}},{"kind":"Field","name":{"kind":"Name","value":"amounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"}},{"kind":"Field","name":{"kind":"Name","value":"shipping"}},{"kind":"Field","name":{"kind":"Name","value":"discount"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"discount"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"installments"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"transactionId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"statusHistory"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}},{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"series"}},{"kind":"Field","name":{"kind":"Name","value":"accessKey"}}]}},{"kind":"Field","name":{"kind":"Name","value":"shipment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"carrier"}},{"kind":"Field","name":{"kind":"Name","value":"trackingCode"}},{"kind":"Field","name":{"kind":"Name","value":"trackingUrl"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cancellationReason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"externalId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"placedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"amounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]} as unknown as DocumentNode<OrderDetailFragment, unknown>;
export const SubscriptionHealthFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SubscriptionHealth"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookSubscription"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"health"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveFailures"}},{"kind":"Field","name":{"kind":"Name","value":"lastSuccessAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastFailureAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<SubscriptionHealthFragment, unknown>;
export const DeliveryLogEntryFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeliveryLogEntry"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subscriptionId"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"aggregateType"}},{"kind":"Field","name":{"kind":"Name","value":"aggregateId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attemptCount"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"dataWithheld"}}]}}]} as unknown as DocumentNode<DeliveryLogEntryFragment, unknown>;
export const ProductsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Products"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProductFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"products"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"publicationStatus"}},{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"stock"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"available"}}]}},{"kind":"Field","name":{"kind":"Name","value":"variations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"stock"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"available"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<ProductsQuery, ProductsQueryVariables>;
export const ProductDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Product"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sku"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"product"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"sku"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sku"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"brand"}},{"kind":"Field","name":{"kind":"Name","value":"gtin"}},{"kind":"Field","name":{"kind":"Name","value":"ncm"}},{"kind":"Field","name":{"kind":"Name","value":"attributes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"images"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"position"}}]}},{"kind":"Field","name":{"kind":"Name","value":"publicationStatus"}},{"kind":"Field","name":{"kind":"Name","value":"channels"}},{"kind":"Field","name":{"kind":"Name","value":"stock"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StockFigures"}}]}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PriceEntries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"variations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"attributes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stock"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StockFigures"}}]}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PriceEntries"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StockFigures"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Stock"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"reserved"}},{"kind":"Field","name":{"kind":"Name","value":"available"}},{"kind":"Field","name":{"kind":"Name","value":"channels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PriceEntries"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SkuPrices"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"sale"}},{"kind":"Field","name":{"kind":"Name","value":"promo"}},{"kind":"Field","name":{"kind":"Name","value":"promoStart"}},{"kind":"Field","name":{"kind":"Name","value":"promoEnd"}}]}}]}}]} as unknown as DocumentNode<ProductQuery, ProductQueryVariables>;
export const UpsertProductsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpsertProducts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpsertProductsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"upsertProducts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"results"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"result"}}]}}]}}]}}]} as unknown as DocumentNode<UpsertProductsMutation, UpsertProductsMutationVariables>;
export const StockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Stock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sku"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"sku"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sku"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StockFigures"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StockFigures"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Stock"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"reserved"}},{"kind":"Field","name":{"kind":"Name","value":"available"}},{"kind":"Field","name":{"kind":"Name","value":"channels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}}]}}]}}]} as unknown as DocumentNode<StockQuery, StockQueryVariables>;
export const UpdateStockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateStock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateStockInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stock"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StockFigures"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StockFigures"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Stock"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"onHand"}},{"kind":"Field","name":{"kind":"Name","value":"reserved"}},{"kind":"Field","name":{"kind":"Name","value":"available"}},{"kind":"Field","name":{"kind":"Name","value":"channels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}}]}}]}}]} as unknown as DocumentNode<UpdateStockMutation, UpdateStockMutationVariables>;
export const PricesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Prices"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sku"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"prices"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"sku"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sku"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PriceEntries"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PriceEntries"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SkuPrices"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"sale"}},{"kind":"Field","name":{"kind":"Name","value":"promo"}},{"kind":"Field","name":{"kind":"Name","value":"promoStart"}},{"kind":"Field","name":{"kind":"Name","value":"promoEnd"}}]}}]}}]} as unknown as DocumentNode<PricesQuery, PricesQueryVariables>;
export const EffectivePriceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EffectivePrice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sku"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"channel"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"at"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTimeISO"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"effectivePrice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"sku"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sku"}}},{"kind":"Argument","name":{"kind":"Name","value":"channel"},"value":{"kind":"Variable","name":{"kind":"Name","value":"channel"}}},{"kind":"Argument","name":{"kind":"Name","value":"at"},"value":{"kind":"Variable","name":{"kind":"Name","value":"at"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"sale"}},{"kind":"Field","name":{"kind":"Name","value":"promo"}},{"kind":"Field","name":{"kind":"Name","value":"promoActive"}},{"kind":"Field","name":{"kind":"Name","value":"price"}}]}}]}}]} as unknown as DocumentNode<EffectivePriceQuery, EffectivePriceQueryVariables>;
export const SetPricesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetPrices"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SetPricesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setPrices"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"skuPrices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PriceEntries"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PriceEntries"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SkuPrices"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"prices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"sale"}},{"kind":"Field","name":{"kind":"Name","value":"promo"}},{"kind":"Field","name":{"kind":"Name","value":"promoStart"}},{"kind":"Field","name":{"kind":"Name","value":"promoEnd"}}]}}]}}]} as unknown as DocumentNode<SetPricesMutation, SetPricesMutationVariables>;
export const ChannelsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Channels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ChannelSettings"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ChannelSettings"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Channel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"sharePercent"}},{"kind":"Field","name":{"kind":"Name","value":"safetyStock"}},{"kind":"Field","name":{"kind":"Name","value":"maxQuantity"}}]}}]} as unknown as DocumentNode<ChannelsQuery, ChannelsQueryVariables>;
export const PutChannelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PutChannel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PutChannelInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"putChannel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"channel"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ChannelSettings"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ChannelSettings"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Channel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"sharePercent"}},{"kind":"Field","name":{"kind":"Name","value":"safetyStock"}},{"kind":"Field","name":{"kind":"Name","value":"maxQuantity"}}]}}]} as unknown as DocumentNode<PutChannelMutation, PutChannelMutationVariables>;
export const OrderEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"OrderEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"statuses"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderStatus"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}},{"kind":"Argument","name":{"kind":"Name","value":"statuses"},"value":{"kind":"Variable","name":{"kind":"Name","value":"statuses"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LiveEvent"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LiveEvent"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EventEnvelope"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"evento"}},{"kind":"Field","name":{"kind":"Name","value":"dataHora"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]} as unknown as DocumentNode<OrderEventsSubscription, OrderEventsSubscriptionVariables>;
export const StockEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"StockEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sku"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stockEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"sku"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sku"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LiveEvent"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LiveEvent"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EventEnvelope"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"evento"}},{"kind":"Field","name":{"kind":"Name","value":"dataHora"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]} as unknown as DocumentNode<StockEventsSubscription, StockEventsSubscriptionVariables>;
export const EventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"Events"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"types"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EventType"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"types"},"value":{"kind":"Variable","name":{"kind":"Name","value":"types"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LiveEvent"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LiveEvent"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EventEnvelope"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"evento"}},{"kind":"Field","name":{"kind":"Name","value":"dataHora"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]} as unknown as DocumentNode<EventsSubscription, EventsSubscriptionVariables>;
export const OrdersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Orders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderFilterInput"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sort"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderSort"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"sort"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sort"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderSummary"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"externalId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"placedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"amounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]} as unknown as DocumentNode<OrdersQuery, OrdersQueryVariables>;
export const OrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Order"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"order"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderDetail"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"externalId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"placedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"amounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderDetail"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderSummary"}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"document"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deliveryAddress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"complement"}},{"kind":"Field","name":{"kind":"Name","value":"district"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"country"}}]}},{"kind":"Field","name":{"kind":"Name","value":"amounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"}},{"kind":"Field","name":{"kind":"Name","value":"shipping"}},{"kind":"Field","name":{"kind":"Name","value":"discount"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"discount"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"installments"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"transactionId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"statusHistory"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}},{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"series"}},{"kind":"Field","name":{"kind":"Name","value":"accessKey"}}]}},{"kind":"Field","name":{"kind":"Name","value":"shipment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"carrier"}},{"kind":"Field","name":{"kind":"Name","value":"trackingCode"}},{"kind":"Field","name":{"kind":"Name","value":"trackingUrl"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cancellationReason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<OrderQuery, OrderQueryVariables>;
export const CreateOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateOrderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderDetail"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"externalId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"placedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"amounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderDetail"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderSummary"}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"document"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deliveryAddress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"complement"}},{"kind":"Field","name":{"kind":"Name","value":"district"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"country"}}]}},{"kind":"Field","name":{"kind":"Name","value":"amounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"}},{"kind":"Field","name":{"kind":"Name","value":"shipping"}},{"kind":"Field","name":{"kind":"Name","value":"discount"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sku"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"discount"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"installments"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"transactionId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"statusHistory"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}},{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"series"}},{"kind":"Field","name":{"kind":"Name","value":"accessKey"}}]}},{"kind":"Field","name":{"kind":"Name","value":"shipment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"carrier"}},{"kind":"Field","name":{"kind":"Name","value":"trackingCode"}},{"kind":"Field","name":{"kind":"Name","value":"trackingUrl"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cancellationReason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<CreateOrderMutation, CreateOrderMutationVariables>;
export const ChangeOrderStatusDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ChangeOrderStatus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ChangeOrderStatusInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changeOrderStatus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderSummary"}},{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accessKey"}}]}},{"kind":"Field","name":{"kind":"Name","value":"statusHistory"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"externalId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"placedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"amounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]} as unknown as DocumentNode<ChangeOrderStatusMutation, ChangeOrderStatusMutationVariables>;
export const RecordOrderPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RecordOrderPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RecordOrderPaymentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recordOrderPayment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderSummary"}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"channel"}},{"kind":"Field","name":{"kind":"Name","value":"externalId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"placedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"amounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]} as unknown as DocumentNode<RecordOrderPaymentMutation, RecordOrderPaymentMutationVariables>;
export const ViewerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seller"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}}]} as unknown as DocumentNode<ViewerQuery, ViewerQueryVariables>;
export const NodeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Node"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookSubscription"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"health"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","alias":{"kind":"Name","value":"deliveryStatus"},"name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<NodeQuery, NodeQueryVariables>;
export const WebhookSubscriptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookSubscriptions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookSubscriptions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SubscriptionHealth"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SubscriptionHealth"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookSubscription"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"health"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveFailures"}},{"kind":"Field","name":{"kind":"Name","value":"lastSuccessAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastFailureAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<WebhookSubscriptionsQuery, WebhookSubscriptionsQueryVariables>;
export const CreateWebhookSubscriptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateWebhookSubscription"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookSubscriptionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhookSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"subscription"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SubscriptionHealth"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SubscriptionHealth"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookSubscription"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"health"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveFailures"}},{"kind":"Field","name":{"kind":"Name","value":"lastSuccessAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastFailureAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateWebhookSubscriptionMutation, CreateWebhookSubscriptionMutationVariables>;
export const UpdateWebhookSubscriptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateWebhookSubscription"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookSubscriptionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhookSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscription"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SubscriptionHealth"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SubscriptionHealth"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookSubscription"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"health"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveFailures"}},{"kind":"Field","name":{"kind":"Name","value":"lastSuccessAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastFailureAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<UpdateWebhookSubscriptionMutation, UpdateWebhookSubscriptionMutationVariables>;
export const DeleteWebhookSubscriptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteWebhookSubscription"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteWebhookSubscriptionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhookSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletedSubscriptionId"}}]}}]}}]} as unknown as DocumentNode<DeleteWebhookSubscriptionMutation, DeleteWebhookSubscriptionMutationVariables>;
export const WebhookDeliveriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookDeliveries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDeliveryFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeliveryLogEntry"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeliveryLogEntry"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subscriptionId"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"aggregateType"}},{"kind":"Field","name":{"kind":"Name","value":"aggregateId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attemptCount"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"dataWithheld"}}]}}]} as unknown as DocumentNode<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const WebhookDeliveryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookDelivery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookDelivery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeliveryLogEntry"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"responseBody"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"errorDetail"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeliveryLogEntry"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subscriptionId"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"aggregateType"}},{"kind":"Field","name":{"kind":"Name","value":"aggregateId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attemptCount"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"dataWithheld"}}]}}]} as unknown as DocumentNode<WebhookDeliveryQuery, WebhookDeliveryQueryVariables>;
export const RedeliverWebhookDeliveryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RedeliverWebhookDelivery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RedeliverWebhookDeliveryInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeliverWebhookDelivery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"delivery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeliveryLogEntry"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeliveryLogEntry"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subscriptionId"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"aggregateType"}},{"kind":"Field","name":{"kind":"Name","value":"aggregateId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attemptCount"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"dataWithheld"}}]}}]} as unknown as DocumentNode<RedeliverWebhookDeliveryMutation, RedeliverWebhookDeliveryMutationVariables>;