/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** Why a channel's order needs the seller's attention */
export const AttentionCode = {
  /** Not enough available stock: the SKU is reserved up to what was available */
  InsufficientStock: 'insufficient_stock',
  /** A SKU this catalogue does not sell (or the channel's listing is not linked): nothing reserved */
  UnknownSku: 'unknown_sku'
} as const;

export type AttentionCode = typeof AttentionCode[keyof typeof AttentionCode];
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

/** Whether the platform takes the connection's credentials */
export const ChannelConnectionStatus = {
  /** Orders come in and syncs go out */
  Active: 'active',
  /** The platform refused the credentials (401/403): syncing is paused until they are replaced */
  Unauthorized: 'unauthorized'
} as const;

export type ChannelConnectionStatus = typeof ChannelConnectionStatus[keyof typeof ChannelConnectionStatus];
/** One of the platform's credentials, by name (shopDomain, accessToken…) */
export type ChannelCredentialInput = {
  /** The credential's name */
  name: string;
  /** Its value (never shown again) */
  value: string;
};

/** As one of PUT /canais/{code}/anuncios's links */
export type ChannelListingLinkInput = {
  /** The platform's listing id */
  listingId: string;
  /** Shopify: the Product GID */
  productId?: string | null | undefined;
  /** A sellable SKU of the catalogue */
  sku: string;
  /** The platform's variation id */
  variationId?: string | null | undefined;
};

/** What a sync row keeps in step on the platform */
export const ChannelSyncField = {
  /** The platform's catalogue being linked by SKU, a page per attempt */
  Catalogue: 'catalogue',
  /** An order's status (invoiced, shipped) */
  Order: 'order',
  /** A linked SKU's price in force */
  Price: 'price',
  /** A linked SKU's published quantity */
  Quantity: 'quantity'
} as const;

export type ChannelSyncField = typeof ChannelSyncField[keyof typeof ChannelSyncField];
/** Which sync rows */
export type ChannelSyncFilter = {
  /** Of this field */
  field?: ChannelSyncField | null | undefined;
  /** In this status */
  status?: ChannelSyncStatus | null | undefined;
  /** Of this SKU or order id */
  subject?: string | null | undefined;
};

/** What one attempt came to */
export const ChannelSyncOutcome = {
  /** Refused or out of attempts */
  Failed: 'failed',
  /** The platform refused the credentials: the connection is unauthorized until they are replaced */
  Paused: 'paused',
  /** No answer, 429 or 5xx: tried again later */
  Retrying: 'retrying',
  /** The platform took it */
  Succeeded: 'succeeded'
} as const;

export type ChannelSyncOutcome = typeof ChannelSyncOutcome[keyof typeof ChannelSyncOutcome];
/** Where a sync row stands */
export const ChannelSyncStatus = {
  /** Given up until the value changes */
  Failed: 'failed',
  /** Due to be sent (or waiting for its connection) */
  Pending: 'pending',
  /** Failed and waiting for its next attempt */
  Retrying: 'retrying',
  /** The platform holds the value */
  Synced: 'synced'
} as const;

export type ChannelSyncStatus = typeof ChannelSyncStatus[keyof typeof ChannelSyncStatus];
/** As PUT /canais/{code}/conexao */
export type ConnectChannelInput = {
  /** scheme://host[:port]; default: the platform's API host */
  apiBaseUrl?: string | null | undefined;
  /** The channel's code */
  code: string;
  /** The platform's credentials */
  credentials: Array<ChannelCredentialInput>;
  /** shopify, woocommerce or mercadolivre */
  platform: string;
};

/** Input of createToken */
export type CreateTokenInput = {
  /** A name to tell it apart */
  name?: string | null | undefined;
  /** At most the calling token's scopes; missing or empty means exactly those */
  scopes?: Array<Scope> | null | undefined;
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

/** Input of deleteWebhookSubscription */
export type DeleteWebhookSubscriptionInput = {
  /** The subscription */
  subscriptionId: string | number;
};

/** An event name; the value is the name with `.` as `_` (`pedido_criado` is `pedido.criado`) */
export const EventType = {
  /** Every event the subscription may receive (`*`); only webhook subscriptions take it */
  All: 'all',
  /** `aplicativo.removido`: per-product registrations only; reading it takes webhooks:read */
  AplicativoRemovido: 'aplicativo_removido',
  /** `atendimento.criado`: per-product registrations only; reading it takes orders:read */
  AtendimentoCriado: 'atendimento_criado',
  /** `atendimento.encerrado`: per-product registrations only; reading it takes orders:read */
  AtendimentoEncerrado: 'atendimento_encerrado',
  /** `atendimento.mensagem`: per-product registrations only; reading it takes orders:read */
  AtendimentoMensagem: 'atendimento_mensagem',
  /** `chatTransportadora`: per-product registrations only; reading it takes orders:read */
  ChatTransportadora: 'chatTransportadora',
  /** `ciclo.criado`: per-product registrations only; reading it takes orders:read */
  CicloCriado: 'ciclo_criado',
  /** `estoque.alterado`: webhooks interface, group stock; reading it takes catalog:read */
  EstoqueAlterado: 'estoque_alterado',
  /** `frete.rastreio`: webhooks interface, group freight; reading it takes orders:read */
  FreteRastreio: 'frete_rastreio',
  /** `pagamento.alterado`: webhooks interface, group payments; reading it takes orders:read */
  PagamentoAlterado: 'pagamento_alterado',
  /** `pedido.criado`: webhooks interface, group orders; reading it takes orders:read */
  PedidoCriado: 'pedido_criado',
  /** `pedido.status_alterado`: webhooks interface, group orders; reading it takes orders:read */
  PedidoStatusAlterado: 'pedido_status_alterado',
  /** `produto.preco_alterado`: webhooks interface, group stock; reading it takes catalog:read */
  ProdutoPrecoAlterado: 'produto_preco_alterado',
  /** `produto.publicacao_alterada`: webhooks interface, group stock; reading it takes catalog:read */
  ProdutoPublicacaoAlterada: 'produto_publicacao_alterada',
  /** `rastreio.atualizado`: per-product registrations only; reading it takes orders:read */
  RastreioAtualizado: 'rastreio_atualizado'
} as const;

export type EventType = typeof EventType[keyof typeof EventType];
/** Input of installApplication */
export type InstallApplicationInput = {
  /** The application to install */
  applicationId: string | number;
};

/** The NF-e of an invoiced order */
export type InvoiceInput = {
  /** NF-e access key, 44 digits */
  accessKey: string;
  /** Invoice number */
  number: string;
  /** Invoice series */
  series: string;
};

/** As PUT /canais/{code}/anuncios */
export type LinkChannelListingsInput = {
  /** The channel's code */
  code: string;
  /** Upserted by SKU; at most 500 */
  links: Array<ChannelListingLinkInput>;
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

/** Where an order is in its life (the source's Portuguese names) */
export const OrderStatus = {
  /** Approved payments cover the total */
  Aprovado: 'aprovado',
  /** Cancelled; its reservation released */
  Cancelado: 'cancelado',
  /** Delivered to the customer */
  Entregue: 'entregue',
  /** Handed to the carrier */
  Enviado: 'enviado',
  /** Invoiced (NF-e issued) */
  Faturado: 'faturado',
  /** Placed, payment not yet approved; stock reserved */
  Pendente: 'pendente'
} as const;

export type OrderStatus = typeof OrderStatus[keyof typeof OrderStatus];
/** The statuses a client may move an order to (aprovado comes only from payments) */
export const OrderStatusTarget = {
  /** Cancelled; its reservation released */
  Cancelado: 'cancelado',
  /** Delivered to the customer */
  Entregue: 'entregue',
  /** Handed to the carrier */
  Enviado: 'enviado',
  /** Invoiced (NF-e issued) */
  Faturado: 'faturado'
} as const;

export type OrderStatusTarget = typeof OrderStatusTarget[keyof typeof OrderStatusTarget];
/** How a payment was made */
export const PaymentMethod = {
  /** Boleto bancário */
  Boleto: 'boleto',
  /** Credit card */
  CreditCard: 'credit_card',
  /** Debit card */
  DebitCard: 'debit_card',
  /** Any other method */
  Other: 'other',
  /** Pix instant transfer */
  Pix: 'pix',
  /** Digital wallet */
  Wallet: 'wallet'
} as const;

export type PaymentMethod = typeof PaymentMethod[keyof typeof PaymentMethod];
/** Where a payment stands at the gateway */
export const PaymentStatus = {
  /** Confirmed: counts towards the order total */
  Approved: 'approved',
  /** Awaiting confirmation */
  Pending: 'pending',
  /** Returned to the customer */
  Refunded: 'refunded',
  /** Declined */
  Refused: 'refused'
} as const;

export type PaymentStatus = typeof PaymentStatus[keyof typeof PaymentStatus];
/** A platform product an application registers webhooks with */
export const PlatformProduct = {
  /** Logistics: shipments, tracking, carrier chat */
  Logistics: 'logistics',
  /** Payments: settlement cycles */
  Payments: 'payments',
  /** Customer service: support cases */
  Support: 'support'
} as const;

export type PlatformProduct = typeof PlatformProduct[keyof typeof PlatformProduct];
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

/** Input of recoverWebhookDeliveries */
export type RecoverWebhookDeliveriesInput = {
  /** Redeliver the failed deliveries created at or after this instant */
  since: string;
  /** The subscription */
  subscriptionId: string | number;
};

/** Input of redeliverWebhookDelivery */
export type RedeliverWebhookDeliveryInput = {
  /** A finished delivery */
  deliveryId: string | number;
};

/** Input of revokeToken */
export type RevokeTokenInput = {
  /** The token to revoke */
  tokenId: string | number;
};

/** Input of rotateWebhookSecret */
export type RotateWebhookSecretInput = {
  /** The subscription */
  subscriptionId: string | number;
};

/** What a token may do; the value is the scope with `:` as `_` (`orders_read` is `orders:read`) */
export const Scope = {
  /** Read products, prices, stock and channels */
  CatalogRead: 'catalog_read',
  /** Change products, prices, stock and channels */
  CatalogWrite: 'catalog_write',
  /** Read orders, their payments, shipments, chats, settlement cycles and support cases */
  OrdersRead: 'orders_read',
  /** Create orders, change their status, record payments, shipments and support messages */
  OrdersWrite: 'orders_write',
  /** Read webhook subscriptions, their deliveries and installed applications */
  WebhooksRead: 'webhooks_read',
  /** Change webhook subscriptions, redeliver, install and uninstall applications */
  WebhooksWrite: 'webhooks_write'
} as const;

export type Scope = typeof Scope[keyof typeof Scope];
/** The shipment of an order becoming enviado */
export type ShipmentInput = {
  /** Carrier name */
  carrier: string;
  /** Tracking code */
  trackingCode: string;
  /** Tracking page */
  trackingUrl?: string | null | undefined;
};

/** Input of uninstallApplication */
export type UninstallApplicationInput = {
  /** The application to uninstall */
  applicationId: string | number;
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

/** Why an attempt failed */
export const WebhookAttemptError = {
  /** The address is not allowed (private or reserved network) */
  Blocked: 'blocked',
  /** The connection failed (DNS, refused, reset) */
  Connection: 'connection',
  /** The endpoint answered with a redirect (not followed) */
  Redirect: 'redirect',
  /** The endpoint answered with a non-2xx status */
  Status: 'status',
  /** The endpoint did not answer in time */
  Timeout: 'timeout',
  /** The TLS handshake or certificate failed */
  Tls: 'tls'
} as const;

export type WebhookAttemptError = typeof WebhookAttemptError[keyof typeof WebhookAttemptError];
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
export const WebhookDeliveryStatus = {
  /** Its subscription was deleted or switched off before it succeeded */
  Cancelled: 'cancelled',
  /** Every attempt failed; redeliver it to try again */
  Failed: 'failed',
  /** Waiting for its first attempt */
  Pending: 'pending',
  /** An attempt failed; another is scheduled (nextAttemptAt) */
  Retrying: 'retrying',
  /** The endpoint answered 2xx */
  Succeeded: 'succeeded'
} as const;

export type WebhookDeliveryStatus = typeof WebhookDeliveryStatus[keyof typeof WebhookDeliveryStatus];
/** Why a subscription was switched off */
export const WebhookDisabledReason = {
  /** Too many attempts failed in a row */
  Failing: 'failing',
  /** The receiver answered 410 Gone */
  Gone: 'gone',
  /** The seller switched it off */
  User: 'user'
} as const;

export type WebhookDisabledReason = typeof WebhookDisabledReason[keyof typeof WebhookDisabledReason];
/** How a subscription's endpoint has been answering */
export const WebhookHealth = {
  /** 1–4 attempts failed in a row */
  Degraded: 'degraded',
  /** Switched off: by the seller, a 410 Gone, or too many failures */
  Disabled: 'disabled',
  /** 5 or more attempts failed in a row */
  Failing: 'failing',
  /** The last attempt succeeded (or none was made yet) */
  Healthy: 'healthy'
} as const;

export type WebhookHealth = typeof WebhookHealth[keyof typeof WebhookHealth];
export type ChannelPlatformsQueryVariables = Exact<{ [key: string]: never; }>;


export type ChannelPlatformsQuery = { channelPlatforms: Array<{ platform: string, title: string, apiBaseUrlDefault: string, credentialFields: Array<{ name: string, description: string, secret: boolean, required: boolean }> }> };

export type ChannelConnectionViewFragment = { channel: string, platform: string, status: ChannelConnectionStatus, inboundUrl: string, apiBaseUrl: string, createdAt: string, lastOrderAt: string | null, lastSyncAt: string | null, lastError: string | null };

export type ChannelConnectionsQueryVariables = Exact<{ [key: string]: never; }>;


export type ChannelConnectionsQuery = { channels: Array<{ code: string, name: string, active: boolean, connection: { channel: string, platform: string, status: ChannelConnectionStatus, inboundUrl: string, apiBaseUrl: string, createdAt: string, lastOrderAt: string | null, lastSyncAt: string | null, lastError: string | null } | null }> };

export type ChannelDetailQueryVariables = Exact<{
  code: string;
}>;


export type ChannelDetailQuery = { channel: { code: string, name: string, active: boolean, connection: { channel: string, platform: string, status: ChannelConnectionStatus, inboundUrl: string, apiBaseUrl: string, createdAt: string, lastOrderAt: string | null, lastSyncAt: string | null, lastError: string | null } | null } | null };

export type ChannelSyncRowFragment = { id: string, field: ChannelSyncField, subject: string, value: Record<string, unknown>, syncedValue: Record<string, unknown> | null, status: ChannelSyncStatus, attemptCount: number, nextAttemptAt: string | null, lastAttemptAt: string | null, lastError: string | null, updatedAt: string };

export type ChannelListingsQueryVariables = Exact<{
  code: string;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ChannelListingsQuery = { channel: { code: string, listings: { edges: Array<{ node: { sku: string, listingId: string, variationId: string | null, productId: string | null, updatedAt: string, syncs: Array<{ id: string, field: ChannelSyncField, subject: string, value: Record<string, unknown>, syncedValue: Record<string, unknown> | null, status: ChannelSyncStatus, attemptCount: number, nextAttemptAt: string | null, lastAttemptAt: string | null, lastError: string | null, updatedAt: string }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } | null };

export type ChannelSyncsQueryVariables = Exact<{
  code: string;
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: ChannelSyncFilter | null | undefined;
}>;


export type ChannelSyncsQuery = { channel: { code: string, syncs: { edges: Array<{ node: { id: string, field: ChannelSyncField, subject: string, value: Record<string, unknown>, syncedValue: Record<string, unknown> | null, status: ChannelSyncStatus, attemptCount: number, nextAttemptAt: string | null, lastAttemptAt: string | null, lastError: string | null, updatedAt: string, attempts: Array<{ number: number, at: string, durationMs: number, outcome: ChannelSyncOutcome, statusCode: number | null, error: string | null, errorDetail: string | null }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } | null };

export type ConnectChannelMutationVariables = Exact<{
  input: ConnectChannelInput;
}>;


export type ConnectChannelMutation = { connectChannel: { connection: { channel: string, platform: string, status: ChannelConnectionStatus, inboundUrl: string, apiBaseUrl: string, createdAt: string, lastOrderAt: string | null, lastSyncAt: string | null, lastError: string | null } } };

export type DisconnectChannelMutationVariables = Exact<{
  code: string;
}>;


export type DisconnectChannelMutation = { disconnectChannel: { code: string } };

export type LinkChannelListingsMutationVariables = Exact<{
  input: LinkChannelListingsInput;
}>;


export type LinkChannelListingsMutation = { linkChannelListings: { links: Array<{ sku: string }> } };

export type LinkChannelListingsFromCatalogueMutationVariables = Exact<{
  code: string;
}>;


export type LinkChannelListingsFromCatalogueMutation = { linkChannelListingsFromCatalogue: { code: string, queued: boolean } };

export type WebhookEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhookEventsQuery = { webhookEvents: Array<{ type: EventType, readScope: Scope }> };

export type LiveEventsSubscriptionVariables = Exact<{
  types?: Array<EventType> | EventType | null | undefined;
  after?: string | number | null | undefined;
}>;


export type LiveEventsSubscription = { events: { id: string, evento: string, dataHora: string, data: Record<string, unknown> } };

export type OrderRowFragment = { id: string, number: number, channel: string, externalId: string, status: OrderStatus, createdAt: string, needsAttention: boolean, customer: { name: string }, amounts: { total: string }, attentionReasons: Array<{ code: AttentionCode, sku: string, detail: string }> };

export type OrdersQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: OrderFilterInput | null | undefined;
}>;


export type OrdersQuery = { orders: { edges: Array<{ node: { id: string, number: number, channel: string, externalId: string, status: OrderStatus, createdAt: string, needsAttention: boolean, customer: { name: string }, amounts: { total: string }, attentionReasons: Array<{ code: AttentionCode, sku: string, detail: string }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type OrderViewFragment = { placedAt: string, nextStatuses: Array<OrderStatusTarget>, updatedAt: string, cancellationReason: string | null, id: string, number: number, channel: string, externalId: string, status: OrderStatus, createdAt: string, needsAttention: boolean, customer: { name: string, email: string | null, phone: string | null, document: string | null }, deliveryAddress: { recipient: string, street: string, number: string, complement: string | null, district: string, city: string, state: string, postalCode: string }, amounts: { items: string, shipping: string, discount: string, total: string }, items: Array<{ sku: string, title: string, quantity: number, unitPrice: string, discount: string, total: string }>, payments: Array<{ id: string, method: PaymentMethod, status: PaymentStatus, amount: string, installments: number, paidAt: string | null }>, statusHistory: Array<{ status: OrderStatus, at: string, note: string | null }>, invoice: { number: string, series: string, accessKey: string } | null, shipment: { carrier: string, trackingCode: string, trackingUrl: string | null } | null, attentionReasons: Array<{ code: AttentionCode, sku: string, detail: string }> };

export type OrderQueryVariables = Exact<{
  id: string | number;
}>;


export type OrderQuery = { order: { placedAt: string, nextStatuses: Array<OrderStatusTarget>, updatedAt: string, cancellationReason: string | null, id: string, number: number, channel: string, externalId: string, status: OrderStatus, createdAt: string, needsAttention: boolean, customer: { name: string, email: string | null, phone: string | null, document: string | null }, deliveryAddress: { recipient: string, street: string, number: string, complement: string | null, district: string, city: string, state: string, postalCode: string }, amounts: { items: string, shipping: string, discount: string, total: string }, items: Array<{ sku: string, title: string, quantity: number, unitPrice: string, discount: string, total: string }>, payments: Array<{ id: string, method: PaymentMethod, status: PaymentStatus, amount: string, installments: number, paidAt: string | null }>, statusHistory: Array<{ status: OrderStatus, at: string, note: string | null }>, invoice: { number: string, series: string, accessKey: string } | null, shipment: { carrier: string, trackingCode: string, trackingUrl: string | null } | null, attentionReasons: Array<{ code: AttentionCode, sku: string, detail: string }> } | null };

export type ChangeOrderStatusMutationVariables = Exact<{
  input: ChangeOrderStatusInput;
}>;


export type ChangeOrderStatusMutation = { changeOrderStatus: { order: { placedAt: string, nextStatuses: Array<OrderStatusTarget>, updatedAt: string, cancellationReason: string | null, id: string, number: number, channel: string, externalId: string, status: OrderStatus, createdAt: string, needsAttention: boolean, customer: { name: string, email: string | null, phone: string | null, document: string | null }, deliveryAddress: { recipient: string, street: string, number: string, complement: string | null, district: string, city: string, state: string, postalCode: string }, amounts: { items: string, shipping: string, discount: string, total: string }, items: Array<{ sku: string, title: string, quantity: number, unitPrice: string, discount: string, total: string }>, payments: Array<{ id: string, method: PaymentMethod, status: PaymentStatus, amount: string, installments: number, paidAt: string | null }>, statusHistory: Array<{ status: OrderStatus, at: string, note: string | null }>, invoice: { number: string, series: string, accessKey: string } | null, shipment: { carrier: string, trackingCode: string, trackingUrl: string | null } | null, attentionReasons: Array<{ code: AttentionCode, sku: string, detail: string }> } } };

export type OrderNumbersQueryVariables = Exact<{
  ids: Array<string | number> | string | number;
}>;


export type OrderNumbersQuery = { nodes: Array<
    | { id: string, number: number }
    | Record<PropertyKey, never>
   | null> };

export type OrdersNeedingAttentionQueryVariables = Exact<{
  first?: number | null | undefined;
  channel?: string | null | undefined;
}>;


export type OrdersNeedingAttentionQuery = { orders: { edges: Array<{ node: { id: string, number: number, channel: string, externalId: string, status: OrderStatus, createdAt: string, needsAttention: boolean, customer: { name: string }, amounts: { total: string }, attentionReasons: Array<{ code: AttentionCode, sku: string, detail: string }> } }>, pageInfo: { hasNextPage: boolean } } };

export type OrdersTodayQueryVariables = Exact<{
  createdFrom: string;
}>;


export type OrdersTodayQuery = { orders: { edges: Array<{ node: { id: string, status: OrderStatus, channel: string } }>, pageInfo: { hasNextPage: boolean } } };

export type RecentDeliveriesQueryVariables = Exact<{ [key: string]: never; }>;


export type RecentDeliveriesQuery = { webhookDeliveries: { edges: Array<{ node: { id: string, status: WebhookDeliveryStatus, createdAt: string } }>, pageInfo: { hasNextPage: boolean } }, webhookSubscriptions: { edges: Array<{ node: { id: string, url: string, health: WebhookHealth, consecutiveFailures: number } }> } };

export type StockProductsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type StockProductsQuery = { products: { edges: Array<{ node: { sku: string, title: string, stock: { sku: string, onHand: number, reserved: number, available: number, channels: Array<{ channel: string, quantity: number }> } | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type ChannelsQueryVariables = Exact<{ [key: string]: never; }>;


export type ChannelsQuery = { channels: Array<{ code: string, name: string, active: boolean, sharePercent: number, safetyStock: number, maxQuantity: number | null }> };

export type SetOnHandMutationVariables = Exact<{
  input: UpdateStockInput;
}>;


export type SetOnHandMutation = { updateStock: { stock: { sku: string, onHand: number, reserved: number, available: number, channels: Array<{ channel: string, quantity: number }> } } };

export type PutChannelMutationVariables = Exact<{
  input: PutChannelInput;
}>;


export type PutChannelMutation = { putChannel: { channel: { code: string, name: string, active: boolean, sharePercent: number, safetyStock: number, maxQuantity: number | null } } };

export type TokensQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type TokensQuery = { tokens: { edges: Array<{ node: { id: string, name: string, prefix: string, scopes: Array<Scope>, createdAt: string, revokedAt: string | null, lastUsedAt: string | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type CreateTokenMutationVariables = Exact<{
  input: CreateTokenInput;
}>;


export type CreateTokenMutation = { createToken: { token: string, apiToken: { id: string, scopes: Array<Scope> } } };

export type RevokeTokenMutationVariables = Exact<{
  input: RevokeTokenInput;
}>;


export type RevokeTokenMutation = { revokeToken: { apiToken: { id: string, revokedAt: string | null } } };

export type InstalledApplicationsQueryVariables = Exact<{ [key: string]: never; }>;


export type InstalledApplicationsQuery = { installedApplications: Array<{ applicationId: string, name: string, installedAt: string }> };

export type InstallApplicationMutationVariables = Exact<{
  input: InstallApplicationInput;
}>;


export type InstallApplicationMutation = { installApplication: { installedApplication: { applicationId: string, name: string, installedAt: string } } };

export type UninstallApplicationMutationVariables = Exact<{
  input: UninstallApplicationInput;
}>;


export type UninstallApplicationMutation = { uninstallApplication: { applicationId: string } };

export type AvailableApplicationsQueryVariables = Exact<{ [key: string]: never; }>;


export type AvailableApplicationsQuery = { applications: Array<{ id: string, name: string, installed: boolean }> };

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { viewer: { tokenId: string, scopes: Array<Scope>, sandbox: boolean, seller: { id: string, name: string } } };

export type SubscriptionRowFragment = { id: string, url: string, description: string | null, events: Array<EventType>, active: boolean, health: WebhookHealth, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null, disabledAt: string | null, disabledReason: WebhookDisabledReason | null, createdAt: string, backlog: { owed: number, inFlight: number, oldestOwedAt: string | null } };

export type WebhookSubscriptionsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type WebhookSubscriptionsQuery = { webhookSubscriptions: { edges: Array<{ node: { id: string, url: string, description: string | null, events: Array<EventType>, active: boolean, health: WebhookHealth, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null, disabledAt: string | null, disabledReason: WebhookDisabledReason | null, createdAt: string, backlog: { owed: number, inFlight: number, oldestOwedAt: string | null } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type CreateWebhookSubscriptionMutationVariables = Exact<{
  input: CreateWebhookSubscriptionInput;
}>;


export type CreateWebhookSubscriptionMutation = { createWebhookSubscription: { secret: string, subscription: { id: string, url: string, description: string | null, events: Array<EventType>, active: boolean, health: WebhookHealth, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null, disabledAt: string | null, disabledReason: WebhookDisabledReason | null, createdAt: string, backlog: { owed: number, inFlight: number, oldestOwedAt: string | null } } } };

export type UpdateWebhookSubscriptionMutationVariables = Exact<{
  input: UpdateWebhookSubscriptionInput;
}>;


export type UpdateWebhookSubscriptionMutation = { updateWebhookSubscription: { subscription: { id: string, url: string, description: string | null, events: Array<EventType>, active: boolean, health: WebhookHealth, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null, disabledAt: string | null, disabledReason: WebhookDisabledReason | null, createdAt: string, backlog: { owed: number, inFlight: number, oldestOwedAt: string | null } } } };

export type RotateWebhookSecretMutationVariables = Exact<{
  input: RotateWebhookSecretInput;
}>;


export type RotateWebhookSecretMutation = { rotateWebhookSecret: { subscriptionId: string, secret: string } };

export type DeleteWebhookSubscriptionMutationVariables = Exact<{
  input: DeleteWebhookSubscriptionInput;
}>;


export type DeleteWebhookSubscriptionMutation = { deleteWebhookSubscription: { deletedSubscriptionId: string } };

export type RecoverWebhookDeliveriesMutationVariables = Exact<{
  input: RecoverWebhookDeliveriesInput;
}>;


export type RecoverWebhookDeliveriesMutation = { recoverWebhookDeliveries: { redelivered: number } };

export type DeliveryRowFragment = { id: string, event: EventType, status: WebhookDeliveryStatus, subscriptionId: string, aggregateType: string, aggregateId: string, attemptCount: number, createdAt: string, completedAt: string | null, nextAttemptAt: string | null };

export type WebhookDeliveriesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: WebhookDeliveryFilter | null | undefined;
}>;


export type WebhookDeliveriesQuery = { webhookDeliveries: { edges: Array<{ node: { id: string, event: EventType, status: WebhookDeliveryStatus, subscriptionId: string, aggregateType: string, aggregateId: string, attemptCount: number, createdAt: string, completedAt: string | null, nextAttemptAt: string | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type DeliveryDetailFragment = { eventId: string, dataWithheld: boolean, payload: Record<string, unknown> | null, id: string, event: EventType, status: WebhookDeliveryStatus, subscriptionId: string, aggregateType: string, aggregateId: string, attemptCount: number, createdAt: string, completedAt: string | null, nextAttemptAt: string | null, attempts: Array<{ number: number, at: string, statusCode: number | null, durationMs: number, error: WebhookAttemptError | null, errorDetail: string | null, responseBody: string | null }> };

export type WebhookDeliveryQueryVariables = Exact<{
  id: string | number;
}>;


export type WebhookDeliveryQuery = { webhookDelivery: { eventId: string, dataWithheld: boolean, payload: Record<string, unknown> | null, id: string, event: EventType, status: WebhookDeliveryStatus, subscriptionId: string, aggregateType: string, aggregateId: string, attemptCount: number, createdAt: string, completedAt: string | null, nextAttemptAt: string | null, attempts: Array<{ number: number, at: string, statusCode: number | null, durationMs: number, error: WebhookAttemptError | null, errorDetail: string | null, responseBody: string | null }> } };

export type RedeliverWebhookDeliveryMutationVariables = Exact<{
  input: RedeliverWebhookDeliveryInput;
}>;


export type RedeliverWebhookDeliveryMutation = { redeliverWebhookDelivery: { delivery: { eventId: string, dataWithheld: boolean, payload: Record<string, unknown> | null, id: string, event: EventType, status: WebhookDeliveryStatus, subscriptionId: string, aggregateType: string, aggregateId: string, attemptCount: number, createdAt: string, completedAt: string | null, nextAttemptAt: string | null, attempts: Array<{ number: number, at: string, statusCode: number | null, durationMs: number, error: WebhookAttemptError | null, errorDetail: string | null, responseBody: string | null }> } } };

export type InstalledRegistrationsQueryVariables = Exact<{ [key: string]: never; }>;


export type InstalledRegistrationsQuery = { registrations: Array<{ id: string, applicationName: string, product: PlatformProduct, url: string, events: Array<EventType>, subscriptionId: string | null, health: WebhookHealth, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null }> };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const ChannelConnectionViewFragmentDoc = new TypedDocumentString(`
    fragment ChannelConnectionView on ChannelConnection {
  channel
  platform
  status
  inboundUrl
  apiBaseUrl
  createdAt
  lastOrderAt
  lastSyncAt
  lastError
}
    `, {"fragmentName":"ChannelConnectionView"}) as unknown as TypedDocumentString<ChannelConnectionViewFragment, unknown>;
export const ChannelSyncRowFragmentDoc = new TypedDocumentString(`
    fragment ChannelSyncRow on ChannelSync {
  id
  field
  subject
  value
  syncedValue
  status
  attemptCount
  nextAttemptAt
  lastAttemptAt
  lastError
  updatedAt
}
    `, {"fragmentName":"ChannelSyncRow"}) as unknown as TypedDocumentString<ChannelSyncRowFragment, unknown>;
export const OrderRowFragmentDoc = new TypedDocumentString(`
    fragment OrderRow on Order {
  id
  number
  channel
  externalId
  status
  createdAt
  customer {
    name
  }
  amounts {
    total
  }
  needsAttention
  attentionReasons {
    code
    sku
    detail
  }
}
    `, {"fragmentName":"OrderRow"}) as unknown as TypedDocumentString<OrderRowFragment, unknown>;
export const OrderViewFragmentDoc = new TypedDocumentString(`
    fragment OrderView on Order {
  ...OrderRow
  placedAt
  nextStatuses
  updatedAt
  cancellationReason
  customer {
    name
    email
    phone
    document
  }
  deliveryAddress {
    recipient
    street
    number
    complement
    district
    city
    state
    postalCode
  }
  amounts {
    items
    shipping
    discount
    total
  }
  items {
    sku
    title
    quantity
    unitPrice
    discount
    total
  }
  payments {
    id
    method
    status
    amount
    installments
    paidAt
  }
  statusHistory {
    status
    at
    note
  }
  invoice {
    number
    series
    accessKey
  }
  shipment {
    carrier
    trackingCode
    trackingUrl
  }
}
    fragment OrderRow on Order {
  id
  number
  channel
  externalId
  status
  createdAt
  customer {
    name
  }
  amounts {
    total
  }
  needsAttention
  attentionReasons {
    code
    sku
    detail
  }
}`, {"fragmentName":"OrderView"}) as unknown as TypedDocumentString<OrderViewFragment, unknown>;
export const SubscriptionRowFragmentDoc = new TypedDocumentString(`
    fragment SubscriptionRow on WebhookSubscription {
  id
  url
  description
  events
  active
  health
  consecutiveFailures
  lastSuccessAt
  lastFailureAt
  disabledAt
  disabledReason
  createdAt
  backlog {
    owed
    inFlight
    oldestOwedAt
  }
}
    `, {"fragmentName":"SubscriptionRow"}) as unknown as TypedDocumentString<SubscriptionRowFragment, unknown>;
export const DeliveryRowFragmentDoc = new TypedDocumentString(`
    fragment DeliveryRow on WebhookDelivery {
  id
  event
  status
  subscriptionId
  aggregateType
  aggregateId
  attemptCount
  createdAt
  completedAt
  nextAttemptAt
}
    `, {"fragmentName":"DeliveryRow"}) as unknown as TypedDocumentString<DeliveryRowFragment, unknown>;
export const DeliveryDetailFragmentDoc = new TypedDocumentString(`
    fragment DeliveryDetail on WebhookDelivery {
  ...DeliveryRow
  eventId
  dataWithheld
  payload
  attempts {
    number
    at
    statusCode
    durationMs
    error
    errorDetail
    responseBody
  }
}
    fragment DeliveryRow on WebhookDelivery {
  id
  event
  status
  subscriptionId
  aggregateType
  aggregateId
  attemptCount
  createdAt
  completedAt
  nextAttemptAt
}`, {"fragmentName":"DeliveryDetail"}) as unknown as TypedDocumentString<DeliveryDetailFragment, unknown>;
export const ChannelPlatformsDocument = new TypedDocumentString(`
    query ChannelPlatforms {
  channelPlatforms {
    platform
    title
    apiBaseUrlDefault
    credentialFields {
      name
      description
      secret
      required
    }
  }
}
    `) as unknown as TypedDocumentString<ChannelPlatformsQuery, ChannelPlatformsQueryVariables>;
export const ChannelConnectionsDocument = new TypedDocumentString(`
    query ChannelConnections {
  channels {
    code
    name
    active
    connection {
      ...ChannelConnectionView
    }
  }
}
    fragment ChannelConnectionView on ChannelConnection {
  channel
  platform
  status
  inboundUrl
  apiBaseUrl
  createdAt
  lastOrderAt
  lastSyncAt
  lastError
}`) as unknown as TypedDocumentString<ChannelConnectionsQuery, ChannelConnectionsQueryVariables>;
export const ChannelDetailDocument = new TypedDocumentString(`
    query ChannelDetail($code: String!) {
  channel(code: $code) {
    code
    name
    active
    connection {
      ...ChannelConnectionView
    }
  }
}
    fragment ChannelConnectionView on ChannelConnection {
  channel
  platform
  status
  inboundUrl
  apiBaseUrl
  createdAt
  lastOrderAt
  lastSyncAt
  lastError
}`) as unknown as TypedDocumentString<ChannelDetailQuery, ChannelDetailQueryVariables>;
export const ChannelListingsDocument = new TypedDocumentString(`
    query ChannelListings($code: String!, $first: Int, $after: String) {
  channel(code: $code) {
    code
    listings(first: $first, after: $after) {
      edges {
        node {
          sku
          listingId
          variationId
          productId
          updatedAt
          syncs {
            ...ChannelSyncRow
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
}
    fragment ChannelSyncRow on ChannelSync {
  id
  field
  subject
  value
  syncedValue
  status
  attemptCount
  nextAttemptAt
  lastAttemptAt
  lastError
  updatedAt
}`) as unknown as TypedDocumentString<ChannelListingsQuery, ChannelListingsQueryVariables>;
export const ChannelSyncsDocument = new TypedDocumentString(`
    query ChannelSyncs($code: String!, $first: Int, $after: String, $filter: ChannelSyncFilter) {
  channel(code: $code) {
    code
    syncs(first: $first, after: $after, filter: $filter) {
      edges {
        node {
          ...ChannelSyncRow
          attempts {
            number
            at
            durationMs
            outcome
            statusCode
            error
            errorDetail
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
}
    fragment ChannelSyncRow on ChannelSync {
  id
  field
  subject
  value
  syncedValue
  status
  attemptCount
  nextAttemptAt
  lastAttemptAt
  lastError
  updatedAt
}`) as unknown as TypedDocumentString<ChannelSyncsQuery, ChannelSyncsQueryVariables>;
export const ConnectChannelDocument = new TypedDocumentString(`
    mutation ConnectChannel($input: ConnectChannelInput!) {
  connectChannel(input: $input) {
    connection {
      ...ChannelConnectionView
    }
  }
}
    fragment ChannelConnectionView on ChannelConnection {
  channel
  platform
  status
  inboundUrl
  apiBaseUrl
  createdAt
  lastOrderAt
  lastSyncAt
  lastError
}`) as unknown as TypedDocumentString<ConnectChannelMutation, ConnectChannelMutationVariables>;
export const DisconnectChannelDocument = new TypedDocumentString(`
    mutation DisconnectChannel($code: String!) {
  disconnectChannel(code: $code) {
    code
  }
}
    `) as unknown as TypedDocumentString<DisconnectChannelMutation, DisconnectChannelMutationVariables>;
export const LinkChannelListingsDocument = new TypedDocumentString(`
    mutation LinkChannelListings($input: LinkChannelListingsInput!) {
  linkChannelListings(input: $input) {
    links {
      sku
    }
  }
}
    `) as unknown as TypedDocumentString<LinkChannelListingsMutation, LinkChannelListingsMutationVariables>;
export const LinkChannelListingsFromCatalogueDocument = new TypedDocumentString(`
    mutation LinkChannelListingsFromCatalogue($code: String!) {
  linkChannelListingsFromCatalogue(code: $code) {
    code
    queued
  }
}
    `) as unknown as TypedDocumentString<LinkChannelListingsFromCatalogueMutation, LinkChannelListingsFromCatalogueMutationVariables>;
export const WebhookEventsDocument = new TypedDocumentString(`
    query WebhookEvents {
  webhookEvents {
    type
    readScope
  }
}
    `) as unknown as TypedDocumentString<WebhookEventsQuery, WebhookEventsQueryVariables>;
export const LiveEventsDocument = new TypedDocumentString(`
    subscription LiveEvents($types: [EventType!], $after: ID) {
  events(types: $types, after: $after) {
    id
    evento
    dataHora
    data
  }
}
    `) as unknown as TypedDocumentString<LiveEventsSubscription, LiveEventsSubscriptionVariables>;
export const OrdersDocument = new TypedDocumentString(`
    query Orders($first: Int, $after: String, $filter: OrderFilterInput) {
  orders(first: $first, after: $after, filter: $filter) {
    edges {
      node {
        ...OrderRow
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment OrderRow on Order {
  id
  number
  channel
  externalId
  status
  createdAt
  customer {
    name
  }
  amounts {
    total
  }
  needsAttention
  attentionReasons {
    code
    sku
    detail
  }
}`) as unknown as TypedDocumentString<OrdersQuery, OrdersQueryVariables>;
export const OrderDocument = new TypedDocumentString(`
    query Order($id: ID!) {
  order(id: $id) {
    ...OrderView
  }
}
    fragment OrderRow on Order {
  id
  number
  channel
  externalId
  status
  createdAt
  customer {
    name
  }
  amounts {
    total
  }
  needsAttention
  attentionReasons {
    code
    sku
    detail
  }
}
fragment OrderView on Order {
  ...OrderRow
  placedAt
  nextStatuses
  updatedAt
  cancellationReason
  customer {
    name
    email
    phone
    document
  }
  deliveryAddress {
    recipient
    street
    number
    complement
    district
    city
    state
    postalCode
  }
  amounts {
    items
    shipping
    discount
    total
  }
  items {
    sku
    title
    quantity
    unitPrice
    discount
    total
  }
  payments {
    id
    method
    status
    amount
    installments
    paidAt
  }
  statusHistory {
    status
    at
    note
  }
  invoice {
    number
    series
    accessKey
  }
  shipment {
    carrier
    trackingCode
    trackingUrl
  }
}`) as unknown as TypedDocumentString<OrderQuery, OrderQueryVariables>;
export const ChangeOrderStatusDocument = new TypedDocumentString(`
    mutation ChangeOrderStatus($input: ChangeOrderStatusInput!) {
  changeOrderStatus(input: $input) {
    order {
      ...OrderView
    }
  }
}
    fragment OrderRow on Order {
  id
  number
  channel
  externalId
  status
  createdAt
  customer {
    name
  }
  amounts {
    total
  }
  needsAttention
  attentionReasons {
    code
    sku
    detail
  }
}
fragment OrderView on Order {
  ...OrderRow
  placedAt
  nextStatuses
  updatedAt
  cancellationReason
  customer {
    name
    email
    phone
    document
  }
  deliveryAddress {
    recipient
    street
    number
    complement
    district
    city
    state
    postalCode
  }
  amounts {
    items
    shipping
    discount
    total
  }
  items {
    sku
    title
    quantity
    unitPrice
    discount
    total
  }
  payments {
    id
    method
    status
    amount
    installments
    paidAt
  }
  statusHistory {
    status
    at
    note
  }
  invoice {
    number
    series
    accessKey
  }
  shipment {
    carrier
    trackingCode
    trackingUrl
  }
}`) as unknown as TypedDocumentString<ChangeOrderStatusMutation, ChangeOrderStatusMutationVariables>;
export const OrderNumbersDocument = new TypedDocumentString(`
    query OrderNumbers($ids: [ID!]!) {
  nodes(ids: $ids) {
    ... on Order {
      id
      number
    }
  }
}
    `) as unknown as TypedDocumentString<OrderNumbersQuery, OrderNumbersQueryVariables>;
export const OrdersNeedingAttentionDocument = new TypedDocumentString(`
    query OrdersNeedingAttention($first: Int, $channel: String) {
  orders(first: $first, filter: {needsAttention: true, channel: $channel}) {
    edges {
      node {
        ...OrderRow
      }
    }
    pageInfo {
      hasNextPage
    }
  }
}
    fragment OrderRow on Order {
  id
  number
  channel
  externalId
  status
  createdAt
  customer {
    name
  }
  amounts {
    total
  }
  needsAttention
  attentionReasons {
    code
    sku
    detail
  }
}`) as unknown as TypedDocumentString<OrdersNeedingAttentionQuery, OrdersNeedingAttentionQueryVariables>;
export const OrdersTodayDocument = new TypedDocumentString(`
    query OrdersToday($createdFrom: DateTimeISO!) {
  orders(first: 200, filter: {createdFrom: $createdFrom}) {
    edges {
      node {
        id
        status
        channel
      }
    }
    pageInfo {
      hasNextPage
    }
  }
}
    `) as unknown as TypedDocumentString<OrdersTodayQuery, OrdersTodayQueryVariables>;
export const RecentDeliveriesDocument = new TypedDocumentString(`
    query RecentDeliveries {
  webhookDeliveries(first: 200) {
    edges {
      node {
        id
        status
        createdAt
      }
    }
    pageInfo {
      hasNextPage
    }
  }
  webhookSubscriptions(first: 100) {
    edges {
      node {
        id
        url
        health
        consecutiveFailures
      }
    }
  }
}
    `) as unknown as TypedDocumentString<RecentDeliveriesQuery, RecentDeliveriesQueryVariables>;
export const StockProductsDocument = new TypedDocumentString(`
    query StockProducts($first: Int, $after: String) {
  products(first: $first, after: $after) {
    edges {
      node {
        sku
        title
        stock {
          sku
          onHand
          reserved
          available
          channels {
            channel
            quantity
          }
        }
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<StockProductsQuery, StockProductsQueryVariables>;
export const ChannelsDocument = new TypedDocumentString(`
    query Channels {
  channels {
    code
    name
    active
    sharePercent
    safetyStock
    maxQuantity
  }
}
    `) as unknown as TypedDocumentString<ChannelsQuery, ChannelsQueryVariables>;
export const SetOnHandDocument = new TypedDocumentString(`
    mutation SetOnHand($input: UpdateStockInput!) {
  updateStock(input: $input) {
    stock {
      sku
      onHand
      reserved
      available
      channels {
        channel
        quantity
      }
    }
  }
}
    `) as unknown as TypedDocumentString<SetOnHandMutation, SetOnHandMutationVariables>;
export const PutChannelDocument = new TypedDocumentString(`
    mutation PutChannel($input: PutChannelInput!) {
  putChannel(input: $input) {
    channel {
      code
      name
      active
      sharePercent
      safetyStock
      maxQuantity
    }
  }
}
    `) as unknown as TypedDocumentString<PutChannelMutation, PutChannelMutationVariables>;
export const TokensDocument = new TypedDocumentString(`
    query Tokens($first: Int, $after: String) {
  tokens(first: $first, after: $after) {
    edges {
      node {
        id
        name
        prefix
        scopes
        createdAt
        revokedAt
        lastUsedAt
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<TokensQuery, TokensQueryVariables>;
export const CreateTokenDocument = new TypedDocumentString(`
    mutation CreateToken($input: CreateTokenInput!) {
  createToken(input: $input) {
    token
    apiToken {
      id
      scopes
    }
  }
}
    `) as unknown as TypedDocumentString<CreateTokenMutation, CreateTokenMutationVariables>;
export const RevokeTokenDocument = new TypedDocumentString(`
    mutation RevokeToken($input: RevokeTokenInput!) {
  revokeToken(input: $input) {
    apiToken {
      id
      revokedAt
    }
  }
}
    `) as unknown as TypedDocumentString<RevokeTokenMutation, RevokeTokenMutationVariables>;
export const InstalledApplicationsDocument = new TypedDocumentString(`
    query InstalledApplications {
  installedApplications {
    applicationId
    name
    installedAt
  }
}
    `) as unknown as TypedDocumentString<InstalledApplicationsQuery, InstalledApplicationsQueryVariables>;
export const InstallApplicationDocument = new TypedDocumentString(`
    mutation InstallApplication($input: InstallApplicationInput!) {
  installApplication(input: $input) {
    installedApplication {
      applicationId
      name
      installedAt
    }
  }
}
    `) as unknown as TypedDocumentString<InstallApplicationMutation, InstallApplicationMutationVariables>;
export const UninstallApplicationDocument = new TypedDocumentString(`
    mutation UninstallApplication($input: UninstallApplicationInput!) {
  uninstallApplication(input: $input) {
    applicationId
  }
}
    `) as unknown as TypedDocumentString<UninstallApplicationMutation, UninstallApplicationMutationVariables>;
export const AvailableApplicationsDocument = new TypedDocumentString(`
    query AvailableApplications {
  applications {
    id
    name
    installed
  }
}
    `) as unknown as TypedDocumentString<AvailableApplicationsQuery, AvailableApplicationsQueryVariables>;
export const ViewerDocument = new TypedDocumentString(`
    query Viewer {
  viewer {
    tokenId
    scopes
    sandbox
    seller {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<ViewerQuery, ViewerQueryVariables>;
export const WebhookSubscriptionsDocument = new TypedDocumentString(`
    query WebhookSubscriptions($first: Int, $after: String) {
  webhookSubscriptions(first: $first, after: $after) {
    edges {
      node {
        ...SubscriptionRow
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment SubscriptionRow on WebhookSubscription {
  id
  url
  description
  events
  active
  health
  consecutiveFailures
  lastSuccessAt
  lastFailureAt
  disabledAt
  disabledReason
  createdAt
  backlog {
    owed
    inFlight
    oldestOwedAt
  }
}`) as unknown as TypedDocumentString<WebhookSubscriptionsQuery, WebhookSubscriptionsQueryVariables>;
export const CreateWebhookSubscriptionDocument = new TypedDocumentString(`
    mutation CreateWebhookSubscription($input: CreateWebhookSubscriptionInput!) {
  createWebhookSubscription(input: $input) {
    secret
    subscription {
      ...SubscriptionRow
    }
  }
}
    fragment SubscriptionRow on WebhookSubscription {
  id
  url
  description
  events
  active
  health
  consecutiveFailures
  lastSuccessAt
  lastFailureAt
  disabledAt
  disabledReason
  createdAt
  backlog {
    owed
    inFlight
    oldestOwedAt
  }
}`) as unknown as TypedDocumentString<CreateWebhookSubscriptionMutation, CreateWebhookSubscriptionMutationVariables>;
export const UpdateWebhookSubscriptionDocument = new TypedDocumentString(`
    mutation UpdateWebhookSubscription($input: UpdateWebhookSubscriptionInput!) {
  updateWebhookSubscription(input: $input) {
    subscription {
      ...SubscriptionRow
    }
  }
}
    fragment SubscriptionRow on WebhookSubscription {
  id
  url
  description
  events
  active
  health
  consecutiveFailures
  lastSuccessAt
  lastFailureAt
  disabledAt
  disabledReason
  createdAt
  backlog {
    owed
    inFlight
    oldestOwedAt
  }
}`) as unknown as TypedDocumentString<UpdateWebhookSubscriptionMutation, UpdateWebhookSubscriptionMutationVariables>;
export const RotateWebhookSecretDocument = new TypedDocumentString(`
    mutation RotateWebhookSecret($input: RotateWebhookSecretInput!) {
  rotateWebhookSecret(input: $input) {
    subscriptionId
    secret
  }
}
    `) as unknown as TypedDocumentString<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const DeleteWebhookSubscriptionDocument = new TypedDocumentString(`
    mutation DeleteWebhookSubscription($input: DeleteWebhookSubscriptionInput!) {
  deleteWebhookSubscription(input: $input) {
    deletedSubscriptionId
  }
}
    `) as unknown as TypedDocumentString<DeleteWebhookSubscriptionMutation, DeleteWebhookSubscriptionMutationVariables>;
export const RecoverWebhookDeliveriesDocument = new TypedDocumentString(`
    mutation RecoverWebhookDeliveries($input: RecoverWebhookDeliveriesInput!) {
  recoverWebhookDeliveries(input: $input) {
    redelivered
  }
}
    `) as unknown as TypedDocumentString<RecoverWebhookDeliveriesMutation, RecoverWebhookDeliveriesMutationVariables>;
export const WebhookDeliveriesDocument = new TypedDocumentString(`
    query WebhookDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {
  webhookDeliveries(first: $first, after: $after, filter: $filter) {
    edges {
      node {
        ...DeliveryRow
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment DeliveryRow on WebhookDelivery {
  id
  event
  status
  subscriptionId
  aggregateType
  aggregateId
  attemptCount
  createdAt
  completedAt
  nextAttemptAt
}`) as unknown as TypedDocumentString<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const WebhookDeliveryDocument = new TypedDocumentString(`
    query WebhookDelivery($id: ID!) {
  webhookDelivery(id: $id) {
    ...DeliveryDetail
  }
}
    fragment DeliveryRow on WebhookDelivery {
  id
  event
  status
  subscriptionId
  aggregateType
  aggregateId
  attemptCount
  createdAt
  completedAt
  nextAttemptAt
}
fragment DeliveryDetail on WebhookDelivery {
  ...DeliveryRow
  eventId
  dataWithheld
  payload
  attempts {
    number
    at
    statusCode
    durationMs
    error
    errorDetail
    responseBody
  }
}`) as unknown as TypedDocumentString<WebhookDeliveryQuery, WebhookDeliveryQueryVariables>;
export const RedeliverWebhookDeliveryDocument = new TypedDocumentString(`
    mutation RedeliverWebhookDelivery($input: RedeliverWebhookDeliveryInput!) {
  redeliverWebhookDelivery(input: $input) {
    delivery {
      ...DeliveryDetail
    }
  }
}
    fragment DeliveryRow on WebhookDelivery {
  id
  event
  status
  subscriptionId
  aggregateType
  aggregateId
  attemptCount
  createdAt
  completedAt
  nextAttemptAt
}
fragment DeliveryDetail on WebhookDelivery {
  ...DeliveryRow
  eventId
  dataWithheld
  payload
  attempts {
    number
    at
    statusCode
    durationMs
    error
    errorDetail
    responseBody
  }
}`) as unknown as TypedDocumentString<RedeliverWebhookDeliveryMutation, RedeliverWebhookDeliveryMutationVariables>;
export const InstalledRegistrationsDocument = new TypedDocumentString(`
    query InstalledRegistrations {
  registrations {
    id
    applicationName
    product
    url
    events
    subscriptionId
    health
    consecutiveFailures
    lastSuccessAt
    lastFailureAt
  }
}
    `) as unknown as TypedDocumentString<InstalledRegistrationsQuery, InstalledRegistrationsQueryVariables>;