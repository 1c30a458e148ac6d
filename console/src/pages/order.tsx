import { useState } from 'preact/hooks';
import { useMutation, useQuery } from '../api/hooks';
import { Badge } from '../components/badge';
import { Empty, ErrorNotice, QueryView } from '../components/states';
import { Time } from '../components/time';
import { ChangeOrderStatusDocument, OrderDocument, Scope, type ChangeOrderStatusInput, type OrderViewFragment, type OrderStatusTarget } from '../generated/graphql';
import { useSession } from '../session-context';

export function OrderPage({ id }: { id: string }) {
  const query = useQuery(OrderDocument, { id });
  return (
    <section>
      <p>
        <a href="/console/orders">← Orders</a>
      </p>
      <QueryView query={query}>{({ order }) => (order ? <OrderDetail order={order} onChanged={query.reload} /> : <Empty>No order has this id.</Empty>)}</QueryView>
    </section>
  );
}

function OrderDetail({ order, onChanged }: { order: OrderViewFragment; onChanged(): void }) {
  const { can } = useSession();
  return (
    <>
      <h1>
        Order #{order.number} <Badge value={order.status} />
      </h1>
      <p class="muted">
        {order.channel} · {order.externalId} · placed <Time value={order.placedAt} />
      </p>
      {can(Scope.OrdersWrite) && order.nextStatuses.length > 0 && <StatusMoves order={order} onChanged={onChanged} />}
      <div class="cards">
        <article class="card">
          <h2>Customer</h2>
          <p>
            {order.customer.name}
            <br />
            {order.customer.email ?? ''} {order.customer.phone ?? ''}
            <br />
            <span class="muted">{order.customer.document}</span>
          </p>
          <h3>Delivery</h3>
          <address>
            {order.deliveryAddress.recipient}
            <br />
            {order.deliveryAddress.street}, {order.deliveryAddress.number} {order.deliveryAddress.complement ?? ''}
            <br />
            {order.deliveryAddress.district}, {order.deliveryAddress.city} – {order.deliveryAddress.state} {order.deliveryAddress.postalCode}
          </address>
          {order.invoice && (
            <p>
              Invoice {order.invoice.number}/{order.invoice.series}
            </p>
          )}
          {order.shipment && (
            <p>
              Shipped with {order.shipment.carrier}: {order.shipment.trackingUrl ? <a href={order.shipment.trackingUrl}>{order.shipment.trackingCode}</a> : order.shipment.trackingCode}
            </p>
          )}
          {order.cancellationReason && <p>Cancelled: {order.cancellationReason}</p>}
        </article>
        <article class="card">
          <h2>Status history</h2>
          <ol class="timeline">
            {order.statusHistory.map((entry, index) => (
              <li key={index}>
                <Badge value={entry.status} /> <Time value={entry.at} /> {entry.note && <span class="muted">{entry.note}</span>}
              </li>
            ))}
          </ol>
        </article>
      </div>
      <h2>Items</h2>
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Title</th>
              <th scope="col" class="number">Quantity</th>
              <th scope="col" class="number">Unit price</th>
              <th scope="col" class="number">Discount</th>
              <th scope="col" class="number">Total</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.sku}>
                <td>{item.sku}</td>
                <td>{item.title}</td>
                <td class="number">{item.quantity}</td>
                <td class="number">{item.unitPrice}</td>
                <td class="number">{item.discount}</td>
                <td class="number">{item.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                Items {order.amounts.items} + shipping {order.amounts.shipping} − discount {order.amounts.discount}
              </th>
              <td class="number">
                <strong>{order.amounts.total}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <h2>Payments</h2>
      {order.payments.length === 0 ? (
        <Empty>No payment recorded.</Empty>
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Method</th>
                <th scope="col">Status</th>
                <th scope="col" class="number">Amount</th>
                <th scope="col" class="number">Installments</th>
                <th scope="col">Paid</th>
              </tr>
            </thead>
            <tbody>
              {order.payments.map((payment) => (
                <tr key={payment.id}>
                  <td>{payment.method}</td>
                  <td>
                    <Badge value={payment.status} />
                  </td>
                  <td class="number">{payment.amount}</td>
                  <td class="number">{payment.installments}</td>
                  <td>
                    <Time value={payment.paidAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** What each move asks for besides the status (the API refuses the move without it). */
const MOVE_FIELDS: Record<OrderStatusTarget, { name: string; label: string }[]> = {
  faturado: [
    { name: 'number', label: 'Invoice number' },
    { name: 'series', label: 'Series' },
    { name: 'accessKey', label: 'Access key (44 digits)' },
  ],
  enviado: [
    { name: 'carrier', label: 'Carrier' },
    { name: 'trackingCode', label: 'Tracking code' },
  ],
  entregue: [],
  cancelado: [{ name: 'reason', label: 'Reason' }],
};

function moveInput(orderId: string, status: OrderStatusTarget, values: Record<string, string>): ChangeOrderStatusInput {
  if (status === 'faturado') return { orderId, status, invoice: { number: values.number ?? '', series: values.series ?? '', accessKey: values.accessKey ?? '' } };
  if (status === 'enviado') return { orderId, status, shipment: { carrier: values.carrier ?? '', trackingCode: values.trackingCode ?? '' } };
  if (status === 'cancelado') return { orderId, status, reason: values.reason ?? '' };
  return { orderId, status };
}

/** The moves the order's status allows now, as buttons; one that needs details opens its form. */
function StatusMoves({ order, onChanged }: { order: OrderViewFragment; onChanged(): void }) {
  const change = useMutation(ChangeOrderStatusDocument);
  const [open, setOpen] = useState<OrderStatusTarget | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const move = async (status: OrderStatusTarget) => {
    if (await change.run({ input: moveInput(order.id, status, values) })) {
      setOpen(null);
      setValues({});
      onChanged();
    }
  };
  return (
    <div class="moves" role="group" aria-label="Move status">
      <span>Move to:</span>
      {order.nextStatuses.map((status) => (
        <button
          key={status}
          type="button"
          class={status === 'cancelado' ? 'danger' : 'primary'}
          aria-expanded={MOVE_FIELDS[status].length ? open === status : undefined}
          disabled={change.busy}
          onClick={() => (MOVE_FIELDS[status].length ? setOpen(open === status ? null : status) : move(status))}
        >
          {status}
        </button>
      ))}
      {open && (
        <form
          class="inline-form"
          aria-label={`Move to ${open}`}
          onSubmit={(event) => {
            event.preventDefault();
            void move(open);
          }}
        >
          {MOVE_FIELDS[open].map((field) => (
            <label key={field.name}>
              {field.label}
              <input required value={values[field.name] ?? ''} onInput={(event) => setValues({ ...values, [field.name]: event.currentTarget.value })} />
            </label>
          ))}
          <button type="submit" class="primary" disabled={change.busy}>
            Confirm {open}
          </button>
        </form>
      )}
      {change.error && <ErrorNotice error={change.error} />}
    </div>
  );
}
