import { useEffect } from 'preact/hooks';
import { useQuery } from '../api/hooks';
import { OrdersNeedingAttentionDocument, type OrderRowFragment } from '../generated/graphql';
import { useT } from '../i18n/locale';
import { Badge } from './badge';
import { Empty, QueryView } from './states';
import { Time } from './time';

/** How many of the newest orders needing attention a block lists; the rest are a link away. */
const SHOWN = 10;

/** Why an order needs attention, each reason in the console's words with its SKU; the API's detail beside it, in its own language. */
export function AttentionReasons({ reasons }: { reasons: OrderRowFragment['attentionReasons'] }) {
  const t = useT();
  return (
    <ul class="reasons">
      {reasons.map((reason, index) => (
        <li key={index}>
          <Badge value={reason.code} label={t.attentionReason[reason.code]} /> <code>{reason.sku}</code>{' '}
          <span class="muted" lang="en">
            {reason.detail}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The orders a channel sold that Ponte could not cover as sent, newest first, with their
 * reasons: what the seller looks at before anything else. `quiet`: nothing at all while
 * there are none (where the block sits above a page of its own). `linkAll`: beyond the
 * first ones, a link to all of them in the orders list. `refresh`: read again each time
 * it counts up (an order arrived).
 */
export function AttentionOrders({ channel, quiet = false, linkAll = true, refresh = 0 }: { channel?: string; quiet?: boolean; linkAll?: boolean; refresh?: number }) {
  const t = useT();
  const query = useQuery(OrdersNeedingAttentionDocument, { first: SHOWN, channel });
  useEffect(() => {
    if (refresh > 0) query.reload();
  }, [refresh]);
  if (quiet && query.data?.orders.edges.length === 0) return null;
  return (
    <section class="attention" aria-labelledby={`attention-${channel ?? 'all'}`}>
      <h2 id={`attention-${channel ?? 'all'}`}>{t.attention.title}</h2>
      <QueryView query={query}>
        {({ orders }) =>
          orders.edges.length === 0 ? (
            <Empty>{t.attention.none}</Empty>
          ) : (
            <>
              <ul class="plain attention-list">
                {orders.edges.map(({ node: order }) => (
                  <li key={order.id}>
                    <a href={`/console/orders/${order.id}`}>{t.webhooks.orderNumber(order.number)}</a>{' '}
                    <span class="muted">
                      {t.attention.from(order.channel)} · <Time value={order.createdAt} />
                    </span>
                    <AttentionReasons reasons={order.attentionReasons} />
                  </li>
                ))}
              </ul>
              {linkAll && orders.pageInfo.hasNextPage && <a href={allHref(channel)}>{t.attention.all}</a>}
            </>
          )
        }
      </QueryView>
    </section>
  );
}

/** The orders list filtered to the orders needing attention (of one channel). */
function allHref(channel: string | undefined): string {
  const query = new URLSearchParams({ needsAttention: 'true', ...(channel ? { channel } : {}) });
  return `/console/orders?${query}`;
}
