/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.This scalar is serialized to a string in ISO 8601 format and parsed from a string in ISO 8601 format. */
  DateTimeISO: { input: string; output: string; }
  /** The `JSON` scalar type represents JSON values as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf). */
  JSON: { input: Record<string, unknown>; output: Record<string, unknown>; }
};

/** An API token of the seller, without its secret */
export type ApiToken = {
  __typename?: 'ApiToken';
  createdAt: Scalars['DateTimeISO']['output'];
  id: Scalars['ID']['output'];
  /** The token that created this one; null when the operator did (CLI) */
  issuedBy?: Maybe<Scalars['ID']['output']>;
  name: Scalars['String']['output'];
  /** The first characters of the token, to tell tokens apart */
  prefix: Scalars['String']['output'];
  /** Set once revoked: the token no longer works */
  revokedAt?: Maybe<Scalars['DateTimeISO']['output']>;
  scopes: Array<Scalars['String']['output']>;
};

export type ApiTokenConnection = {
  __typename?: 'ApiTokenConnection';
  edges: Array<ApiTokenEdge>;
  pageInfo: PageInfo;
};

export type ApiTokenEdge = {
  __typename?: 'ApiTokenEdge';
  cursor: Scalars['String']['output'];
  node: ApiToken;
};

/** A per-product webhook registered by an application the seller installed */
export type ApplicationWebhook = {
  __typename?: 'ApplicationWebhook';
  applicationId: Scalars['ID']['output'];
  applicationName: Scalars['String']['output'];
  consecutiveFailures: Scalars['Int']['output'];
  createdAt: Scalars['DateTimeISO']['output'];
  events: Array<Scalars['String']['output']>;
  health: WebhookHealth;
  id: Scalars['ID']['output'];
  lastFailureAt?: Maybe<Scalars['DateTimeISO']['output']>;
  lastSuccessAt?: Maybe<Scalars['DateTimeISO']['output']>;
  /** logistics, payments or support */
  product: Scalars['String']['output'];
  /** The subscription delivering the seller's events to it (filter the delivery log by it); null until the first one */
  subscriptionId?: Maybe<Scalars['ID']['output']>;
  url: Scalars['String']['output'];
};

/** in_stock: some sellable SKU of the product has available stock */
export type Availability =
  | 'in_stock'
  | 'out_of_stock';

/** A message of an order's chat with its carrier (chatTransportadora) */
export type CarrierChatMessage = {
  __typename?: 'CarrierChatMessage';
  authorName?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTimeISO']['output'];
  id: Scalars['ID']['output'];
  message: Scalars['String']['output'];
  order: Scalars['ID']['output'];
  sender: ChatSender;
};

export type CarrierChatMessageConnection = {
  __typename?: 'CarrierChatMessageConnection';
  edges: Array<CarrierChatMessageEdge>;
  pageInfo: PageInfo;
};

export type CarrierChatMessageEdge = {
  __typename?: 'CarrierChatMessageEdge';
  cursor: Scalars['String']['output'];
  node: CarrierChatMessage;
};

export type CarrierChatMessageInput = {
  authorName?: InputMaybe<Scalars['String']['input']>;
  message: Scalars['String']['input'];
  sender: ChatSender;
};

export type ChangeOrderStatusInput = {
  /** Required for faturado */
  invoice?: InputMaybe<InvoiceInput>;
  note?: InputMaybe<Scalars['String']['input']>;
  /** Required for cancelado */
  reason?: InputMaybe<Scalars['String']['input']>;
  /** Required for enviado */
  shipment?: InputMaybe<ShipmentInput>;
  status: OrderStatusTarget;
};

export type Channel = {
  __typename?: 'Channel';
  active: Scalars['Boolean']['output'];
  code: Scalars['String']['output'];
  maxQuantity?: Maybe<Scalars['Int']['output']>;
  name: Scalars['String']['output'];
  safetyStock: Scalars['Int']['output'];
  sharePercent: Scalars['Int']['output'];
};

/** Omitted settings take their defaults: active, 100 %, 0, no cap */
export type ChannelInput = {
  active?: InputMaybe<Scalars['Boolean']['input']>;
  maxQuantity?: InputMaybe<Scalars['Int']['input']>;
  name: Scalars['String']['input'];
  safetyStock?: InputMaybe<Scalars['Int']['input']>;
  sharePercent?: InputMaybe<Scalars['Int']['input']>;
};

export type ChannelPutResult = {
  __typename?: 'ChannelPutResult';
  channel: Channel;
  /** false when an existing channel was replaced */
  created: Scalars['Boolean']['output'];
};

/** Published quantity of a SKU on one active channel */
export type ChannelQuantity = {
  __typename?: 'ChannelQuantity';
  channel: Scalars['String']['output'];
  quantity: Scalars['Int']['output'];
};

export type ChatSender =
  | 'carrier'
  | 'seller';

export type CloseSettlementCycleInput = {
  /** ISO 8601, exclusive; not in the future */
  periodEnd: Scalars['String']['input'];
  /** ISO 8601, inclusive */
  periodStart: Scalars['String']['input'];
};

export type CreateOrderInput = {
  allowOversell?: InputMaybe<Scalars['Boolean']['input']>;
  channel: Scalars['String']['input'];
  customer: CustomerInput;
  deliveryAddress: DeliveryAddressInput;
  discount?: InputMaybe<Scalars['String']['input']>;
  externalId: Scalars['String']['input'];
  items: Array<OrderItemInput>;
  payments?: InputMaybe<Array<PaymentInput>>;
  placedAt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  shipping?: InputMaybe<Scalars['String']['input']>;
  /** When given, must equal the computed total */
  total?: InputMaybe<Scalars['String']['input']>;
};

export type CreateOrderResult = {
  __typename?: 'CreateOrderResult';
  /** False when an earlier request (same idempotency key, or same channel and externalId) created it */
  created: Scalars['Boolean']['output'];
  order: Order;
};

export type CreateShipmentInput = {
  carrier: Scalars['String']['input'];
  trackingCode: Scalars['String']['input'];
  trackingUrl?: InputMaybe<Scalars['String']['input']>;
};

export type CreateTokenInput = {
  name?: InputMaybe<Scalars['String']['input']>;
  /** At most the calling token's scopes; missing or empty means exactly those */
  scopes?: InputMaybe<Array<Scalars['String']['input']>>;
};

export type CreateWebhookSubscriptionInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  events: Array<Scalars['String']['input']>;
  url: Scalars['String']['input'];
};

export type CreatedToken = {
  __typename?: 'CreatedToken';
  id: Scalars['ID']['output'];
  scopes: Array<Scalars['String']['output']>;
  /** Shown once: only its hash is stored */
  token: Scalars['String']['output'];
};

/** A new subscription and its secret, shown this once */
export type CreatedWebhookSubscription = {
  __typename?: 'CreatedWebhookSubscription';
  /** whsec_…: verify signatures with it */
  secret: Scalars['String']['output'];
  subscription: WebhookSubscription;
};

export type Customer = {
  __typename?: 'Customer';
  /** CPF or CNPJ without the mask */
  document: Scalars['String']['output'];
  email?: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  phone?: Maybe<Scalars['String']['output']>;
};

export type CustomerInput = {
  /** CPF or CNPJ, with or without the mask */
  document: Scalars['String']['input'];
  email?: InputMaybe<Scalars['String']['input']>;
  name: Scalars['String']['input'];
  phone?: InputMaybe<Scalars['String']['input']>;
};

export type DeliveryAddress = {
  __typename?: 'DeliveryAddress';
  city: Scalars['String']['output'];
  complement?: Maybe<Scalars['String']['output']>;
  country: Scalars['String']['output'];
  district: Scalars['String']['output'];
  number: Scalars['String']['output'];
  postalCode: Scalars['String']['output'];
  recipient: Scalars['String']['output'];
  state: Scalars['String']['output'];
  street: Scalars['String']['output'];
};

export type DeliveryAddressInput = {
  city: Scalars['String']['input'];
  complement?: InputMaybe<Scalars['String']['input']>;
  /** Default BR */
  country?: InputMaybe<Scalars['String']['input']>;
  district: Scalars['String']['input'];
  number: Scalars['String']['input'];
  /** CEP, 8 digits */
  postalCode: Scalars['String']['input'];
  recipient: Scalars['String']['input'];
  /** UF, e.g. SP */
  state: Scalars['String']['input'];
  street: Scalars['String']['input'];
};

export type DimensionsCm = {
  __typename?: 'DimensionsCm';
  height: Scalars['Float']['output'];
  length: Scalars['Float']['output'];
  width: Scalars['Float']['output'];
};

export type DimensionsCmInput = {
  height: Scalars['Float']['input'];
  length: Scalars['Float']['input'];
  width: Scalars['Float']['input'];
};

/** What a buyer pays for a SKU on a channel at an instant */
export type EffectivePrice = {
  __typename?: 'EffectivePrice';
  at: Scalars['DateTimeISO']['output'];
  channel?: Maybe<Scalars['String']['output']>;
  price: Scalars['String']['output'];
  promo?: Maybe<Scalars['String']['output']>;
  promoActive: Scalars['Boolean']['output'];
  sale: Scalars['String']['output'];
  sku: Scalars['String']['output'];
  source: PriceSource;
};

/** An event exactly as webhooks deliver it: `{id, evento, dataHora, data}` */
export type EventEnvelope = {
  __typename?: 'EventEnvelope';
  /** The event data, as in the webhook body */
  data: Scalars['JSON']['output'];
  dataHora: Scalars['DateTimeISO']['output'];
  /** The event name, e.g. `pedido.criado` */
  evento: Scalars['String']['output'];
  /** The event id (UUID v7, time ordered): pass it as `after` to resume */
  id: Scalars['ID']['output'];
};

/** A third-party application installed by the seller */
export type InstalledApplication = {
  __typename?: 'InstalledApplication';
  applicationId: Scalars['ID']['output'];
  installedAt: Scalars['DateTimeISO']['output'];
  name: Scalars['String']['output'];
};

export type Invoice = {
  __typename?: 'Invoice';
  /** NF-e access key, 44 digits */
  accessKey: Scalars['String']['output'];
  number: Scalars['String']['output'];
  series: Scalars['String']['output'];
};

export type InvoiceInput = {
  accessKey: Scalars['String']['input'];
  number: Scalars['String']['input'];
  series: Scalars['String']['input'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Emits atendimento.mensagem; a closed case is 409 */
  addSupportMessage: SupportMessage;
  /** Records a tracking event; emits frete.rastreio and rastreio.atualizado */
  addTrackingEvent: TrackingEventType;
  /** Moves an order to faturado, enviado, entregue or cancelado */
  changeOrderStatus: Order;
  /** Settles the approved payments of an ended period not settled before */
  closeSettlementCycle: SettlementCycle;
  /** Emits atendimento.encerrado; closing twice is 409 */
  closeSupportCase: SupportCase;
  /** Creates an order; an idempotencyKey behaves as the Idempotency-Key header of POST /pedidos */
  createOrder: CreateOrderResult;
  /** A shipment of an invoiced (or later) order */
  createShipment: TrackedShipment;
  createToken: CreatedToken;
  createWebhookSubscription: CreatedWebhookSubscription;
  /** Deletes the subscription and cancels what it still owed */
  deleteWebhookSubscription: Scalars['Boolean']['output'];
  /** Needs webhooks:write and orders:read: the app will receive order data */
  installApplication: InstalledApplication;
  /** Emits atendimento.criado (and atendimento.mensagem for a first message) */
  openSupportCase: SupportCase;
  /** Posts to the order's carrier chat; emits chatTransportadora */
  postCarrierChatMessage: CarrierChatMessage;
  /** Creates or replaces a channel (as PUT /canais/{code}); allocation changes recompute every SKU */
  putChannel: ChannelPutResult;
  /** Records a payment (or updates the one with the same transactionId); approved payments covering the total move a pendente order to aprovado */
  recordOrderPayment: Order;
  /** Redelivers the failed deliveries created at or after `since` */
  recoverWebhookDeliveries: WebhookRecovery;
  /** Sends a finished delivery again */
  redeliverWebhookDelivery: WebhookDelivery;
  /** Revokes a token of the seller whose scopes the caller holds; it stops working at once and its live connections close (4403) */
  revokeToken: ApiToken;
  rotateWebhookSecret: WebhookSecret;
  /** Sets the listed prices of a sellable SKU (as PATCH /produtos/{sku}/preco) */
  setPrices: SkuPrices;
  /** Fires aplicativo.removido to the app's payments and customer-service registrations */
  uninstallApplication: Scalars['Boolean']['output'];
  /** Sets onHand (absolute) or applies delta, which needs an idempotencyKey (as PATCH /estoque/{sku}) */
  updateStock: Stock;
  /** Change a subscription; active: false switches it off */
  updateWebhookSubscription: WebhookSubscription;
  /** Creates or updates up to 100 products by SKU (as PUT /produtos) */
  upsertProducts: Array<UpsertResult>;
};


export type MutationAddSupportMessageArgs = {
  caseId: Scalars['ID']['input'];
  input: SupportMessageInput;
};


export type MutationAddTrackingEventArgs = {
  input: TrackingEventInput;
  shipmentId: Scalars['ID']['input'];
};


export type MutationChangeOrderStatusArgs = {
  id: Scalars['ID']['input'];
  input: ChangeOrderStatusInput;
};


export type MutationCloseSettlementCycleArgs = {
  input: CloseSettlementCycleInput;
};


export type MutationCloseSupportCaseArgs = {
  caseId: Scalars['ID']['input'];
};


export type MutationCreateOrderArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: CreateOrderInput;
};


export type MutationCreateShipmentArgs = {
  input: CreateShipmentInput;
  orderId: Scalars['ID']['input'];
};


export type MutationCreateTokenArgs = {
  input?: InputMaybe<CreateTokenInput>;
};


export type MutationCreateWebhookSubscriptionArgs = {
  input: CreateWebhookSubscriptionInput;
};


export type MutationDeleteWebhookSubscriptionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationInstallApplicationArgs = {
  applicationId: Scalars['ID']['input'];
};


export type MutationOpenSupportCaseArgs = {
  input: OpenSupportCaseInput;
};


export type MutationPostCarrierChatMessageArgs = {
  input: CarrierChatMessageInput;
  orderId: Scalars['ID']['input'];
};


export type MutationPutChannelArgs = {
  code: Scalars['String']['input'];
  input: ChannelInput;
};


export type MutationRecordOrderPaymentArgs = {
  input: PaymentInput;
  orderId: Scalars['ID']['input'];
};


export type MutationRecoverWebhookDeliveriesArgs = {
  id: Scalars['ID']['input'];
  since: Scalars['String']['input'];
};


export type MutationRedeliverWebhookDeliveryArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRevokeTokenArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRotateWebhookSecretArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSetPricesArgs = {
  prices: Array<PriceInput>;
  sku: Scalars['String']['input'];
};


export type MutationUninstallApplicationArgs = {
  applicationId: Scalars['ID']['input'];
};


export type MutationUpdateStockArgs = {
  delta?: InputMaybe<Scalars['Int']['input']>;
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  onHand?: InputMaybe<Scalars['Int']['input']>;
  sku: Scalars['String']['input'];
};


export type MutationUpdateWebhookSubscriptionArgs = {
  id: Scalars['ID']['input'];
  input: UpdateWebhookSubscriptionInput;
};


export type MutationUpsertProductsArgs = {
  products: Array<ProductInput>;
};

export type NameValue = {
  __typename?: 'NameValue';
  name: Scalars['String']['output'];
  value: Scalars['String']['output'];
};

export type NameValueInput = {
  name: Scalars['String']['input'];
  value: Scalars['String']['input'];
};

export type OpenSupportCaseInput = {
  /** canal, e.g. chat, email, whatsapp */
  channel: Scalars['String']['input'];
  customerName?: InputMaybe<Scalars['String']['input']>;
  /** The customer's first message (entrada) */
  message?: InputMaybe<Scalars['String']['input']>;
  orderId?: InputMaybe<Scalars['ID']['input']>;
  subject: Scalars['String']['input'];
};

/** An order from any channel, in one normalized shape */
export type Order = {
  __typename?: 'Order';
  amounts: OrderAmounts;
  cancellationReason?: Maybe<Scalars['String']['output']>;
  /** Channel code */
  channel: Scalars['String']['output'];
  createdAt: Scalars['DateTimeISO']['output'];
  customer: Customer;
  deliveryAddress: DeliveryAddress;
  /** The order's id in its channel */
  externalId: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  invoice?: Maybe<Invoice>;
  items: Array<OrderItem>;
  /** The statuses changeOrderStatus may move this order to now */
  nextStatuses: Array<OrderStatusTarget>;
  /** Per-seller sequence */
  number: Scalars['Int']['output'];
  payments: Array<Payment>;
  placedAt: Scalars['DateTimeISO']['output'];
  shipment?: Maybe<Shipment>;
  status: OrderStatus;
  statusHistory: Array<StatusHistoryEntry>;
  updatedAt: Scalars['DateTimeISO']['output'];
};

/** Computed by the server: total = items + shipping − discount */
export type OrderAmounts = {
  __typename?: 'OrderAmounts';
  discount: Scalars['String']['output'];
  items: Scalars['String']['output'];
  shipping: Scalars['String']['output'];
  total: Scalars['String']['output'];
};

export type OrderConnection = {
  __typename?: 'OrderConnection';
  edges: Array<OrderEdge>;
  pageInfo: PageInfo;
};

export type OrderEdge = {
  __typename?: 'OrderEdge';
  cursor: Scalars['String']['output'];
  node: Order;
};

export type OrderFilterInput = {
  channel?: InputMaybe<Scalars['String']['input']>;
  createdFrom?: InputMaybe<Scalars['DateTimeISO']['input']>;
  createdTo?: InputMaybe<Scalars['DateTimeISO']['input']>;
  status?: InputMaybe<Array<OrderStatus>>;
  updatedSince?: InputMaybe<Scalars['DateTimeISO']['input']>;
};

export type OrderItem = {
  __typename?: 'OrderItem';
  /** For the whole line */
  discount: Scalars['String']['output'];
  quantity: Scalars['Int']['output'];
  sku: Scalars['String']['output'];
  title: Scalars['String']['output'];
  /** quantity × unitPrice − discount */
  total: Scalars['String']['output'];
  unitPrice: Scalars['String']['output'];
};

export type OrderItemInput = {
  /** For the whole line */
  discount?: InputMaybe<Scalars['String']['input']>;
  quantity: Scalars['Int']['input'];
  sku: Scalars['String']['input'];
  title?: InputMaybe<Scalars['String']['input']>;
  unitPrice: Scalars['String']['input'];
};

/** createdAt: newest first; updatedAt: oldest-updated first (incremental sync) */
export type OrderSort =
  | 'createdAt'
  | 'updatedAt';

export type OrderStatus =
  | 'aprovado'
  | 'cancelado'
  | 'entregue'
  | 'enviado'
  | 'faturado'
  | 'pendente';

/** The statuses a client may move an order to */
export type OrderStatusTarget =
  | 'cancelado'
  | 'entregue'
  | 'enviado'
  | 'faturado';

/** Relay page information */
export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
  /** Always false: lists page forward only */
  hasPreviousPage: Scalars['Boolean']['output'];
  startCursor?: Maybe<Scalars['String']['output']>;
};

export type Payment = {
  __typename?: 'Payment';
  amount: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  installments: Scalars['Int']['output'];
  method: PaymentMethod;
  paidAt?: Maybe<Scalars['DateTimeISO']['output']>;
  status: PaymentStatus;
  transactionId?: Maybe<Scalars['String']['output']>;
};

export type PaymentInput = {
  amount: Scalars['String']['input'];
  installments?: InputMaybe<Scalars['Int']['input']>;
  method: PaymentMethod;
  paidAt?: InputMaybe<Scalars['DateTimeISO']['input']>;
  status: PaymentStatus;
  transactionId?: InputMaybe<Scalars['String']['input']>;
};

export type PaymentMethod =
  | 'boleto'
  | 'credit_card'
  | 'debit_card'
  | 'other'
  | 'pix'
  | 'wallet';

export type PaymentStatus =
  | 'approved'
  | 'pending'
  | 'refunded'
  | 'refused';

export type Price = {
  __typename?: 'Price';
  /** null: the default price */
  channel?: Maybe<Scalars['String']['output']>;
  promo?: Maybe<Scalars['String']['output']>;
  promoEnd?: Maybe<Scalars['DateTimeISO']['output']>;
  promoStart?: Maybe<Scalars['DateTimeISO']['output']>;
  /** Decimal string, BRL */
  sale: Scalars['String']['output'];
};

export type PriceInput = {
  /** null or omitted: the default price */
  channel?: InputMaybe<Scalars['String']['input']>;
  promo?: InputMaybe<Scalars['String']['input']>;
  /** ISO 8601, exclusive */
  promoEnd?: InputMaybe<Scalars['String']['input']>;
  /** ISO 8601 */
  promoStart?: InputMaybe<Scalars['String']['input']>;
  /** Decimal string, e.g. "199.90" */
  sale: Scalars['String']['input'];
};

/** Whose entry gave the effective price */
export type PriceSource =
  | 'channel'
  | 'default';

/** A product; without variations it is itself the sellable SKU */
export type Product = {
  __typename?: 'Product';
  attributes: Array<NameValue>;
  brand?: Maybe<Scalars['String']['output']>;
  /** Codes of the channels it is listed on */
  channels: Array<Scalars['String']['output']>;
  createdAt: Scalars['DateTimeISO']['output'];
  datasheet: Array<NameValue>;
  description?: Maybe<Scalars['String']['output']>;
  dimensionsCm?: Maybe<DimensionsCm>;
  gtin?: Maybe<Scalars['String']['output']>;
  images: Array<ProductImage>;
  ncm?: Maybe<Scalars['String']['output']>;
  /** Null when the product has variations: prices belong to them */
  prices?: Maybe<SkuPrices>;
  publicationStatus: PublicationStatus;
  sku: Scalars['String']['output'];
  /** Null when the product has variations: stock belongs to them */
  stock?: Maybe<Stock>;
  title: Scalars['String']['output'];
  updatedAt: Scalars['DateTimeISO']['output'];
  variations: Array<ProductVariation>;
  weightGrams?: Maybe<Scalars['Int']['output']>;
};

export type ProductConnection = {
  __typename?: 'ProductConnection';
  edges: Array<ProductEdge>;
  pageInfo: PageInfo;
};

export type ProductEdge = {
  __typename?: 'ProductEdge';
  cursor: Scalars['String']['output'];
  node: Product;
};

export type ProductFilter = {
  availability?: InputMaybe<Availability>;
  /** Listed on this channel */
  channel?: InputMaybe<Scalars['String']['input']>;
  publicationStatus?: InputMaybe<Array<PublicationStatus>>;
};

export type ProductImage = {
  __typename?: 'ProductImage';
  position: Scalars['Int']['output'];
  url: Scalars['String']['output'];
};

export type ProductImageInput = {
  position: Scalars['Int']['input'];
  url: Scalars['String']['input'];
};

/** One product of an upsert batch; omitted fields take their defaults */
export type ProductInput = {
  attributes?: InputMaybe<Array<NameValueInput>>;
  brand?: InputMaybe<Scalars['String']['input']>;
  channels?: InputMaybe<Array<Scalars['String']['input']>>;
  datasheet?: InputMaybe<Array<NameValueInput>>;
  description?: InputMaybe<Scalars['String']['input']>;
  dimensionsCm?: InputMaybe<DimensionsCmInput>;
  gtin?: InputMaybe<Scalars['String']['input']>;
  images?: InputMaybe<Array<ProductImageInput>>;
  ncm?: InputMaybe<Scalars['String']['input']>;
  publicationStatus?: InputMaybe<PublicationStatus>;
  sku: Scalars['String']['input'];
  title: Scalars['String']['input'];
  variations?: InputMaybe<Array<ProductVariationInput>>;
  weightGrams?: InputMaybe<Scalars['Int']['input']>;
};

/** A sellable SKU of a product with its own attributes, images and GTIN */
export type ProductVariation = {
  __typename?: 'ProductVariation';
  attributes: Array<NameValue>;
  gtin?: Maybe<Scalars['String']['output']>;
  images: Array<ProductImage>;
  prices: SkuPrices;
  sku: Scalars['String']['output'];
  stock?: Maybe<Stock>;
};

export type ProductVariationInput = {
  attributes?: InputMaybe<Array<NameValueInput>>;
  gtin?: InputMaybe<Scalars['String']['input']>;
  images?: InputMaybe<Array<ProductImageInput>>;
  sku: Scalars['String']['input'];
};

export type PublicationStatus =
  | 'archived'
  | 'draft'
  | 'paused'
  | 'published';

export type Query = {
  __typename?: 'Query';
  /** The per-product webhooks of the applications the seller installed, with their health for this seller */
  applicationWebhooks: Array<ApplicationWebhook>;
  /** The order's chat with its carrier, oldest message first */
  carrierChat: CarrierChatMessageConnection;
  channel?: Maybe<Channel>;
  /** The seller's channels, by code */
  channels: Array<Channel>;
  /** The price of a SKU on a channel (omitted: the default) at an instant (omitted: now); null when no price applies */
  effectivePrice?: Maybe<EffectivePrice>;
  installedApplications: Array<InstalledApplication>;
  /** Null when no order of the caller's seller has this id */
  order?: Maybe<Order>;
  /** Orders, newest first, or oldest-updated first with sort: updatedAt */
  orders: OrderConnection;
  /** The default price and per-channel overrides of a sellable SKU */
  prices: SkuPrices;
  /** Null when the caller's catalogue has no product with this SKU */
  product?: Maybe<Product>;
  /** Products by SKU, filtered (as GET /produtos) */
  products: ProductConnection;
  settlementCycle?: Maybe<SettlementCycle>;
  /** Newest first */
  settlementCycles: SettlementCycleConnection;
  shipment?: Maybe<TrackedShipment>;
  /** The order's shipments, oldest first */
  shipments: Array<TrackedShipment>;
  /** Stock of a SKU and its published quantity per active channel */
  stock: Stock;
  supportCase?: Maybe<SupportCase>;
  /** Newest first */
  supportCases: SupportCaseConnection;
  /** The seller's tokens, revoked ones included, oldest first */
  tokens: ApiTokenConnection;
  viewer: Viewer;
  /** The delivery log, newest first, with every attempt */
  webhookDeliveries: WebhookDeliveryConnection;
  webhookDelivery: WebhookDelivery;
  webhookSubscription: WebhookSubscription;
  /** Subscriptions not deleted, oldest first, with their health */
  webhookSubscriptions: WebhookSubscriptionConnection;
};


export type QueryCarrierChatArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  orderId: Scalars['ID']['input'];
};


export type QueryChannelArgs = {
  code: Scalars['String']['input'];
};


export type QueryEffectivePriceArgs = {
  at?: InputMaybe<Scalars['String']['input']>;
  channel?: InputMaybe<Scalars['String']['input']>;
  sku: Scalars['String']['input'];
};


export type QueryOrderArgs = {
  id: Scalars['ID']['input'];
};


export type QueryOrdersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<OrderFilterInput>;
  first?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<OrderSort>;
};


export type QueryPricesArgs = {
  sku: Scalars['String']['input'];
};


export type QueryProductArgs = {
  sku: Scalars['String']['input'];
};


export type QueryProductsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ProductFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QuerySettlementCycleArgs = {
  id: Scalars['ID']['input'];
};


export type QuerySettlementCyclesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryShipmentArgs = {
  id: Scalars['ID']['input'];
};


export type QueryShipmentsArgs = {
  orderId: Scalars['ID']['input'];
};


export type QueryStockArgs = {
  sku: Scalars['String']['input'];
};


export type QuerySupportCaseArgs = {
  id: Scalars['ID']['input'];
};


export type QuerySupportCasesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<SupportCaseStatus>;
};


export type QueryTokensArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryWebhookDeliveriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<WebhookDeliveryFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryWebhookDeliveryArgs = {
  id: Scalars['ID']['input'];
};


export type QueryWebhookSubscriptionArgs = {
  id: Scalars['ID']['input'];
};


export type QueryWebhookSubscriptionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** A closed settlement period; closing it emits ciclo.criado */
export type SettlementCycle = {
  __typename?: 'SettlementCycle';
  createdAt: Scalars['DateTimeISO']['output'];
  entries: Array<SettlementEntry>;
  /** Percent of each payment taken as fee, e.g. "2.50" */
  feePercent: Scalars['String']['output'];
  fees: Scalars['String']['output'];
  gross: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  net: Scalars['String']['output'];
  paymentCount: Scalars['Int']['output'];
  /** YYYY-MM-DD (UTC) */
  payoutDate: Scalars['String']['output'];
  /** Exclusive */
  periodEnd: Scalars['DateTimeISO']['output'];
  /** Inclusive */
  periodStart: Scalars['DateTimeISO']['output'];
};

export type SettlementCycleConnection = {
  __typename?: 'SettlementCycleConnection';
  edges: Array<SettlementCycleEdge>;
  pageInfo: PageInfo;
};

export type SettlementCycleEdge = {
  __typename?: 'SettlementCycleEdge';
  cursor: Scalars['String']['output'];
  node: SettlementCycle;
};

/** One approved payment settled in a cycle */
export type SettlementEntry = {
  __typename?: 'SettlementEntry';
  amount: Scalars['String']['output'];
  fee: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  order: Scalars['ID']['output'];
  payment: Scalars['ID']['output'];
};

export type Shipment = {
  __typename?: 'Shipment';
  carrier: Scalars['String']['output'];
  trackingCode: Scalars['String']['output'];
  trackingUrl?: Maybe<Scalars['String']['output']>;
};

export type ShipmentInput = {
  carrier: Scalars['String']['input'];
  trackingCode: Scalars['String']['input'];
  trackingUrl?: InputMaybe<Scalars['String']['input']>;
};

export type SkuPrices = {
  __typename?: 'SkuPrices';
  prices: Array<Price>;
  sku: Scalars['String']['output'];
};

export type StatusHistoryEntry = {
  __typename?: 'StatusHistoryEntry';
  at: Scalars['DateTimeISO']['output'];
  note?: Maybe<Scalars['String']['output']>;
  status: OrderStatus;
};

/** Stock of a sellable SKU: available = onHand − reserved */
export type Stock = {
  __typename?: 'Stock';
  available: Scalars['Int']['output'];
  /** Every active channel of the seller */
  channels: Array<ChannelQuantity>;
  onHand: Scalars['Int']['output'];
  reserved: Scalars['Int']['output'];
  sku: Scalars['String']['output'];
};

export type Subscription = {
  __typename?: 'Subscription';
  /** Events of the given types (default: every type the token may read), optionally resuming after an event id */
  events: EventEnvelope;
  /** `pedido.criado` and `pedido.status_alterado`, optionally of one order and of orders now in one of `statuses` */
  orderEvents: EventEnvelope;
  /** `estoque.alterado`, `produto.publicacao_alterada` and `produto.preco_alterado`, optionally of one SKU */
  stockEvents: EventEnvelope;
};


export type SubscriptionEventsArgs = {
  after?: InputMaybe<Scalars['ID']['input']>;
  types?: InputMaybe<Array<Scalars['String']['input']>>;
};


export type SubscriptionOrderEventsArgs = {
  after?: InputMaybe<Scalars['ID']['input']>;
  orderId?: InputMaybe<Scalars['ID']['input']>;
  statuses?: InputMaybe<Array<Scalars['String']['input']>>;
};


export type SubscriptionStockEventsArgs = {
  after?: InputMaybe<Scalars['ID']['input']>;
  sku?: InputMaybe<Scalars['String']['input']>;
};

/** A customer-service case (atendimento) */
export type SupportCase = {
  __typename?: 'SupportCase';
  /** canal */
  channel: Scalars['String']['output'];
  closedAt?: Maybe<Scalars['DateTimeISO']['output']>;
  createdAt: Scalars['DateTimeISO']['output'];
  customerName?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** Oldest first */
  messages: Array<SupportMessage>;
  order?: Maybe<Scalars['ID']['output']>;
  status: SupportCaseStatus;
  subject: Scalars['String']['output'];
};

export type SupportCaseConnection = {
  __typename?: 'SupportCaseConnection';
  edges: Array<SupportCaseEdge>;
  pageInfo: PageInfo;
};

export type SupportCaseEdge = {
  __typename?: 'SupportCaseEdge';
  cursor: Scalars['String']['output'];
  node: SupportCase;
};

export type SupportCaseStatus =
  | 'closed'
  | 'open';

/** An interaction of a case; each one is sent as atendimento.mensagem */
export type SupportMessage = {
  __typename?: 'SupportMessage';
  /** dataHora */
  at: Scalars['DateTimeISO']['output'];
  /** canal */
  channel: Scalars['String']['output'];
  /** direcao */
  direction: SupportMessageDirection;
  id: Scalars['ID']['output'];
  /** mensagem */
  message: Scalars['String']['output'];
};

/** entrada: from the customer; saida: to the customer */
export type SupportMessageDirection =
  | 'entrada'
  | 'saida';

export type SupportMessageInput = {
  /** Defaults to the case's channel */
  channel?: InputMaybe<Scalars['String']['input']>;
  direction: SupportMessageDirection;
  message: Scalars['String']['input'];
};

/** A package of an order in a carrier's hands, with its tracking events */
export type TrackedShipment = {
  __typename?: 'TrackedShipment';
  carrier: Scalars['String']['output'];
  createdAt: Scalars['DateTimeISO']['output'];
  id: Scalars['ID']['output'];
  order: Scalars['ID']['output'];
  /** Of the latest tracking event; null before the first */
  status?: Maybe<TrackingStatus>;
  trackingCode: Scalars['String']['output'];
  /** In the order they were recorded */
  trackingEvents: Array<TrackingEventType>;
  trackingUrl?: Maybe<Scalars['String']['output']>;
  updatedAt: Scalars['DateTimeISO']['output'];
};

export type TrackingEventInput = {
  /** ISO 8601; defaults to now */
  at?: InputMaybe<Scalars['String']['input']>;
  description: Scalars['String']['input'];
  location?: InputMaybe<Scalars['String']['input']>;
  status: TrackingStatus;
};

/** What the carrier reported; each one is sent as frete.rastreio and rastreio.atualizado */
export type TrackingEventType = {
  __typename?: 'TrackingEventType';
  /** When it happened at the carrier */
  at: Scalars['DateTimeISO']['output'];
  description: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  location?: Maybe<Scalars['String']['output']>;
  recordedAt: Scalars['DateTimeISO']['output'];
  status: TrackingStatus;
};

export type TrackingStatus =
  | 'delivered'
  | 'delivery_failed'
  | 'in_transit'
  | 'out_for_delivery'
  | 'posted'
  | 'returned';

export type UpdateWebhookSubscriptionInput = {
  /** false switches the subscription off; true back on */
  active?: InputMaybe<Scalars['Boolean']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  events?: InputMaybe<Array<Scalars['String']['input']>>;
  url?: InputMaybe<Scalars['String']['input']>;
};

/** unchanged: the stored content was the same; nothing was written */
export type UpsertOutcome =
  | 'created'
  | 'unchanged'
  | 'updated';

export type UpsertResult = {
  __typename?: 'UpsertResult';
  result: UpsertOutcome;
  sku: Scalars['String']['output'];
};

/** Who is calling: the token's seller and scopes */
export type Viewer = {
  __typename?: 'Viewer';
  scopes: Array<Scalars['String']['output']>;
  seller: ViewerSeller;
  tokenId: Scalars['ID']['output'];
};

/** The seller (tenant) the calling token belongs to */
export type ViewerSeller = {
  __typename?: 'ViewerSeller';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};

export type WebhookAttempt = {
  __typename?: 'WebhookAttempt';
  at: Scalars['DateTimeISO']['output'];
  durationMs: Scalars['Int']['output'];
  error?: Maybe<WebhookAttemptError>;
  errorDetail?: Maybe<Scalars['String']['output']>;
  number: Scalars['Int']['output'];
  /** The first 4 KiB of the response body */
  responseBody?: Maybe<Scalars['String']['output']>;
  statusCode?: Maybe<Scalars['Int']['output']>;
};

export type WebhookAttemptError =
  | 'blocked'
  | 'connection'
  | 'redirect'
  | 'status'
  | 'timeout'
  | 'tls';

/** One event owed to one subscription; its id is the webhook-id header */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  aggregateId: Scalars['String']['output'];
  aggregateType: Scalars['String']['output'];
  attemptCount: Scalars['Int']['output'];
  attempts: Array<WebhookAttempt>;
  completedAt?: Maybe<Scalars['DateTimeISO']['output']>;
  createdAt: Scalars['DateTimeISO']['output'];
  /** The token lacks the read scope of this event (e.g. orders:read for pedido.*): payload comes without data and attempts without responseBody */
  dataWithheld: Scalars['Boolean']['output'];
  /** The event name */
  event: Scalars['String']['output'];
  eventId: Scalars['ID']['output'];
  id: Scalars['ID']['output'];
  nextAttemptAt?: Maybe<Scalars['DateTimeISO']['output']>;
  /** The body the delivery POSTs; without `data` when dataWithheld */
  payload?: Maybe<Scalars['JSON']['output']>;
  status: WebhookDeliveryStatus;
  subscriptionId: Scalars['ID']['output'];
};

export type WebhookDeliveryConnection = {
  __typename?: 'WebhookDeliveryConnection';
  edges: Array<WebhookDeliveryEdge>;
  pageInfo: PageInfo;
};

export type WebhookDeliveryEdge = {
  __typename?: 'WebhookDeliveryEdge';
  cursor: Scalars['String']['output'];
  node: WebhookDelivery;
};

export type WebhookDeliveryFilter = {
  event?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<WebhookDeliveryStatus>;
  subscriptionId?: InputMaybe<Scalars['ID']['input']>;
};

export type WebhookDeliveryStatus =
  | 'cancelled'
  | 'failed'
  | 'pending'
  | 'retrying'
  | 'succeeded';

/** healthy: last attempt succeeded; degraded: 1–4 failed in a row; failing: 5 or more; disabled: switched off */
export type WebhookHealth =
  | 'degraded'
  | 'disabled'
  | 'failing'
  | 'healthy';

export type WebhookRecovery = {
  __typename?: 'WebhookRecovery';
  redelivered: Scalars['Int']['output'];
};

/** A rotated secret; the previous one keeps signing for 24 hours */
export type WebhookSecret = {
  __typename?: 'WebhookSecret';
  id: Scalars['ID']['output'];
  secret: Scalars['String']['output'];
};

/** An endpoint receiving signed event deliveries */
export type WebhookSubscription = {
  __typename?: 'WebhookSubscription';
  active: Scalars['Boolean']['output'];
  consecutiveFailures: Scalars['Int']['output'];
  createdAt: Scalars['DateTimeISO']['output'];
  description?: Maybe<Scalars['String']['output']>;
  disabledAt?: Maybe<Scalars['DateTimeISO']['output']>;
  /** user, gone (the receiver answered 410) or failing */
  disabledReason?: Maybe<Scalars['String']['output']>;
  /** Event names, or ["*"] */
  events: Array<Scalars['String']['output']>;
  health: WebhookHealth;
  id: Scalars['ID']['output'];
  lastFailureAt?: Maybe<Scalars['DateTimeISO']['output']>;
  lastSuccessAt?: Maybe<Scalars['DateTimeISO']['output']>;
  updatedAt: Scalars['DateTimeISO']['output'];
  url: Scalars['String']['output'];
};

export type WebhookSubscriptionConnection = {
  __typename?: 'WebhookSubscriptionConnection';
  edges: Array<WebhookSubscriptionEdge>;
  pageInfo: PageInfo;
};

export type WebhookSubscriptionEdge = {
  __typename?: 'WebhookSubscriptionEdge';
  cursor: Scalars['String']['output'];
  node: WebhookSubscription;
};

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { viewer: { scopes: Array<string>, tokenId: string, seller: { id: string, name: string } } };


export const ViewerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seller"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}}]} as unknown as DocumentNode<ViewerQuery, ViewerQueryVariables>;