import { useEffect, useState } from 'preact/hooks';
import { useQuery } from '../api/hooks';
import { useLiveRefresh } from '../api/live-updates';
import { AttentionOrders } from '../components/attention';
import { Badge } from '../components/badge';
import { BarChart } from '../components/bar-chart';
import { Empty, QueryView } from '../components/states';
import { EventType, OrdersTodayDocument, RecentDeliveriesDocument, Scope } from '../generated/graphql';
import { dayOf, dayStart } from '../i18n/formats';
import { useLocale } from '../i18n/locale';
import { scopeLabel } from '../wire-names';
import { useSession } from '../session-context';

const HOUR_MS = 3_600_000;
/** What moves the overview: orders arriving and changing status (their deliveries follow). */
const MOVING_EVENTS = [EventType.PedidoCriado, EventType.PedidoStatusAlterado];

function countBy<T>(rows: T[], key: (row: T) => string): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count);
}

export function OverviewPage() {
  const { can, viewer } = useSession();
  const { t } = useLocale();
  // Each event that moves the figures counts here; the cards ask again when it changes.
  const [moves, setMoves] = useState(0);
  const live = useLiveRefresh(MOVING_EVENTS, () => setMoves((count) => count + 1), can(Scope.OrdersRead));
  return (
    <section>
      <h1>{t.overview.title}</h1>
      <p class="muted">
        {t.overview.signedInAs(viewer.seller.name, viewer.scopes.map(scopeLabel).join(', ') || t.overview.noScopes)}{' '}
        {live && (
          <span class="live-badge" role="status">
            {t.overview.live}
          </span>
        )}
      </p>
      {can(Scope.OrdersRead) && <AttentionOrders refresh={moves} />}
      <div class="cards">
        {can(Scope.OrdersRead) && <OrdersToday moves={moves} />}
        {can(Scope.WebhooksRead) && <DeliveriesLastHour moves={moves} />}
      </div>
    </section>
  );
}

/** A query's reload each time `moves` counts another change (not on the first render, which loads anyway). */
function useReloadOn(moves: number, reload: () => void): void {
  useEffect(() => {
    if (moves > 0) reload();
  }, [moves]);
}

function OrdersToday({ moves }: { moves: number }) {
  const { t, format, timeZone } = useLocale();
  // Today is the seller's day: it starts at midnight in the chosen time zone (and moves on at the next).
  const createdFrom = dayStart(dayOf(new Date(), timeZone), timeZone);
  const query = useQuery(OrdersTodayDocument, { createdFrom });
  useReloadOn(moves, query.reload);
  return (
    <article class="card">
      <h2>{t.overview.ordersToday}</h2>
      <QueryView query={query}>
        {({ orders }) => {
          const rows = orders.edges.map((edge) => edge.node);
          if (rows.length === 0) return <Empty>{t.overview.noOrdersToday}</Empty>;
          return (
            <>
              <p class="figure">
                {format.count(rows.length)}
                {orders.pageInfo.hasNextPage ? '+' : ''} <span>{t.overview.orders(rows.length)}</span>
              </p>
              <BarChart label={t.overview.byStatus} rows={countBy(rows, (order) => order.status)} />
              <BarChart label={t.overview.byChannel} rows={countBy(rows, (order) => order.channel)} />
            </>
          );
        }}
      </QueryView>
    </article>
  );
}

function DeliveriesLastHour({ moves }: { moves: number }) {
  const { t } = useLocale();
  const query = useQuery(RecentDeliveriesDocument, {});
  useReloadOn(moves, query.reload);
  return (
    <article class="card">
      <h2>{t.overview.webhooks}</h2>
      <QueryView query={query}>
        {({ webhookDeliveries, webhookSubscriptions }) => {
          const since = Date.now() - HOUR_MS;
          const lastHour = webhookDeliveries.edges.map((edge) => edge.node).filter((delivery) => Date.parse(delivery.createdAt) >= since);
          const succeeded = lastHour.filter((delivery) => delivery.status === 'succeeded').length;
          const failed = lastHour.filter((delivery) => delivery.status === 'failed').length;
          const unhealthy = webhookSubscriptions.edges.map((edge) => edge.node).filter((subscription) => subscription.health !== 'healthy');
          return (
            <>
              <BarChart
                label={t.overview.deliveriesLastHour}
                rows={[
                  { name: t.overview.succeeded, count: succeeded, tone: 'good' },
                  { name: t.overview.failed, count: failed, tone: 'bad' },
                  { name: t.overview.other, count: lastHour.length - succeeded - failed },
                ]}
              />
              <h3>{t.overview.notHealthy}</h3>
              {unhealthy.length === 0 ? (
                <Empty>{t.overview.allHealthy}</Empty>
              ) : (
                <ul class="plain">
                  {unhealthy.map((subscription) => (
                    <li key={subscription.id}>
                      <Badge value={subscription.health} label={t.health[subscription.health]} /> <a href="/console/webhooks">{subscription.url}</a> ({t.webhooks.failuresInARow(subscription.consecutiveFailures)})
                    </li>
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </QueryView>
    </article>
  );
}
