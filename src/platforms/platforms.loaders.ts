import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { loaderFor, type GraphQLContext } from '../graphql/context.js';

/** The children of many parents in one statement, oldest first by id, grouped by parent (every parent present). */
export async function childrenOf<T extends { id: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  parentField: keyof T & string,
  parentIds: readonly string[],
): Promise<Map<string, T[]>> {
  const groups = new Map<string, T[]>(parentIds.map((id) => [id, []]));
  if (parentIds.length === 0) return groups;
  const rows = await em.find(entity, { [parentField]: { $in: [...parentIds] } } as never, { orderBy: { id: 'asc' } as never });
  for (const row of rows) groups.get(row[parentField] as unknown as string)?.push(row);
  return groups;
}

/**
 * The children of many parents in one statement per GraphQL request (tracking events of
 * shipments, entries of cycles, messages of cases), oldest first by id.
 */
export function childrenLoader<T extends { id: string }>(
  context: GraphQLContext,
  entity: EntityName<T>,
  parentField: keyof T & string,
): DataLoader<string, T[]> {
  return loaderFor(
    context,
    `products.${String(entity)}.${parentField}`,
    () =>
      new DataLoader<string, T[]>(async (parentIds) => {
        const groups = await childrenOf(context.em, entity, parentField, parentIds);
        return parentIds.map((id) => groups.get(id) ?? []);
      }),
  );
}
