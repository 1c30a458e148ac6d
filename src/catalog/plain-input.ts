/**
 * GraphQL input objects → the plain JSON the TypeBox schemas validate: class instances
 * become objects and null members disappear, since an explicit null means the same as
 * leaving the field out (a default) everywhere in the catalogue's inputs.
 */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_key, member: unknown) => member ?? undefined)) as T;
}
