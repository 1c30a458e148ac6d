import type { GraphQLSchema } from 'graphql';
import { validationFailed, type FieldError } from '../errors.js';

/** Each federated entity's type name and the key field it is referenced by (its `@key`). */
export type EntityKeys = Readonly<Record<string, string>>;

/** Longer than any id or SKU: a representation's key is refused beyond it. */
const KEY_MAX_LENGTH = 100;

/**
 * `_entities` takes `_Any` values, which GraphQL leaves unchecked, and the federation
 * library throws a plain Error for a representation without a known `__typename` (masked
 * as INTERNAL). Every representation is checked before it runs: an object naming one of
 * our entities with its key as a short string, or the whole call is VALIDATION_FAILED.
 */
export function checkEntityRepresentations(schema: GraphQLSchema, keys: EntityKeys): void {
  const field = schema.getQueryType()?.getFields()._entities;
  const resolve = field?.resolve;
  if (!field || !resolve) return;
  field.resolve = (source, args: { representations: unknown[] }, context, info) => {
    const errors = args.representations.flatMap((representation, index) => representationErrors(representation, `/representations/${index}`, keys));
    if (errors.length > 0) throw validationFailed(errors, 'Some representations are not valid');
    return resolve(source, args, context, info);
  };
}

function representationErrors(representation: unknown, path: string, keys: EntityKeys): FieldError[] {
  if (representation === null || typeof representation !== 'object' || Array.isArray(representation)) {
    return [{ path, message: 'must be an object with __typename and its key' }];
  }
  const fields = representation as Record<string, unknown>;
  const typename = fields.__typename;
  if (typeof typename !== 'string' || !Object.hasOwn(keys, typename)) {
    return [{ path: `${path}/__typename`, message: `must be one of ${Object.keys(keys).join(', ')}` }];
  }
  const key = keys[typename]!;
  const value = fields[key];
  if (typeof value !== 'string' || value.length === 0 || value.length > KEY_MAX_LENGTH) {
    return [{ path: `${path}/${key}`, message: `must be a string of 1 to ${KEY_MAX_LENGTH} characters` }];
  }
  return [];
}
