import type { FastifyRequest } from 'fastify';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from '../db/storable-text.js';
import { validationFailed } from '../errors.js';
import type { LocatedFieldError, RequestPart } from './field-location.js';

const PARTS = [
  ['body', 'body'],
  ['query', 'query'],
  ['params', 'path'],
  ['headers', 'header'],
] as const satisfies readonly (readonly [keyof FastifyRequest, RequestPart])[];

/**
 * Every part of a REST request, whatever its route's schema says, is refused with 422 when
 * it holds text PostgreSQL cannot store (a NUL character, an unpaired surrogate): one
 * check at the edge rather than one per field (see
 * docs/security.md#text-postgresql-cannot-store).
 */
export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const errors: LocatedFieldError[] = PARTS.flatMap(([part, where]) =>
    unstorableTextPaths(request[part]).map((path) => ({ path, in: where, message: UNSTORABLE_TEXT_MESSAGE })),
  );
  if (errors.length > 0) throw validationFailed(errors);
}
