import { Ajv, type Options } from 'ajv';
import { validationFailed } from '../errors.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, ...options });
  addFormats.default(ajv);
  return ajv;
}

// Bodies are JSON and must carry real types ("5" is not 5); query strings and headers
// are text by nature, so they are coerced to the schema's types.
const bodyAjv = createAjv({ coerceTypes: false, removeAdditional: false });
const textAjv = createAjv({ coerceTypes: 'array', removeAdditional: false });

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);

/**
 * Validates a GraphQL input against the same schema its REST twin uses, so both
 * interfaces accept and refuse exactly the same things.
 */
export function assertValid<T>(schema: object, value: unknown, message = 'The input is not valid'): T {
  const validate = bodyAjv.compile(schema);
  if (validate(value)) return value as T;
  throw validationFailed(
    (validate.errors ?? []).map((issue) => {
      const missing = (issue.params as { missingProperty?: string }).missingProperty;
      return { path: missing ? `${issue.instancePath}/${missing}` : issue.instancePath || '/', message: issue.message ?? 'is not valid' };
    }),
    message,
  );
}
