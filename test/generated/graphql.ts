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

export type CreateTokenInput = {
  name?: InputMaybe<Scalars['String']['input']>;
  /** Defaults to the calling token's scopes */
  scopes?: InputMaybe<Array<Scalars['String']['input']>>;
};

export type CreatedToken = {
  __typename?: 'CreatedToken';
  id: Scalars['ID']['output'];
  scopes: Array<Scalars['String']['output']>;
  /** Shown once: only its hash is stored */
  token: Scalars['String']['output'];
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

export type Mutation = {
  __typename?: 'Mutation';
  createToken: CreatedToken;
  installApplication: InstalledApplication;
  /** Fires aplicativo.removido to the app's payments and customer-service registrations */
  uninstallApplication: Scalars['Boolean']['output'];
};


export type MutationCreateTokenArgs = {
  input?: InputMaybe<CreateTokenInput>;
};


export type MutationInstallApplicationArgs = {
  applicationId: Scalars['ID']['input'];
};


export type MutationUninstallApplicationArgs = {
  applicationId: Scalars['ID']['input'];
};

export type Query = {
  __typename?: 'Query';
  installedApplications: Array<InstalledApplication>;
  viewer: Viewer;
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

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { viewer: { scopes: Array<string>, tokenId: string, seller: { id: string, name: string } } };


export const ViewerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seller"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}}]} as unknown as DocumentNode<ViewerQuery, ViewerQueryVariables>;