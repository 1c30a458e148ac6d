/**
 * What a route tells the HTTP-client collections about trying it, beyond what they infer
 * from the OpenAPI document (docs/guides/rest-integrators.md, "Collections"): most routes
 * need none. A route declares it as `config.collection`; `describeOperation` carries it in
 * the operation's `x-ponte-collection`.
 */
export interface CollectionHint {
  /**
   * operationIds whose effect this request needs beyond the ids in its path, in the order
   * they must happen: an order is approved before it is invoiced, invoiced before it ships;
   * a delivery log has an entry once a receiver was registered and then an event happened.
   * The collection runs them first, in that order (and, when they belong to another
   * interface, adds them as setup requests).
   */
  after?: readonly string[];
  /**
   * For a list whose first item later requests use: it waits (asking again, up to 30 s)
   * until that item has one of these values (`{ status: ['succeeded', 'failed'] }`: only a
   * finished delivery can be redelivered).
   */
  until?: Readonly<Record<string, readonly unknown[]>>;
  /**
   * Body fields (JSON pointers) set to the time of the run plus an offset in milliseconds
   * (a settlement period just before now, which an earlier run's never overlaps).
   */
  recent?: Readonly<Record<string, number>>;
  /**
   * Body fields (JSON pointers) that name another resource, by that resource's item path:
   * `{ '/orderId': '/pedidos/{id}' }` sends the id of the order the collection created.
   */
  ids?: Readonly<Record<string, string>>;
  /** Body fields (JSON pointers) that must differ at every run, so a collection can run again: each gets a fresh UUID. */
  fresh?: readonly string[];
  /**
   * No REST operation creates what the path's `{id}` names (a seller's API tokens are made
   * over GraphQL): a GraphQL mutation, run before the request with the same credential,
   * whose answer at `id` (a dotted path in `data`) is the value.
   */
  graphqlId?: { mutation: string; id: string };
  /**
   * The request cannot run unattended on a fresh start, for this reason (a platform's signed
   * notification; a simulated order in a state chosen at random): it stays in the
   * collection to send by hand, and a collection run skips it.
   */
  manual?: string;
}

/** The operation extension that carries a route's hint into the document. */
export const COLLECTION_KEY = 'x-ponte-collection';
