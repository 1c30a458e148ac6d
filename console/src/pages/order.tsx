import { useState } from 'preact/hooks';
import { useMutation, useQuery } from '../api/hooks';
import { AttentionReasons } from '../components/attention';
import { Badge } from '../components/badge';
import { TableFrame } from '../components/table-frame';
import { Empty, ErrorNotice, QueryView } from '../components/states';
import { Time } from '../components/time';
import { ChangeOrderStatusDocument, OrderDocument, Scope, type ChangeOrderStatusInput, type OrderViewFragment, type OrderStatusTarget } from '../generated/graphql';
import type { Catalogue } from '../i18n/catalogue';
import { useLocale, useT } from '../i18n/locale';
import { useSession } from '../session-context';

export function OrderPage({ id }: { id: string }) {
  const t = useT();
  const query = useQuery(OrderDocument, { id });
  return (
    <section>
      <p>
        <a href="/console/orders">{t.order.back}</a>
      </p>
      <QueryView query={query}>{({ order }) => (order ? <OrderDetail order={order} onChanged={query.reload} /> : <Empty>{t.order.notFound}</Empty>)}</QueryView>
    </section>
  );
}

function OrderDetail({ order, onChanged }: { order: OrderViewFragment; onChanged(): void }) {
  const { can } = useSession();
  const { t, format } = useLocale();
  const address = order.deliveryAddress;
  return (
    <>
      <h1>
        {t.order.title(order.number)} <Badge value={order.status} />
      </h1>
      <p class="muted">
        {order.channel} · {order.externalId} · {t.order.placed} <Time value={order.placedAt} />
      </p>
      {order.needsAttention && (
        <div class="notice">
          <p>{t.order.needsAttention}</p>
          <AttentionReasons reasons={order.attentionReasons} />
        </div>
      )}
      {can(Scope.OrdersWrite) && order.nextStatuses.length > 0 && <StatusMoves order={order} onChanged={onChanged} />}
      <div class="cards">
        <article class="card">
          <h2>{t.order.customer}</h2>
          <p>
            {order.customer.name}
            <br />
            {order.customer.email ?? ''} {order.customer.phone ?? ''}
            <br />
            <span class="muted">{order.customer.document === null ? '' : format.document(order.customer.document)}</span>
          </p>
          <h3>{t.order.delivery}</h3>
          <address>
            {address.recipient}
            <br />
            {address.street}, {address.number} {address.complement ?? ''}
            <br />
            {address.district}, {address.city} – {address.state}
            <br />
            CEP {format.postalCode(address.postalCode)}
          </address>
          {order.invoice && (
            <p>{t.order.invoice(order.invoice.number, order.invoice.series)}</p>
          )}
          {order.shipment && (
            <p>
              {t.order.shippedWith(order.shipment.carrier)} {order.shipment.trackingUrl ? <a href={order.shipment.trackingUrl}>{order.shipment.trackingCode}</a> : order.shipment.trackingCode}
            </p>
          )}
          {order.cancellationReason && <p>{t.order.cancelled(order.cancellationReason)}</p>}
        </article>
        <article class="card">
          <h2>{t.order.history}</h2>
          <ol class="timeline">
            {order.statusHistory.map((entry, index) => (
              <li key={index}>
                <Badge value={entry.status} /> <Time value={entry.at} /> {entry.note && <span class="muted">{entry.note}</span>}
              </li>
            ))}
          </ol>
        </article>
      </div>
      <h2>{t.order.items}</h2>
      <TableFrame label={t.order.items}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t.order.sku}</th>
              <th scope="col">{t.order.product}</th>
              <th scope="col" class="number">
                {t.order.quantity}
              </th>
              <th scope="col" class="number">
                {t.order.unitPrice}
              </th>
              <th scope="col" class="number">
                {t.order.discount}
              </th>
              <th scope="col" class="number">
                {t.order.total}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.sku}>
                <td>{item.sku}</td>
                <td>{item.title}</td>
                <td class="number">{format.count(item.quantity)}</td>
                <td class="number">{format.money(item.unitPrice)}</td>
                <td class="number">{format.money(item.discount)}</td>
                <td class="number">{format.money(item.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                {t.order.amounts(format.money(order.amounts.items), format.money(order.amounts.shipping), format.money(order.amounts.discount))}
              </th>
              <td class="number">
                <strong>{format.money(order.amounts.total)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </TableFrame>
      <h2>{t.order.payments}</h2>
      {order.payments.length === 0 ? (
        <Empty>{t.order.noPayments}</Empty>
      ) : (
        <TableFrame label={t.order.payments}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t.order.method}</th>
                <th scope="col">{t.order.status}</th>
                <th scope="col" class="number">
                  {t.order.amount}
                </th>
                <th scope="col" class="number">
                  {t.order.installments}
                </th>
                <th scope="col">{t.order.paid}</th>
              </tr>
            </thead>
            <tbody>
              {order.payments.map((payment) => (
                <tr key={payment.id}>
                  <td>{t.paymentMethod[payment.method]}</td>
                  <td>
                    <Badge value={payment.status} label={t.paymentStatus[payment.status]} />
                  </td>
                  <td class="number">{format.money(payment.amount)}</td>
                  <td class="number">{payment.installments}</td>
                  <td>
                    <Time value={payment.paidAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </>
  );
}

/** What each move asks for besides the status (the API refuses the move without it). */
const MOVE_FIELDS: Record<OrderStatusTarget, { name: string; label(t: Catalogue): string }[]> = {
  faturado: [
    { name: 'number', label: (t) => t.order.invoiceNumber },
    { name: 'series', label: (t) => t.order.invoiceSeries },
    { name: 'accessKey', label: (t) => t.order.accessKey },
  ],
  enviado: [
    { name: 'carrier', label: (t) => t.order.carrier },
    { name: 'trackingCode', label: (t) => t.order.trackingCode },
  ],
  entregue: [],
  cancelado: [{ name: 'reason', label: (t) => t.order.reason }],
};

function moveInput(orderId: string, status: OrderStatusTarget, values: Record<string, string>): ChangeOrderStatusInput {
  if (status === 'faturado') return { orderId, status, invoice: { number: values.number ?? '', series: values.series ?? '', accessKey: values.accessKey ?? '' } };
  if (status === 'enviado') return { orderId, status, shipment: { carrier: values.carrier ?? '', trackingCode: values.trackingCode ?? '' } };
  if (status === 'cancelado') return { orderId, status, reason: values.reason ?? '' };
  return { orderId, status };
}

/** The moves the order's status allows now, as buttons; one that needs details opens its form. */
function StatusMoves({ order, onChanged }: { order: OrderViewFragment; onChanged(): void }) {
  const t = useT();
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
    <div class="moves" role="group" aria-label={t.order.moves}>
      <span>{t.order.moveTo}</span>
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
          aria-label={t.order.moveForm(open)}
          onSubmit={(event) => {
            event.preventDefault();
            void move(open);
          }}
        >
          {MOVE_FIELDS[open].map((field) => (
            <label key={field.name}>
              {field.label(t)}
              <input required value={values[field.name] ?? ''} onInput={(event) => setValues({ ...values, [field.name]: event.currentTarget.value })} />
            </label>
          ))}
          <button type="submit" class="primary" disabled={change.busy}>
            {t.order.confirm(open)}
          </button>
        </form>
      )}
      {change.error && <ErrorNotice error={change.error} />}
    </div>
  );
}
