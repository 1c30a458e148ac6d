/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
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

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { viewer: { scopes: Array<Scope>, tokenId: string, seller: { id: string, name: string } } };


export const ViewerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seller"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"tokenId"}}]}}]}}]} as unknown as DocumentNode<ViewerQuery, ViewerQueryVariables>;