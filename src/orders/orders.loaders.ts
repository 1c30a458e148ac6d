import DataLoader from 'dataloader';
import { loaderFor, type GraphQLContext } from '../graphql/context.js';
import { loadItems, loadPayments, loadStatusHistory, toHeaderView, type OrderHeaderView } from './order.views.js';
import { findOrdersByIds } from './order.queries.js';

type Batch<V> = (em: GraphQLContext['em'], ids: readonly string[]) => Promise<Map<string, V[]>>;

function childLoader<V>(context: GraphQLContext, key: string, batch: Batch<V>): DataLoader<string, V[]> {
  return loaderFor(
    context,
    key,
    () => new DataLoader<string, V[]>(async (ids) => {
      const groups = await batch(context.em, ids);
      return ids.map((id) => groups.get(id) ?? []);
    }),
  );
}

/** One statement per child kind for all the orders a GraphQL request touches. */
export const orderItemsLoader = (context: GraphQLContext) => childLoader(context, 'orders.items', loadItems);
export const orderPaymentsLoader = (context: GraphQLContext) => childLoader(context, 'orders.payments', loadPayments);
export const orderHistoryLoader = (context: GraphQLContext) => childLoader(context, 'orders.statusHistory', loadStatusHistory);

/** Orders by id, for federation references (`_entities`) arriving in batches: one statement, children through the loaders above. */
export function orderLoader(context: GraphQLContext): DataLoader<string, OrderHeaderView | null> {
  return loaderFor(context, 'orders.byId', () => new DataLoader(async (ids: readonly string[]) => {
    const found = await findOrdersByIds(context.em, ids);
    return ids.map((id) => {
      const order = found.get(id);
      return order ? toHeaderView(order) : null;
    });
  }));
}
