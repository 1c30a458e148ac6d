import { useState } from 'preact/hooks';
import { useQuery } from '../api/hooks';
import { Badge } from '../components/badge';
import { Pager, useCursorPages } from '../components/pager';
import { Empty, QueryView } from '../components/states';
import { Time } from '../components/time';
import { OrderStatus, OrdersDocument, type OrderFilterInput } from '../generated/graphql';

const PAGE_SIZE = 25;

interface Filters {
  status: string;
  channel: string;
  from: string;
  to: string;
}

/** The filters as the API's: dates are whole days in the viewer's time zone. */
function toFilter(filters: Filters): OrderFilterInput {
  return {
    status: filters.status ? [filters.status as OrderStatus] : undefined,
    channel: filters.channel.trim() || undefined,
    createdFrom: filters.from ? new Date(`${filters.from}T00:00:00`).toISOString() : undefined,
    createdTo: filters.to ? new Date(new Date(`${filters.to}T00:00:00`).getTime() + 86_400_000).toISOString() : undefined,
  };
}

export function OrdersPage() {
  const [filters, setFilters] = useState<Filters>({ status: '', channel: '', from: '', to: '' });
  const filter = toFilter(filters);
  const pages = useCursorPages(JSON.stringify(filter));
  const query = useQuery(OrdersDocument, { first: PAGE_SIZE, after: pages.after, filter });
  const set = (field: keyof Filters) => (event: Event) => setFilters({ ...filters, [field]: (event.currentTarget as HTMLInputElement).value });
  return (
    <section>
      <h1>Orders</h1>
      <form class="filters" aria-label="Filter orders" onSubmit={(event) => event.preventDefault()}>
        <label>
          Status
          <select aria-label="Status" value={filters.status} onChange={set('status')}>
            <option value="">Any</option>
            {Object.values(OrderStatus).map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label>
          Channel
          <input type="search" value={filters.channel} onChange={set('channel')} placeholder="e.g. mercadolivre" />
        </label>
        <label>
          From
          <input type="date" value={filters.from} onChange={set('from')} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={set('to')} />
        </label>
      </form>
      <QueryView query={query}>
        {({ orders }) =>
          orders.edges.length === 0 ? (
            <Empty>No orders match these filters.</Empty>
          ) : (
            <>
              <div class="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Order</th>
                      <th scope="col">Status</th>
                      <th scope="col">Channel</th>
                      <th scope="col">Customer</th>
                      <th scope="col" class="number">Total</th>
                      <th scope="col">Created</th>
                    </tr>
                  </thead>
                  <tbody>
                    {orders.edges.map(({ node: order }) => (
                      <tr key={order.id}>
                        <td>
                          <a href={`/console/orders/${order.id}`}>#{order.number}</a> <span class="muted">{order.externalId}</span>
                        </td>
                        <td>
                          <Badge value={order.status} />
                        </td>
                        <td>{order.channel}</td>
                        <td>{order.customer.name}</td>
                        <td class="number">{order.amounts.total}</td>
                        <td>
                          <Time value={order.createdAt} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager pages={pages} hasNextPage={orders.pageInfo.hasNextPage} endCursor={orders.pageInfo.endCursor} />
            </>
          )
        }
      </QueryView>
    </section>
  );
}
