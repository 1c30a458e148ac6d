import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors.js';
import { handleError, toAppError } from '../http/problem.js';

/**
 * Errors raised on /graphql before Apollo runs (the token lookup in onRequest). A database
 * that cannot be reached answers as a GraphQL response, 503 with `extensions.code:
 * UNAVAILABLE`, so GraphQL clients see the code they see when a resolver meets the same
 * outage; everything else answers as on any route.
 */
export function handleGraphQLRouteError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known = toAppError(error);
  if (known?.code !== 'UNAVAILABLE') return handleError(error, request, reply);
  request.log.warn({ err: error }, 'database unavailable');
  return reply
    .status(known.status)
    .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
    .type('application/json')
    .send({ errors: [{ message: known.message, extensions: { code: known.code } }] });
}
