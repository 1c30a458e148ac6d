import { useQuery } from '../api/hooks';
import { OrderNumbersDocument, Scope } from '../generated/graphql';
import { useT } from '../i18n/locale';
import { useSession } from '../session-context';

/** The API's `nodes` answers at most this many ids at once (a page of the delivery log is 25). */
const MAX_IDS = 100;

/**
 * The numbers of the orders these ids name, in one request: records that name an order
 * by id (a delivery's aggregate) show the number a seller knows it by. Empty while
 * loading, and for a token that cannot read orders.
 */
export function useOrderNumbers(ids: readonly string[]): ReadonlyMap<string, number> {
  const { can } = useSession();
  const wanted = [...new Set(ids)].slice(0, MAX_IDS);
  const query = useQuery(OrderNumbersDocument, { ids: wanted }, { skip: wanted.length === 0 || !can(Scope.OrdersRead) });
  const numbers = new Map<string, number>();
  for (const node of query.data?.nodes ?? []) if (node && 'number' in node) numbers.set(node.id, node.number);
  return numbers;
}

/** An order named by its number, linked to it; its id while the number is unknown (or not readable). */
export function OrderLink({ id, number }: { id: string; number: number | undefined }) {
  const t = useT();
  if (number === undefined) return <span class="muted">{t.webhooks.orderId(id)}</span>;
  return <a href={`/console/orders/${id}`}>{t.webhooks.orderNumber(number)}</a>;
}

/** What a delivery is about: an order by its number (linked), anything else by its type and id. */
export function Aggregate({ type, id, orderNumbers }: { type: string; id: string; orderNumbers: ReadonlyMap<string, number> }) {
  if (type === 'order') return <OrderLink id={id} number={orderNumbers.get(id)} />;
  return (
    <span class="muted">
      {type} {id}
    </span>
  );
}
