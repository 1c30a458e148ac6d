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
   * The request succeeds only while the item its path names has one of these values, and
   * answers 409 CONFLICT otherwise (`{ status: ['succeeded', 'failed'] }`: a delivery is
   * redelivered once finished; while the dispatcher still owes it, that is a conflict).
   * The collection reads the item first (the GET of the path up to its last parameter)
   * and expects the answer that state calls for.
   */
  conflictUnless?: Readonly<Record<string, readonly unknown[]>>;
  /**
   * Ids this request makes when its answer is not the item itself, by the item path that
   * takes them: `{ in: 'orders' }`, the id of the last item of that list in the answer;
   * `{ url: 'inboundUrl' }`, the last path segment of that URL in the answer.
   */
  makes?: Readonly<Record<string, { in: string } | { url: string }>>;
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
   * A platform's signed request, which the document describes only as bytes: the
   * collection sends `body` with `headers` (`{{$guid}}` makes a value fresh at each run)
   * and `header`, the base64 HMAC-SHA256 of the body under the secret an earlier request
   * of the collection sent in a body field (`secret`: its operationId and the field's JSON
   * pointer; the field gets a fresh value at each run).
   */
  signed?: { body: unknown; headers: Readonly<Record<string, string>>; header: string; secret: { operationId: string; field: string } };
}

/** The operation extension that carries a route's hint into the document. */
export const COLLECTION_KEY = 'x-ponte-collection';
