/**
 * Domain errors with the codes of DESIGN section 9. Services throw these; the REST
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
  /** A live subscription's `after` is beyond the replay window (see docs/live-events.md). */
  REPLAY_WINDOW_EXCEEDED: 410,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION_FAILED: 422,
  IDEMPOTENCY_MISMATCH: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  /** JSON pointer inside the part named by `in` (the body unless said otherwise). */
  path: string;
  message: string;
  in?: 'body' | 'query' | 'path' | 'header';
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
