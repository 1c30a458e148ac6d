import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { useQuery } from '../api/hooks';
import { AttentionOrders, AttentionReasons } from '../components/attention';
import { Badge } from '../components/badge';
import { Pager, useCursorPages } from '../components/pager';
import { TableFrame } from '../components/table-frame';
import { Empty, QueryView } from '../components/states';
import { Time } from '../components/time';
import { ChannelPicker } from '../components/channel-picker';
import { OrderStatus, OrdersDocument, type OrderFilterInput } from '../generated/graphql';
import { dayStart, nextDay } from '../i18n/formats';
import { useLocale } from '../i18n/locale';

const PAGE_SIZE = 25;

interface Filters {
  search: string;
  status: string;
  channel: string;
  from: string;
  to: string;
  /** '': any; 'true': only the orders needing attention; 'false': only the others. */
  attention: string;
}

/** The filters as the API's: dates are whole days in the chosen time zone. */
function toFilter(filters: Filters, timeZone: string): OrderFilterInput {
  return {
    search: filters.search.trim() || undefined,
    status: filters.status ? [filters.status as OrderStatus] : undefined,
    channel: filters.channel.trim() || undefined,
    createdFrom: filters.from ? dayStart(filters.from, timeZone) : undefined,
    createdTo: filters.to ? dayStart(nextDay(filters.to), timeZone) : undefined,
    needsAttention: filters.attention ? filters.attention === 'true' : undefined,
  };
}

export function OrdersPage() {
  const { t, format, timeZone } = useLocale();
  // A link may open the list filtered (the overview's "every order that needs attention").
  const { query: linked } = useLocation();
  const [filters, setFilters] = useState<Filters>(() => ({
    search: '',
    status: '',
    channel: linked.channel ?? '',
    from: '',
    to: '',
    attention: ['true', 'false'].includes(linked.needsAttention ?? '') ? linked.needsAttention! : '',
  }));
  const filter = toFilter(filters, timeZone);
  const pages = useCursorPages(JSON.stringify(filter));
  const query = useQuery(OrdersDocument, { first: PAGE_SIZE, after: pages.after, filter });
  const set = (field: keyof Filters) => (event: Event) => setFilters({ ...filters, [field]: (event.currentTarget as HTMLInputElement).value });
  return (
    <section>
      <h1>{t.orders.title}</h1>
      {!filters.attention && <AttentionOrders quiet linkAll={false} />}
      <form class="filters" role="search" aria-label={t.orders.filter} onSubmit={(event) => event.preventDefault()}>
        <label class="search">
          {t.orders.search}
          {/* Applied on Enter or on leaving the field (change), not at each key. */}
          <input type="search" value={filters.search} onChange={set('search')} placeholder={t.orders.searchHint} maxLength={100} />
        </label>
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
        <ChannelPicker label={t.orders.channel} value={filters.channel} onChange={(channel) => setFilters({ ...filters, channel })} />
        <label>
          {t.orders.attention}
          <select aria-label={t.orders.attention} value={filters.attention} onChange={set('attention')}>
            <option value="">{t.app.any}</option>
            <option value="true">{t.orders.attentionOnly}</option>
            <option value="false">{t.orders.attentionNone}</option>
          </select>
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
              <TableFrame label={t.orders.title}>
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
                          {order.needsAttention && (
                            <>
                              {' '}
                              <Badge value="attention" label={t.orders.needsAttention} />
                              <AttentionReasons reasons={order.attentionReasons} />
                            </>
                          )}
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
              </TableFrame>
              <Pager pages={pages} hasNextPage={orders.pageInfo.hasNextPage} endCursor={orders.pageInfo.endCursor} />
            </>
          )
        }
      </QueryView>
    </section>
  );
}
