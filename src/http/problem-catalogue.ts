import { ERROR_STATUS, type ErrorCode } from '../errors.js';

/**
 * The error catalogue: what each problem `type` means and what a client does about it.
 * Each problem's `type` is the URI of its page, served by this service (`/problems/…`,
 * relative to the service, as RFC 9457 allows), and docs/errors.md is printed from here.
 */
export const PROBLEMS_PATH = '/problems';

interface ProblemPage {
  /** When the service answers with it. */
  meaning: string;
  /** What the client should do. */
  action: string;
}

export const PROBLEM_PAGES: Record<ErrorCode, ProblemPage> = {
  BAD_REQUEST: {
    meaning: 'The request could not be read: the body is not valid JSON (or not UTF-8), or the URL has malformed percent-encoding.',
    action: 'Fix the request; sending it again unchanged gives the same answer.',
  },
  UNAUTHENTICATED: {
    meaning: 'No credential came in `Authorization: Bearer …`, or the one that came is unknown, revoked or of the wrong kind (a seller token where an application credential is needed, or the reverse).',
    action: 'Send a valid credential. A revoked token stays refused; ask for a new one.',
  },
  FORBIDDEN: {
    meaning: 'The token is valid but lacks the scope the operation needs (each operation of the OpenAPI documents lists it), or asks for more than it holds (revoking a token with wider scopes).',
    action: 'Use a token with that scope; `allowed` or `detail` says which.',
  },
  NOT_FOUND: {
    meaning: 'Nothing with that identifier exists for this seller or application (another seller\'s resources are not found either), or no route has that path.',
    action: 'Check the identifier; list the collection to find it.',
  },
  INVALID_TRANSITION: {
    meaning: 'The order cannot move to the requested status from the one it has (e.g. `entregue` before `enviado`).',
    action: 'Read the order again; `allowed` lists the statuses it can move to.',
  },
  INSUFFICIENT_STOCK: {
    meaning: 'The order asks for more units than the channel may sell of one or more SKUs.',
    action: 'Reduce the quantities or add stock; `shortSkus` names the SKUs.',
  },
  CONFLICT: {
    meaning: 'The request conflicts with the current state (an existing resource with the same unique key, or a concurrent change).',
    action: 'Read the current state and decide; retrying unchanged gives the same answer.',
  },
  QUOTA_EXCEEDED: {
    meaning: 'A configured limit on how many of something may exist was reached (webhook subscriptions, per-product registrations, credentials).',
    action: 'Delete some first; `limit` gives the limit.',
  },
  REPLAY_WINDOW_EXCEEDED: {
    meaning: 'A live subscription asked to replay from an event older than the replay window (24 h or 1000 events).',
    action: 'Resynchronise through the REST lists (cursor sync), then subscribe without `after`.',
  },
  PAYLOAD_TOO_LARGE: {
    meaning: 'The body is larger than the configured limit (BODY_LIMIT_BYTES, 1 MiB by default).',
    action: 'Send smaller batches.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    meaning: 'The body is not sent as JSON.',
    action: 'Send `Content-Type: application/json`.',
  },
  VALIDATION_FAILED: {
    meaning: 'A field, parameter or header is missing or not valid. `errors` lists them (at most 20): `path` is a JSON pointer inside the part `in` names (`body`, `query`, `path`, `header`).',
    action: 'Fix the fields listed; the OpenAPI document of the operation gives their schema.',
  },
  IDEMPOTENCY_MISMATCH: {
    meaning: 'The `Idempotency-Key` was already used, within 24 hours, for a request with another body.',
    action: 'Use a new key for a new request; resend the same body to replay the first answer.',
  },
  RATE_LIMITED: {
    meaning: 'The caller (token, application or address) spent its per-minute budget.',
    action: 'Wait for the seconds in `Retry-After`, then retry.',
  },
  LIMIT_EXCEEDED: {
    meaning: 'A limit on one operation was reached: operations on one WebSocket connection, or the size of one GraphQL response (`limit` names it, `maximum` gives it).',
    action: 'Close operations you no longer need or open another connection; for a response, ask for fewer objects or fields.',
  },
  UNAVAILABLE: {
    meaning: 'The database is unavailable for a moment; nothing was changed.',
    action: 'Retry after the seconds in `Retry-After`, with the same `Idempotency-Key` for writes that take one.',
  },
  INTERNAL: {
    meaning: 'An unexpected fault; the service logged it.',
    action: 'Retry later; quote `requestId` when reporting it.',
  },
};

/** `VALIDATION_FAILED` → `validation-failed`: the last segment of its type URI. */
export function problemSlug(code: ErrorCode): string {
  return code.toLowerCase().replace(/_/g, '-');
}

export function problemTypeUri(code: ErrorCode): string {
  return `${PROBLEMS_PATH}/${problemSlug(code)}`;
}

export function problemCodeOfSlug(slug: string): ErrorCode | undefined {
  return (Object.keys(PROBLEM_PAGES) as ErrorCode[]).find((code) => problemSlug(code) === slug);
}

export const PROBLEM_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
