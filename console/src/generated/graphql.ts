/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ChangeOrderStatusInput = {
  /** Required for faturado */
  invoice?: InvoiceInput | null | undefined;
  note?: string | null | undefined;
  /** Required for cancelado */
  reason?: string | null | undefined;
  /** Required for enviado */
  shipment?: ShipmentInput | null | undefined;
  status: OrderStatusTarget;
};

/** Omitted settings take their defaults: active, 100 %, 0, no cap */
export type ChannelInput = {
  active?: boolean | null | undefined;
  maxQuantity?: number | null | undefined;
  name: string;
  safetyStock?: number | null | undefined;
  sharePercent?: number | null | undefined;
};

export type CreateTokenInput = {
  name?: string | null | undefined;
  /** At most the calling token's scopes; missing or empty means exactly those */
  scopes?: Array<string> | null | undefined;
};

export type CreateWebhookSubscriptionInput = {
  description?: string | null | undefined;
  events: Array<string>;
  url: string;
};

export type InvoiceInput = {
  accessKey: string;
  number: string;
  series: string;
};

export type OrderFilterInput = {
  channel?: string | null | undefined;
  createdFrom?: string | null | undefined;
  createdTo?: string | null | undefined;
  status?: Array<OrderStatus> | null | undefined;
  updatedSince?: string | null | undefined;
};

export const OrderStatus = {
  Aprovado: 'aprovado',
  Cancelado: 'cancelado',
  Entregue: 'entregue',
  Enviado: 'enviado',
  Faturado: 'faturado',
  Pendente: 'pendente'
} as const;

export type OrderStatus = typeof OrderStatus[keyof typeof OrderStatus];
/** The statuses a client may move an order to */
export const OrderStatusTarget = {
  Cancelado: 'cancelado',
  Entregue: 'entregue',
  Enviado: 'enviado',
  Faturado: 'faturado'
} as const;

export type OrderStatusTarget = typeof OrderStatusTarget[keyof typeof OrderStatusTarget];
export const PaymentMethod = {
  Boleto: 'boleto',
  CreditCard: 'credit_card',
  DebitCard: 'debit_card',
  Other: 'other',
  Pix: 'pix',
  Wallet: 'wallet'
} as const;

export type PaymentMethod = typeof PaymentMethod[keyof typeof PaymentMethod];
export const PaymentStatus = {
  Approved: 'approved',
  Pending: 'pending',
  Refunded: 'refunded',
  Refused: 'refused'
} as const;

export type PaymentStatus = typeof PaymentStatus[keyof typeof PaymentStatus];
export type ShipmentInput = {
  carrier: string;
  trackingCode: string;
  trackingUrl?: string | null | undefined;
};

export type UpdateWebhookSubscriptionInput = {
  /** false switches the subscription off; true back on */
  active?: boolean | null | undefined;
  description?: string | null | undefined;
  events?: Array<string> | null | undefined;
  url?: string | null | undefined;
};

export const WebhookAttemptError = {
  Blocked: 'blocked',
  Connection: 'connection',
  Redirect: 'redirect',
  Status: 'status',
  Timeout: 'timeout',
  Tls: 'tls'
} as const;

export type WebhookAttemptError = typeof WebhookAttemptError[keyof typeof WebhookAttemptError];
export type WebhookDeliveryFilter = {
  event?: string | null | undefined;
  status?: WebhookDeliveryStatus | null | undefined;
  subscriptionId?: string | number | null | undefined;
};

export const WebhookDeliveryStatus = {
  Cancelled: 'cancelled',
  Failed: 'failed',
  Pending: 'pending',
  Retrying: 'retrying',
  Succeeded: 'succeeded'
} as const;

export type WebhookDeliveryStatus = typeof WebhookDeliveryStatus[keyof typeof WebhookDeliveryStatus];
/** healthy: last attempt succeeded; degraded: 1–4 failed in a row; failing: 5 or more; disabled: switched off */
export const WebhookHealth = {
  Degraded: 'degraded',
  Disabled: 'disabled',
  Failing: 'failing',
  Healthy: 'healthy'
} as const;

export type WebhookHealth = typeof WebhookHealth[keyof typeof WebhookHealth];
export type LiveEventsSubscriptionVariables = Exact<{
  types?: Array<string> | string | null | undefined;
  after?: string | number | null | undefined;
}>;


export type LiveEventsSubscription = { events: { id: string, evento: string, dataHora: string, data: Record<string, unknown> } };

export type OrderRowFragment = { id: string, number: number, channel: string, externalId: string, status: OrderStatus, createdAt: string, customer: { name: string }, amounts: { total: string } };

export type OrdersQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: OrderFilterInput | null | undefined;
}>;


export type OrdersQuery = { orders: { edges: Array<{ node: { id: string, number: number, channel: string, externalId: string, status: OrderStatus, createdAt: string, customer: { name: string }, amounts: { total: string } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type OrderDetailFragment = { placedAt: string, nextStatuses: Array<OrderStatusTarget>, updatedAt: string, cancellationReason: string | null, id: string, number: number, channel: string, externalId: string, status: OrderStatus, createdAt: string, customer: { name: string, email: string | null, phone: string | null, document: string }, deliveryAddress: { recipient: string, street: string, number: string, complement: string | null, district: string, city: string, state: string, postalCode: string }, amounts: { items: string, shipping: string, discount: string, total: string }, items: Array<{ sku: string, title: string, quantity: number, unitPrice: string, discount: string, total: string }>, payments: Array<{ id: string, method: PaymentMethod, status: PaymentStatus, amount: string, installments: number, paidAt: string | null }>, statusHistory: Array<{ status: OrderStatus, at: string, note: string | null }>, invoice: { number: string, series: string, accessKey: string } | null, shipment: { carrier: string, trackingCode: string, trackingUrl: string | null } | null };

export type OrderQueryVariables = Exact<{
  id: string | number;
}>;


export type OrderQuery = { order: { placedAt: string, nextStatuses: Array<OrderStatusTarget>, updatedAt: string, cancellationReason: string | null, id: string, number: number, channel: string, externalId: string, status: OrderStatus, createdAt: string, customer: { name: string, email: string | null, phone: string | null, document: string }, deliveryAddress: { recipient: string, street: string, number: string, complement: string | null, district: string, city: string, state: string, postalCode: string }, amounts: { items: string, shipping: string, discount: string, total: string }, items: Array<{ sku: string, title: string, quantity: number, unitPrice: string, discount: string, total: string }>, payments: Array<{ id: string, method: PaymentMethod, status: PaymentStatus, amount: string, installments: number, paidAt: string | null }>, statusHistory: Array<{ status: OrderStatus, at: string, note: string | null }>, invoice: { number: string, series: string, accessKey: string } | null, shipment: { carrier: string, trackingCode: string, trackingUrl: string | null } | null } | null };

export type ChangeOrderStatusMutationVariables = Exact<{
  id: string | number;
  input: ChangeOrderStatusInput;
}>;


export type ChangeOrderStatusMutation = { changeOrderStatus: { placedAt: string, nextStatuses: Array<OrderStatusTarget>, updatedAt: string, cancellationReason: string | null, id: string, number: number, channel: string, externalId: string, status: OrderStatus, createdAt: string, customer: { name: string, email: string | null, phone: string | null, document: string }, deliveryAddress: { recipient: string, street: string, number: string, complement: string | null, district: string, city: string, state: string, postalCode: string }, amounts: { items: string, shipping: string, discount: string, total: string }, items: Array<{ sku: string, title: string, quantity: number, unitPrice: string, discount: string, total: string }>, payments: Array<{ id: string, method: PaymentMethod, status: PaymentStatus, amount: string, installments: number, paidAt: string | null }>, statusHistory: Array<{ status: OrderStatus, at: string, note: string | null }>, invoice: { number: string, series: string, accessKey: string } | null, shipment: { carrier: string, trackingCode: string, trackingUrl: string | null } | null } };

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
  sku: string;
  onHand: number;
}>;


export type SetOnHandMutation = { updateStock: { sku: string, onHand: number, reserved: number, available: number, channels: Array<{ channel: string, quantity: number }> } };

export type PutChannelMutationVariables = Exact<{
  code: string;
  input: ChannelInput;
}>;


export type PutChannelMutation = { putChannel: { channel: { code: string, name: string, active: boolean, sharePercent: number, safetyStock: number, maxQuantity: number | null } } };

export type TokensQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type TokensQuery = { tokens: { edges: Array<{ node: { id: string, name: string, prefix: string, scopes: Array<string>, createdAt: string, revokedAt: string | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type CreateTokenMutationVariables = Exact<{
  input?: CreateTokenInput | null | undefined;
}>;


export type CreateTokenMutation = { createToken: { id: string, token: string, scopes: Array<string> } };

export type RevokeTokenMutationVariables = Exact<{
  id: string | number;
}>;


export type RevokeTokenMutation = { revokeToken: { id: string, revokedAt: string | null } };

export type InstalledApplicationsQueryVariables = Exact<{ [key: string]: never; }>;


export type InstalledApplicationsQuery = { installedApplications: Array<{ applicationId: string, name: string, installedAt: string }> };

export type InstallApplicationMutationVariables = Exact<{
  applicationId: string | number;
}>;


export type InstallApplicationMutation = { installApplication: { applicationId: string, name: string, installedAt: string } };

export type UninstallApplicationMutationVariables = Exact<{
  applicationId: string | number;
}>;


export type UninstallApplicationMutation = { uninstallApplication: boolean };

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { viewer: { tokenId: string, scopes: Array<string>, seller: { id: string, name: string } } };

export type SubscriptionRowFragment = { id: string, url: string, description: string | null, events: Array<string>, active: boolean, health: WebhookHealth, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null, disabledAt: string | null, disabledReason: string | null, createdAt: string };

export type WebhookSubscriptionsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type WebhookSubscriptionsQuery = { webhookSubscriptions: { edges: Array<{ node: { id: string, url: string, description: string | null, events: Array<string>, active: boolean, health: WebhookHealth, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null, disabledAt: string | null, disabledReason: string | null, createdAt: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type CreateWebhookSubscriptionMutationVariables = Exact<{
  input: CreateWebhookSubscriptionInput;
}>;


export type CreateWebhookSubscriptionMutation = { createWebhookSubscription: { secret: string, subscription: { id: string, url: string, description: string | null, events: Array<string>, active: boolean, health: WebhookHealth, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null, disabledAt: string | null, disabledReason: string | null, createdAt: string } } };

export type UpdateWebhookSubscriptionMutationVariables = Exact<{
  id: string | number;
  input: UpdateWebhookSubscriptionInput;
}>;


export type UpdateWebhookSubscriptionMutation = { updateWebhookSubscription: { id: string, url: string, description: string | null, events: Array<string>, active: boolean, health: WebhookHealth, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null, disabledAt: string | null, disabledReason: string | null, createdAt: string } };

export type RotateWebhookSecretMutationVariables = Exact<{
  id: string | number;
}>;


export type RotateWebhookSecretMutation = { rotateWebhookSecret: { id: string, secret: string } };

export type DeleteWebhookSubscriptionMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteWebhookSubscriptionMutation = { deleteWebhookSubscription: boolean };

export type RecoverWebhookDeliveriesMutationVariables = Exact<{
  id: string | number;
  since: string;
}>;


export type RecoverWebhookDeliveriesMutation = { recoverWebhookDeliveries: { redelivered: number } };

export type DeliveryRowFragment = { id: string, event: string, status: WebhookDeliveryStatus, subscriptionId: string, aggregateType: string, aggregateId: string, attemptCount: number, createdAt: string, completedAt: string | null, nextAttemptAt: string | null };

export type WebhookDeliveriesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: WebhookDeliveryFilter | null | undefined;
}>;


export type WebhookDeliveriesQuery = { webhookDeliveries: { edges: Array<{ node: { id: string, event: string, status: WebhookDeliveryStatus, subscriptionId: string, aggregateType: string, aggregateId: string, attemptCount: number, createdAt: string, completedAt: string | null, nextAttemptAt: string | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type DeliveryDetailFragment = { eventId: string, dataWithheld: boolean, payload: Record<string, unknown> | null, id: string, event: string, status: WebhookDeliveryStatus, subscriptionId: string, aggregateType: string, aggregateId: string, attemptCount: number, createdAt: string, completedAt: string | null, nextAttemptAt: string | null, attempts: Array<{ number: number, at: string, statusCode: number | null, durationMs: number, error: WebhookAttemptError | null, errorDetail: string | null, responseBody: string | null }> };

export type WebhookDeliveryQueryVariables = Exact<{
  id: string | number;
}>;


export type WebhookDeliveryQuery = { webhookDelivery: { eventId: string, dataWithheld: boolean, payload: Record<string, unknown> | null, id: string, event: string, status: WebhookDeliveryStatus, subscriptionId: string, aggregateType: string, aggregateId: string, attemptCount: number, createdAt: string, completedAt: string | null, nextAttemptAt: string | null, attempts: Array<{ number: number, at: string, statusCode: number | null, durationMs: number, error: WebhookAttemptError | null, errorDetail: string | null, responseBody: string | null }> } };

export type RedeliverWebhookDeliveryMutationVariables = Exact<{
  id: string | number;
}>;


export type RedeliverWebhookDeliveryMutation = { redeliverWebhookDelivery: { eventId: string, dataWithheld: boolean, payload: Record<string, unknown> | null, id: string, event: string, status: WebhookDeliveryStatus, subscriptionId: string, aggregateType: string, aggregateId: string, attemptCount: number, createdAt: string, completedAt: string | null, nextAttemptAt: string | null, attempts: Array<{ number: number, at: string, statusCode: number | null, durationMs: number, error: WebhookAttemptError | null, errorDetail: string | null, responseBody: string | null }> } };

export type ApplicationWebhooksQueryVariables = Exact<{ [key: string]: never; }>;


export type ApplicationWebhooksQuery = { applicationWebhooks: Array<{ id: string, applicationName: string, product: string, url: string, events: Array<string>, subscriptionId: string | null, health: WebhookHealth, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null }> };

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
}
    `, {"fragmentName":"OrderRow"}) as unknown as TypedDocumentString<OrderRowFragment, unknown>;
export const OrderDetailFragmentDoc = new TypedDocumentString(`
    fragment OrderDetail on Order {
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
}`, {"fragmentName":"OrderDetail"}) as unknown as TypedDocumentString<OrderDetailFragment, unknown>;
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
export const LiveEventsDocument = new TypedDocumentString(`
    subscription LiveEvents($types: [String!], $after: ID) {
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
}`) as unknown as TypedDocumentString<OrdersQuery, OrdersQueryVariables>;
export const OrderDocument = new TypedDocumentString(`
    query Order($id: ID!) {
  order(id: $id) {
    ...OrderDetail
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
}
fragment OrderDetail on Order {
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
    mutation ChangeOrderStatus($id: ID!, $input: ChangeOrderStatusInput!) {
  changeOrderStatus(id: $id, input: $input) {
    ...OrderDetail
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
}
fragment OrderDetail on Order {
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
    mutation SetOnHand($sku: String!, $onHand: Int!) {
  updateStock(sku: $sku, onHand: $onHand) {
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
    `) as unknown as TypedDocumentString<SetOnHandMutation, SetOnHandMutationVariables>;
export const PutChannelDocument = new TypedDocumentString(`
    mutation PutChannel($code: String!, $input: ChannelInput!) {
  putChannel(code: $code, input: $input) {
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
    mutation CreateToken($input: CreateTokenInput) {
  createToken(input: $input) {
    id
    token
    scopes
  }
}
    `) as unknown as TypedDocumentString<CreateTokenMutation, CreateTokenMutationVariables>;
export const RevokeTokenDocument = new TypedDocumentString(`
    mutation RevokeToken($id: ID!) {
  revokeToken(id: $id) {
    id
    revokedAt
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
    mutation InstallApplication($applicationId: ID!) {
  installApplication(applicationId: $applicationId) {
    applicationId
    name
    installedAt
  }
}
    `) as unknown as TypedDocumentString<InstallApplicationMutation, InstallApplicationMutationVariables>;
export const UninstallApplicationDocument = new TypedDocumentString(`
    mutation UninstallApplication($applicationId: ID!) {
  uninstallApplication(applicationId: $applicationId)
}
    `) as unknown as TypedDocumentString<UninstallApplicationMutation, UninstallApplicationMutationVariables>;
export const ViewerDocument = new TypedDocumentString(`
    query Viewer {
  viewer {
    tokenId
    scopes
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
}`) as unknown as TypedDocumentString<CreateWebhookSubscriptionMutation, CreateWebhookSubscriptionMutationVariables>;
export const UpdateWebhookSubscriptionDocument = new TypedDocumentString(`
    mutation UpdateWebhookSubscription($id: ID!, $input: UpdateWebhookSubscriptionInput!) {
  updateWebhookSubscription(id: $id, input: $input) {
    ...SubscriptionRow
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
}`) as unknown as TypedDocumentString<UpdateWebhookSubscriptionMutation, UpdateWebhookSubscriptionMutationVariables>;
export const RotateWebhookSecretDocument = new TypedDocumentString(`
    mutation RotateWebhookSecret($id: ID!) {
  rotateWebhookSecret(id: $id) {
    id
    secret
  }
}
    `) as unknown as TypedDocumentString<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const DeleteWebhookSubscriptionDocument = new TypedDocumentString(`
    mutation DeleteWebhookSubscription($id: ID!) {
  deleteWebhookSubscription(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteWebhookSubscriptionMutation, DeleteWebhookSubscriptionMutationVariables>;
export const RecoverWebhookDeliveriesDocument = new TypedDocumentString(`
    mutation RecoverWebhookDeliveries($id: ID!, $since: String!) {
  recoverWebhookDeliveries(id: $id, since: $since) {
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
    mutation RedeliverWebhookDelivery($id: ID!) {
  redeliverWebhookDelivery(id: $id) {
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
}`) as unknown as TypedDocumentString<RedeliverWebhookDeliveryMutation, RedeliverWebhookDeliveryMutationVariables>;
export const ApplicationWebhooksDocument = new TypedDocumentString(`
    query ApplicationWebhooks {
  applicationWebhooks {
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
    `) as unknown as TypedDocumentString<ApplicationWebhooksQuery, ApplicationWebhooksQueryVariables>;