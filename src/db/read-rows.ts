import { raw, type EntityClass, type FilterQuery, type QueryOrderMap, type RawQueryFragment } from '@mikro-orm/core';
import type { EntityManager, QBFilterQuery } from '@mikro-orm/postgresql';

/**
 * A row as the database holds it, under its entity's property names and types (Dates,
 * relations as ids), but a plain object: not managed, not tracked, never flushed.
 */
export type Row<T> = Readonly<T>;

export interface ReadRowsOptions<T> {
  orderBy?: QueryOrderMap<T>[];
  limit?: number;
}

/**
 * Read-only queries for pages and views. The entity manager's identity map and change
 * tracking buy nothing for rows that are only shown, and creating and hydrating managed
 * entities was most of a list page's CPU (docs/performance.md). The EM's filters still
 * apply (the seller scope), so a seller-scoped EM reads only its seller's rows.
 */
export async function readRows<T extends object>(
  em: EntityManager,
  entity: EntityClass<T>,
  where: FilterQuery<T>,
  options: ReadRowsOptions<T> = {},
): Promise<Row<T>[]> {
  const qb = em.createQueryBuilder(entity).select('*').where(where as QBFilterQuery<T>);
  if (options.orderBy) qb.orderBy(options.orderBy);
  if (options.limit !== undefined) qb.limit(options.limit);
  await qb.applyFilters();
  return (await qb.execute('all', true)) as unknown as Row<T>[];
}

/**
 * A condition on a uuid column: one of these ids, as `= any('{…}'::uuid[])`. The same rows
 * as `{ $in: ids }`, but the query builder processes and formats one value instead of one
 * per id, which was most of the cost of building a page's child statements (50 ids each;
 * docs/performance.md). Only for uuids: anything else fails the cast.
 */
export function anyUuid(ids: readonly string[]): RawQueryFragment {
  return raw('any(?::uuid[])', [`{${ids.map((id) => `"${id.replace(/["\\]/g, '\\$&')}"`).join(',')}}`]);
}
