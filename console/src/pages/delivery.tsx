import { useEffect } from 'preact/hooks';
import { useMutation, useQuery } from '../api/hooks';
import { Badge } from '../components/badge';
import { Aggregate, useOrderNumbers } from '../components/order-link';
import { TableFrame } from '../components/table-frame';
import { Empty, ErrorNotice, QueryView } from '../components/states';
import { Time } from '../components/time';
import { RedeliverWebhookDeliveryDocument, Scope, WebhookDeliveryDocument, type DeliveryDetailFragment } from '../generated/graphql';
import { eventLabel } from '../wire-names';
import { useLocale, useT } from '../i18n/locale';
import { useSession } from '../session-context';

/** Redelivery applies to finished deliveries: one still pending or retrying is on its way. */
const FINISHED = ['succeeded', 'failed', 'cancelled'];
/** How often a delivery still on its way is looked at again. */
const FOLLOW_MS = 1_500;

export function DeliveryPage({ id }: { id: string }) {
  const t = useT();
  const query = useQuery(WebhookDeliveryDocument, { id });
  const status = query.data?.webhookDelivery.status;
  // A delivery on its way (queued after a redeliver, or between retries) is followed
  // until it finishes, so its new attempts show without reloading by hand.
  useEffect(() => {
    if (!status || FINISHED.includes(status) || query.loading) return;
    const timer = setTimeout(query.reload, FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [status, query.loading, query.data]);
  return (
    <section>
      <p>
        <a href="/console/webhooks">{t.delivery.back}</a>
      </p>
      <QueryView query={query}>{({ webhookDelivery }) => <Delivery delivery={webhookDelivery} onChanged={query.reload} />}</QueryView>
    </section>
  );
}

function Delivery({ delivery, onChanged }: { delivery: DeliveryDetailFragment; onChanged(): void }) {
  const { can } = useSession();
  const { t } = useLocale();
  const redeliver = useMutation(RedeliverWebhookDeliveryDocument);
  const orderNumbers = useOrderNumbers(delivery.aggregateType === 'order' ? [delivery.aggregateId] : []);
  return (
    <>
      <h1>
        {eventLabel(delivery.event)} <Badge value={delivery.status} label={t.deliveryStatus[delivery.status]} />
      </h1>
      <p>
        <Aggregate type={delivery.aggregateType} id={delivery.aggregateId} orderNumbers={orderNumbers} />
      </p>
      <p class="muted">
        {t.delivery.summary(delivery.id, delivery.eventId)} · {t.delivery.created} <Time value={delivery.createdAt} /> · {t.delivery.completed} <Time value={delivery.completedAt} />
        {delivery.nextAttemptAt && (
          <>
            {' '}
            · {t.delivery.nextAttempt} <Time value={delivery.nextAttemptAt} />
          </>
        )}
      </p>
      <div class="actions">
        {can(Scope.WebhooksWrite) && FINISHED.includes(delivery.status) && (
          <button type="button" class="primary" disabled={redeliver.busy} onClick={async () => (await redeliver.run({ input: { deliveryId: delivery.id } })) && onChanged()}>
            {t.delivery.redeliver}
          </button>
        )}
        <button type="button" onClick={onChanged}>
          {t.app.refresh}
        </button>
      </div>
      {redeliver.error && <ErrorNotice error={redeliver.error} />}
      <h2>{t.delivery.attempts}</h2>
      {delivery.attempts.length === 0 ? (
        <Empty>{t.delivery.noAttempts}</Empty>
      ) : (
        <TableFrame label={t.delivery.attempts}>
          <table>
            <thead>
              <tr>
                <th scope="col" class="number">
                  {t.delivery.number}
                </th>
                <th scope="col">{t.delivery.at}</th>
                <th scope="col">{t.delivery.status}</th>
                <th scope="col" class="number">
                  {t.delivery.duration}
                </th>
                <th scope="col">{t.delivery.error}</th>
                <th scope="col">{t.delivery.response}</th>
              </tr>
            </thead>
            <tbody>
              {delivery.attempts.map((attempt) => (
                <tr key={attempt.number}>
                  <td class="number">{attempt.number}</td>
                  <td>
                    <Time value={attempt.at} />
                  </td>
                  <td>{attempt.statusCode ?? t.app.none}</td>
                  <td class="number">{attempt.durationMs} ms</td>
                  <td>{attempt.error ? <span title={attempt.errorDetail ?? undefined}>{t.attemptError[attempt.error]}</span> : t.app.none}</td>
                  <td>
                    {attempt.responseBody ? (
                      // Focusable: a long excerpt scrolls inside its box, and the keyboard has to reach it to scroll it.
                      <pre class="excerpt" tabIndex={0}>
                        {attempt.responseBody}
                      </pre>
                    ) : (
                      <span class="muted">{t.app.none}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      <h2 id="payload">{t.delivery.payload}</h2>
      {delivery.dataWithheld && <p class="muted">{t.delivery.withheld}</p>}
      {/* A focusable region: the payload scrolls inside its box, and the keyboard has to reach it to scroll it. */}
      <pre class="payload" tabIndex={0} role="region" aria-label={t.delivery.payloadLabel}>
        {JSON.stringify(delivery.payload, null, 2)}
      </pre>
    </>
  );
}
