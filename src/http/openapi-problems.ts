import type { SwaggerTransformObject } from '@fastify/swagger';
import { ERROR_STATUS, type ErrorCode } from '../errors.js';
import { PROBLEM_CONTENT_TYPE, ProblemSchema, TITLES } from './problem.js';

interface Operation {
  parameters?: unknown[];
  requestBody?: unknown;
  security?: unknown[];
  responses?: Record<string, unknown>;
}

interface OpenApiDocument {
  components?: { schemas?: Record<string, unknown> };
  paths?: Record<string, Record<string, Operation>>;
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);

/**
 * The errors any operation can answer, added to the OpenAPI document (documentation
 * only: routes declare just their successes). Which apply follows from the operation's
 * shape: a body can be malformed (400), too large (413), not JSON (415) or invalid (422),
 * parameters invalid (422), a path names something that may not exist (404). Every
 * operation may meet the rate limit (429) and a database outage (503).
 */
export const documentProblems: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const { openapiObject } = documentObject;
  const document = openapiObject as OpenApiDocument;
  document.components = { ...document.components, schemas: { ...document.components?.schemas, Problem: ProblemSchema } };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      operation.responses = { ...operation.responses, ...problemResponses(path, operation) };
    }
  }
  return openapiObject;
};

function problemResponses(path: string, operation: Operation): Record<string, unknown> {
  const codes: ErrorCode[] = [];
  if (operation.requestBody) codes.push('BAD_REQUEST');
  if (operation.security === undefined || operation.security.length > 0) codes.push('UNAUTHENTICATED');
  if (path.includes('{')) codes.push('NOT_FOUND');
  if (operation.requestBody) codes.push('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  if (operation.requestBody || (operation.parameters?.length ?? 0) > 0) codes.push('VALIDATION_FAILED');
  codes.push('RATE_LIMITED', 'UNAVAILABLE');
  return Object.fromEntries(codes.map((code) => [String(ERROR_STATUS[code]), problemResponse(code)]));
}

function problemResponse(code: ErrorCode): unknown {
  return {
    description: `${TITLES[code]} (${code})`,
    content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } },
  };
}
