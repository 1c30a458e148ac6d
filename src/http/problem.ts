import type { FastifyError, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { Type } from 'typebox';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import {
  AppError,
  databaseUnavailable,
  ERROR_STATUS,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  validationFailed,
  type ErrorCode,
} from '../errors.js';
import { problemTypeUri } from './problem-catalogue.js';
import { locateFieldErrors, type LocatedFieldError, type RequestPart } from './field-location.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export const TITLES: Record<ErrorCode, string> = {
  BAD_REQUEST: 'Bad request',
  UNAUTHENTICATED: 'Unauthenticated',
  FORBIDDEN: 'Forbidden',
  NOT_FOUND: 'Not found',
  INVALID_TRANSITION: 'Invalid status transition',
  INSUFFICIENT_STOCK: 'Insufficient stock',
  CONFLICT: 'Conflict',
  QUOTA_EXCEEDED: 'Quota exceeded',
  REPLAY_WINDOW_EXCEEDED: 'Beyond the replay window',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported media type',
  VALIDATION_FAILED: 'Validation failed',
  IDEMPOTENCY_MISMATCH: 'Idempotency key reused with another request',
  RATE_LIMITED: 'Too many requests',
  LIMIT_EXCEEDED: 'Limit exceeded',
  UNAVAILABLE: 'Service unavailable',
  INTERNAL: 'Internal error',
};

/** The problem document as a schema: the `Problem` component of the OpenAPI documents (src/http/openapi/). */
export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: 'URI of the error\'s page in the error catalogue served by this service (`/problems/<type>`)' }),
    title: Type.String({ description: 'Short summary of the error type' }),
    status: Type.Integer({ description: 'The HTTP status' }),
    detail: Type.String({ description: 'What happened to this request' }),
    code: Type.Enum(Object.keys(ERROR_STATUS) as ErrorCode[], { description: 'Stable error code, also `extensions.code` in GraphQL' }),
    requestId: Type.Optional(Type.String({ description: 'Quote it when reporting a problem; also the `x-request-id` header' })),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          path: Type.String({ description: 'JSON pointer inside the part named by `in`' }),
          in: Type.Optional(Type.Enum(['body', 'query', 'path', 'header'] satisfies RequestPart[])),
          message: Type.String(),
        }),
      ),
    ),
  },
  {
    title: 'Problem',
    additionalProperties: true,
    description: 'RFC 9457 problem details; extension members (e.g. `limit`, `allowed`) depend on the code',
    examples: [
      {
        type: '/problems/validation-failed',
        title: 'Validation failed',
        status: 422,
        detail: 'The request is not valid',
        code: 'VALIDATION_FAILED',
        requestId: 'req-7f3c2a',
        errors: [{ path: '/items/0/quantity', in: 'body', message: 'must be >= 1' }],
      },
    ],
  },
);

/** A route's documented error response (`response: { 409: problemResponse('…') }`). */
export function problemResponse(description: string) {
  return { description, content: { [PROBLEM_CONTENT_TYPE]: { schema: ProblemSchema } } };
}

/** RFC 9457 problem document. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  requestId?: string;
  errors?: LocatedFieldError[];
  [extension: string]: unknown;
}

/** `routeSchema`: the schema of the route that failed, which tells where each field of the errors came from. */
export function problemOf(error: AppError, requestId?: string, routeSchema?: FastifySchema): Problem {
  return {
    ...error.details,
    type: problemTypeUri(error.code),
    title: TITLES[error.code],
    status: ERROR_STATUS[error.code],
    detail: error.message,
    code: error.code,
    ...(requestId ? { requestId } : {}),
    ...(error.errors ? { errors: locateFieldErrors(error.errors, routeSchema) } : {}),
  };
}

export function sendProblem(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.code === 'UNAVAILABLE') reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  return reply
    .status(error.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(problemOf(error, String(reply.request.id), reply.request.routeOptions.schema));
}

type ValidationPart = 'body' | 'querystring' | 'params' | 'headers';
const PART_NAMES: Record<ValidationPart, RequestPart> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/** Ajv errors → `[{path, in, message}]`, the path a JSON pointer inside its part. */
export function fieldErrorsOf(error: FastifyError): LocatedFieldError[] {
  const part = PART_NAMES[(error.validationContext ?? 'body') as ValidationPart] ?? 'body';
  return (error.validation ?? []).map((issue) => {
    const missing = (issue.params as { missingProperty?: string }).missingProperty;
    const extra = (issue.params as { additionalProperty?: string }).additionalProperty;
    const leaf = missing ?? extra;
    const path = leaf ? `${issue.instancePath}/${leaf}` : issue.instancePath || '/';
    const message = extra ? 'is not a known field' : (issue.message ?? 'is not valid');
    return { path, in: part, message };
  });
}

/** Anything thrown while handling a request → the problem the client should see. */
export function toAppError(error: FastifyError | Error): AppError | undefined {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return validationFailed(fieldErrorsOf(fastifyError));
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('BAD_REQUEST', 'The body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'The body is larger than the allowed size');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'The body must be JSON, sent with Content-Type: application/json');
    case 'FST_ERR_BAD_URL':
      return new AppError('BAD_REQUEST', 'The URL is not valid: malformed percent-encoding');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      // Longer than any id, SKU or code can be: nothing is there.
      return new AppError('NOT_FOUND', 'No resource has an identifier that long');
  }
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new AppError('BAD_REQUEST', 'The body is not valid JSON');
  }
  if (fastifyError.statusCode === 429) {
    return new AppError('RATE_LIMITED', 'Rate limit exceeded; retry after the time in Retry-After');
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new AppError('BAD_REQUEST', fastifyError.message);
  }
  return undefined;
}

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known = toAppError(error);
  if (known?.code === 'UNAVAILABLE') request.log.warn({ err: error }, 'database unavailable');
  if (known) return sendProblem(reply, known);
  request.log.error({ err: error }, 'unexpected error');
  return sendProblem(reply, new AppError('INTERNAL', 'An unexpected error occurred; quote the requestId when reporting it'));
}
