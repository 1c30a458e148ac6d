import { useState } from 'preact/hooks';
import { useQuery } from '../api/hooks';
import { Badge } from '../components/badge';
import { Pager, useCursorPages } from '../components/pager';
import { Empty, QueryView } from '../components/states';
import { Time } from '../components/time';
import { OrderStatus, OrdersDocument, type OrderFilterInput } from '../generated/graphql';
import { dayStart, nextDay } from '../i18n/formats';
import { useLocale } from '../i18n/locale';

const PAGE_SIZE = 25;

interface Filters {
  status: string;
  channel: string;
  from: string;
  to: string;
}

/** The filters as the API's: dates are whole days in the chosen time zone. */
function toFilter(filters: Filters, timeZone: string): OrderFilterInput {
  return {
    status: filters.status ? [filters.status as OrderStatus] : undefined,
    channel: filters.channel.trim() || undefined,
    createdFrom: filters.from ? dayStart(filters.from, timeZone) : undefined,
    createdTo: filters.to ? dayStart(nextDay(filters.to), timeZone) : undefined,
  };
}

export function OrdersPage() {
  const { t, format, timeZone } = useLocale();
  const [filters, setFilters] = useState<Filters>({ status: '', channel: '', from: '', to: '' });
  const filter = toFilter(filters, timeZone);
  const pages = useCursorPages(JSON.stringify(filter));
  const query = useQuery(OrdersDocument, { first: PAGE_SIZE, after: pages.after, filter });
  const set = (field: keyof Filters) => (event: Event) => setFilters({ ...filters, [field]: (event.currentTarget as HTMLInputElement).value });
  return (
    <section>
      <h1>{t.orders.title}</h1>
      <form class="filters" aria-label={t.orders.filter} onSubmit={(event) => event.preventDefault()}>
        <label>
          {t.orders.status}
          <select aria-label={t.orders.status} value={filters.status} onChange={set('status')}>
            <option value="">{t.app.any}</option>
            {Object.values(OrderStatus).map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.orders.channel}
          <input type="search" value={filters.channel} onChange={set('channel')} placeholder="mercadolivre" />
        </label>
        <label>
          {t.orders.from}
          <input type="date" value={filters.from} onChange={set('from')} />
        </label>
        <label>
          {t.orders.to}
          <input type="date" value={filters.to} onChange={set('to')} />
        </label>
      </form>
      <QueryView query={query}>
        {({ orders }) =>
          orders.edges.length === 0 ? (
            <Empty>{t.orders.noMatch}</Empty>
          ) : (
            <>
              <div class="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t.orders.order}</th>
                      <th scope="col">{t.orders.status}</th>
                      <th scope="col">{t.orders.channel}</th>
                      <th scope="col">{t.orders.customer}</th>
                      <th scope="col" class="number">
                        {t.orders.total}
                      </th>
                      <th scope="col">{t.orders.created}</th>
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
                        <td class="number">{format.money(order.amounts.total)}</td>
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
