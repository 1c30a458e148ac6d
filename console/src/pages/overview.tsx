import { useMemo } from 'preact/hooks';
import { useQuery } from '../api/hooks';
import { Badge } from '../components/badge';
import { BarChart } from '../components/bar-chart';
import { Empty, QueryView } from '../components/states';
import { OrdersTodayDocument, RecentDeliveriesDocument, Scope } from '../generated/graphql';
import { scopeLabel } from '../wire-names';
import { useSession } from '../session-context';

const HOUR_MS = 3_600_000;

function countBy<T>(rows: T[], key: (row: T) => string): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count);
}

function startOfToday(): string {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  return today.toISOString();
}

export function OverviewPage() {
  const { can, viewer } = useSession();
  return (
    <section>
      <h1>Overview</h1>
      <p class="muted">Signed in as {viewer.seller.name} with {viewer.scopes.map(scopeLabel).join(', ') || 'no scopes'}.</p>
      <div class="cards">
        {can(Scope.OrdersRead) && <OrdersToday />}
        {can(Scope.WebhooksRead) && <DeliveriesLastHour />}
      </div>
    </section>
  );
}

function OrdersToday() {
  const createdFrom = useMemo(startOfToday, []);
  const query = useQuery(OrdersTodayDocument, { createdFrom });
  return (
    <article class="card">
      <h2>Orders today</h2>
      <QueryView query={query}>
        {({ orders }) => {
          const rows = orders.edges.map((edge) => edge.node);
          if (rows.length === 0) return <Empty>No orders yet today.</Empty>;
          return (
            <>
              <p class="figure">
                {rows.length}
                {orders.pageInfo.hasNextPage ? '+' : ''} <span>orders</span>
              </p>
              <BarChart label="By status" rows={countBy(rows, (order) => order.status)} />
              <BarChart label="By channel" rows={countBy(rows, (order) => order.channel)} />
            </>
          );
        }}
      </QueryView>
    </article>
  );
}

function DeliveriesLastHour() {
  const query = useQuery(RecentDeliveriesDocument, {});
  return (
    <article class="card">
      <h2>Webhooks</h2>
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
                label="Deliveries in the last hour"
                rows={[
                  { name: 'succeeded', count: succeeded, tone: 'good' },
                  { name: 'failed', count: failed, tone: 'bad' },
                  { name: 'other', count: lastHour.length - succeeded - failed },
                ]}
              />
              <h3>Subscriptions not healthy</h3>
              {unhealthy.length === 0 ? (
                <Empty>Every subscription is healthy.</Empty>
              ) : (
                <ul class="plain">
                  {unhealthy.map((subscription) => (
                    <li key={subscription.id}>
                      <Badge value={subscription.health} /> <a href="/console/webhooks">{subscription.url}</a> ({subscription.consecutiveFailures} failures in a row)
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
