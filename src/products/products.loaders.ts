import type { EntityName } from '@mikro-orm/core';
import DataLoader from 'dataloader';
import { loaderFor, type GraphQLContext } from '../graphql/context.js';

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
        const rows = await context.em.find(entity, { [parentField]: { $in: [...parentIds] } } as never, {
          orderBy: { id: 'asc' } as never,
        });
        const groups = new Map<string, T[]>();
        for (const row of rows) {
          const parentId = row[parentField] as unknown as string;
          groups.set(parentId, [...(groups.get(parentId) ?? []), row]);
        }
        return parentIds.map((id) => groups.get(id) ?? []);
      }),
  );
}
