/**
 * Domain errors with the codes listed in docs/architecture.md (Errors). Services throw these; the REST
 * adapter turns them into problem+json and GraphQL into `extensions.code`.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  INVALID_TRANSITION: 409,
  INSUFFICIENT_STOCK: 409,
  CONFLICT: 409,
  /** A configured limit on how many of something may exist (see docs/security.md#quotas). */
  QUOTA_EXCEEDED: 409,
  /** A live subscription's `after` is beyond the replay window (see docs/live-events.md). */
  REPLAY_WINDOW_EXCEEDED: 410,
  PAYLOAD_TOO_LARGE: 413,
  /** A body that is not `application/json`. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  IDEMPOTENCY_MISMATCH: 422,
  RATE_LIMITED: 429,
  /** A configured limit of the live API (operations per WebSocket connection): see docs/live-events.md. */
  LIMIT_EXCEEDED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * A field a service refuses, as a JSON pointer into the input it was given
 * (`/products/0/gtin`, `/idempotencyKey`). Services never say where the field travelled
 * (body, query, header): the REST adapter adds that (src/http/field-location.ts).
 */
export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra members of the problem document (e.g. `allowed`, `shortSkus`). */
    readonly details: Record<string, unknown> = {},
    readonly errors?: FieldError[],
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found`);
}

/** Seconds a client is asked to wait (Retry-After) while the service is UNAVAILABLE. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export function databaseUnavailable(): AppError {
  return new AppError('UNAVAILABLE', 'The database is unavailable; retry after the time in Retry-After');
}

/**
 * Field errors listed in one answer at most: a 1 MiB body of bad list items would otherwise
 * answer with hundreds of thousands of them (megabytes out for every kilobyte in).
 */
export const FIELD_ERRORS_MAX = 20;

export function validationFailed(errors: FieldError[], message = 'The request is not valid'): AppError {
  const listed = errors.slice(0, FIELD_ERRORS_MAX);
  const unlisted = errors.length - listed.length;
  return new AppError('VALIDATION_FAILED', unlisted > 0 ? `${message} (${unlisted} more errors not listed)` : message, {}, listed);
}
