import type { FastifySchema } from 'fastify';
import type { FieldError } from '../errors.js';

export type RequestPart = 'body' | 'query' | 'path' | 'header';

/** A field error as REST answers it: `path` is a JSON pointer inside the part `in` names. */
export interface LocatedFieldError extends FieldError {
  in: RequestPart;
}

/**
 * Services report paths in their input's terms (`/sku`, `/cursor`, `/idempotencyKey`,
 * `/products/0/gtin`); the route adds where each field came from, read from its own
 * schema: a path parameter, a query parameter, a header (the field's name in kebab case:
 * `idempotencyKey` travels as `Idempotency-Key`, and is reported under the header's
 * name), else the body. Errors already located (Fastify's own validation) stay as they are.
 */
export function locateFieldErrors(errors: readonly FieldError[], schema: FastifySchema | undefined): LocatedFieldError[] {
  return errors.map((error) => (isLocated(error) ? error : locate(error, schema)));
}

function isLocated(error: FieldError): error is LocatedFieldError {
  return 'in' in error;
}

function locate(error: FieldError, schema: FastifySchema | undefined): LocatedFieldError {
  const [, field = '', ...rest] = error.path.split('/');
  const tail = rest.map((segment) => `/${segment}`).join('');
  if (declares(schema?.params, field)) return { ...error, in: 'path' };
  if (declares(schema?.querystring, field)) return { ...error, in: 'query' };
  const header = kebabCase(field);
  if (field && declares(schema?.headers, header)) return { path: `/${header}${tail}`, in: 'header', message: error.message };
  return { ...error, in: 'body' };
}

function declares(part: unknown, field: string): boolean {
  const properties = (part as { properties?: Record<string, unknown> } | undefined)?.properties;
  return field !== '' && properties !== undefined && Object.hasOwn(properties, field);
}

function kebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
