/**
 * The one contract every platform connector implements (docs/channels.md, "Adding a
 * platform"): a folder under src/channels/ exporting one ChannelConnector, listed in
 * connectors.ts. The connector knows the platform's formats and nothing of Ponte's
 * storage: the channels domain verifies, stores, retries and imports around it.
 */
import type { TObject } from 'typebox';
import type { ChannelOrderInput } from '../orders/orders.schemas.js';
import type { PlatformHttp } from './platform-http.js';

/** A request as the platform sent it to the inbound URL: headers lower-cased, the raw body. */
export interface InboundRequest {
  headers: Readonly<Record<string, string | undefined>>;
  body: Buffer;
}

/**
 * What the inbound URL makes of a request: refused (a bad signature: 401, nothing
 * stored), acknowledged and dropped (a ping, a topic Ponte does not take), or a
 * notification to store and process, deduplicated by the platform's delivery id.
 */
export type InboundVerdict =
  | { kind: 'refused'; reason: string }
  | { kind: 'ignored'; reason: string }
  | { kind: 'accepted'; deliveryId: string; topic: string };

/** A stored notification, as the worker hands it back to the connector. */
export interface StoredNotification {
  topic: string;
  body: string;
}

/**
 * An order line as the platform names it: its SKU when it carries one, and the
 * platform's own ids of the listing, which a listing link turns into a SKU.
 */
export interface PlatformLine {
  sku: string | null;
  listingId: string | null;
  variationId: string | null;
  title: string;
  quantity: number;
  unitPrice: string;
  discount: string;
}

/** A platform's order mapped to the normalized order, its lines still as the platform names them. */
export interface PlatformOrder extends Omit<ChannelOrderInput, 'channel' | 'items'> {
  lines: PlatformLine[];
}

/** A listing of the platform's catalogue, for linking by SKU. */
export interface PlatformListing {
  sku: string;
  listingId: string;
  variationId: string | null;
  productId: string | null;
}

export interface CataloguePage {
  listings: PlatformListing[];
  /** Where the next page starts; null on the last. */
  next: string | null;
}

/** A listing link: a Ponte SKU and the platform's ids of its listing. */
export interface ListingLink {
  sku: string;
  listingId: string;
  variationId: string | null;
  productId: string | null;
}

/** What a connector needs to call its platform for one connection. */
export interface PlatformContext<C> {
  credentials: C;
  http: PlatformHttp;
  /**
   * Renews the credentials (an OAuth refresh), one renewal per connection at a time across
   * workers and processes. `renew` is handed the credentials stored now, which another
   * worker may have renewed, or the seller replaced, since these were read: it answers
   * them as they are (nothing is stored) or renewed ones, which are stored (sealed like
   * the rest) unless the seller replaced the stored ones meanwhile. Resolves to the
   * credentials to use from then on, which are also `credentials` afterwards.
   */
  renewCredentials(renew: (stored: C) => Promise<C>): Promise<C>;
}

/** An order's move in Ponte that the platform may want to know about. */
export interface OrderMove {
  externalId: string;
  status: 'faturado' | 'enviado';
  /**
   * The move the platform took last for this order; null: none. Moves queued together
   * coalesce (the latest wins), so an `enviado` may come with no `faturado` before it:
   * then it carries what the `faturado` would have told (the invoice).
   */
  previous: 'faturado' | 'enviado' | null;
  invoice: { number: string; series: string; accessKey: string } | null;
  shipment: { carrier: string; trackingCode: string; trackingUrl: string | null } | null;
}

/** The form of one of a platform's ids, for refusing a listing link that cannot name a listing there. */
export interface IdFormat {
  pattern: RegExp;
  /** What it must be, as an error message ends: "a Shopify InventoryItem GID". */
  description: string;
}

export interface ChannelConnector<C extends object = Record<string, string>> {
  /** The `platform` of `PUT /canais/{code}/conexao`. */
  platform: string;
  title: string;
  /** The platform's credentials (TypeBox): validation, the OpenAPI document, the console's form. */
  credentials: TObject;
  /**
   * The credentials that name an account or a place rather than unlock it (a shop domain,
   * a location): forms show them as typed. Every other credential is a secret, typed
   * into a masked field; absent, all of them are.
   */
  identifiers?: readonly (keyof C & string)[];
  /** The platform's real API host, `scheme://host[:port]`, when the connection gives none. */
  defaultApiBaseUrl(credentials: C): string;
  /** The forms of the platform's ids in a listing link (`PUT /canais/{code}/anuncios`). */
  linkFormat: { listingId: IdFormat; variationId: IdFormat; productId: IdFormat };
  /** Checks the request is the platform's (its signature) and what it is about; pure and fast. */
  verifyInbound(request: InboundRequest, credentials: C): InboundVerdict;
  /** The order a stored notification is about: from its body, or read from the platform. Null: nothing to import. */
  orderOf(notification: StoredNotification, context: PlatformContext<C>): Promise<PlatformOrder | null>;
  /** One page of the platform's catalogue, for linking by SKU. */
  catalogue(context: PlatformContext<C>, cursor: string | null): Promise<CataloguePage>;
  /** Sets the published quantity of a linked listing. */
  pushQuantity(link: ListingLink, quantity: number, context: PlatformContext<C>): Promise<void>;
  /** Sets the price of a linked listing. */
  pushPrice(link: ListingLink, price: string, context: PlatformContext<C>): Promise<void>;
  /** Tells the platform an order was invoiced or shipped, where its API takes it; absent: it does not. */
  pushOrderMove?(move: OrderMove, context: PlatformContext<C>): Promise<void>;
}
