import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { FastifySchemaCompiler } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { isStorableInstant } from '../db/storable-instant.js';
import { validationFailed } from '../errors.js';

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, ...options });
  addFormats.default(ajv);
  // RFC 3339 admits instants no service layer holds (year 0000, leap seconds): a date-time
  // a client sends must also be storable, or it would fail its statement with a 500.
  const dateTime = fullFormats['date-time'] as { validate: (value: string) => boolean };
  ajv.addFormat('date-time', { type: 'string', validate: (value: string) => dateTime.validate(value) && isStorableInstant(value) });
  return ajv;
}

// Bodies are JSON and must carry real types ("5" is not 5); query strings and headers
// are text by nature, so they are coerced to the schema's types.
const bodyAjv = createAjv({ coerceTypes: false, removeAdditional: false });
const textAjv = createAjv({ coerceTypes: 'array', removeAdditional: false });

/** Fastify compiles each route's schemas once, when the server is built. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);

/**
 * A request schema compiled once. Ajv keeps every compiled schema for the life of the
 * process, so compiling on each request would cost CPU and grow the heap without end:
 * validators are module constants, or built from config at start (listQuery).
 */
export interface InputValidator<S extends TSchema> {
  readonly schema: S;
  readonly validate: ValidateFunction<Static<S>>;
}

export function compileInput<S extends TSchema>(schema: S): InputValidator<S> {
  return { schema, validate: bodyAjv.compile<Static<S>>(schema as object) };
}

/**
 * Validates a GraphQL input against the same schema its REST twin uses, so both
 * interfaces accept and refuse exactly the same things.
 */
export function assertValid<S extends TSchema>(validator: InputValidator<S>, value: unknown, message = 'The input is not valid'): Static<S> {
  if (validator.validate(value)) return value;
  throw validationFailed(
    (validator.validate.errors ?? []).map((issue) => {
      const missing = (issue.params as { missingProperty?: string }).missingProperty;
      return { path: missing ? `${issue.instancePath}/${missing}` : issue.instancePath || '/', message: issue.message ?? 'is not valid' };
    }),
    message,
  );
}

type ListQueryBuilder = (maxLimit: number) => unknown;
const listQueries: ListQueryBuilder[] = [];

/**
 * A list's query schema, which depends on the configured page-size maximum: built and
 * compiled once per maximum (one in a running service). REST routes take `.schema` for
 * Fastify; GraphQL resolvers validate with the validator. buildListQueries, called when
 * the server is built, prepares every list declared this way.
 */
export function listQuery<S extends TSchema>(build: (maxLimit: number) => S): (maxLimit: number) => InputValidator<S> {
  const byMaximum = new Map<number, InputValidator<S>>();
  const prepared = (maxLimit: number) => {
    let validator = byMaximum.get(maxLimit);
    if (!validator) {
      validator = compileInput(build(maxLimit));
      byMaximum.set(maxLimit, validator);
    }
    return validator;
  };
  listQueries.push(prepared);
  return prepared;
}

/**
 * A query parameter that lists values comma separated (`status=aprovado,faturado`, as a
 * query string carries lists), already checked by its pattern → the values, the shape
 * the list's filter takes (GraphQL passes them as a list).
 */
export function commaList<T extends string>(value: string | undefined): T[] | undefined {
  return value === undefined ? undefined : (value.split(',') as T[]);
}

/** Builds every list query for this maximum now, so no request ever compiles one. */
export function buildListQueries(maxLimit: number): void {
  for (const prepare of listQueries) prepare(maxLimit);
}
