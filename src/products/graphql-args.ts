import type { GraphQLContext } from '../graphql/context.js';
import { pageQuery } from '../http/pagination.js';
import { assertValid } from '../http/validation.js';

/** GraphQL input objects → the plain JSON the TypeBox schemas validate (nulls mean absent). */
export function plain<T>(value: unknown): T {
  return JSON.parse(JSON.stringify(value ?? {}, (_key, member: unknown) => member ?? undefined)) as T;
}

/** Relay `first`/`after` → a page request, validated as the REST `limit`/`cursor` are. */
export function pageArgs(context: GraphQLContext, first?: number | null, after?: string | null): { limit: number; cursor?: string } {
  const page = assertValid(pageQuery(context.config.pageSizeMax), plain({ limit: first, cursor: after }));
  return { limit: page.limit ?? context.config.pageSizeDefault, cursor: page.cursor };
}
