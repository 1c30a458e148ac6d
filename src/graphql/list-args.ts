import type { Static, TSchema } from 'typebox';
import type { Config } from '../config.js';
import { listRequest, type PageRequest } from '../http/pagination.js';
import type { InputValidator } from '../http/validation.js';
import { validInput } from './plain-input.js';

/** Relay's page arguments beside a list's own (its filter's fields, its sort). */
type ListArgs = { first?: number | null; after?: string | null } & Record<string, unknown>;

type PagedInput = { limit?: number; cursor?: string };

/**
 * A list's GraphQL arguments → its filter and page in the domain's terms, the shape its
 * REST twin is translated to as well (listRequest): Relay's `first`/`after` are the
 * page's `limit`/`cursor` (PAGE_SIZE_DEFAULT when `first` is unset), the filter's fields
 * sit beside them. `list` is the list's schema for the configured maximum page size (a
 * `listQuery`, compiled when the server is built), so error paths name the domain's
 * fields (`/limit`, `/channel`), as REST's do.
 */
export function listArgs<S extends TSchema>(
  context: { config: Pick<Config, 'pageSizeMax' | 'pageSizeDefault'> },
  list: (maxLimit: number) => InputValidator<S>,
  { first, after, ...filter }: ListArgs,
): { filter: Omit<Static<S>, 'limit' | 'cursor'>; page: PageRequest } {
  const input = validInput(list(context.config.pageSizeMax), { ...filter, limit: first, cursor: after });
  return listRequest(input as Static<S> & PagedInput, context.config.pageSizeDefault);
}
