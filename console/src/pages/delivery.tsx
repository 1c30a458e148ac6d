import { useEffect } from 'preact/hooks';
import { useMutation, useQuery } from '../api/hooks';
import { Badge } from '../components/badge';
import { Empty, ErrorNotice, QueryView } from '../components/states';
import { Time } from '../components/time';
import { RedeliverWebhookDeliveryDocument, Scope, WebhookDeliveryDocument, type DeliveryDetailFragment } from '../generated/graphql';
import { eventLabel } from '../wire-names';
import { useSession } from '../session-context';

/** Redelivery applies to finished deliveries: one still pending or retrying is on its way. */
const FINISHED = ['succeeded', 'failed', 'cancelled'];
/** How often a delivery still on its way is looked at again. */
const FOLLOW_MS = 1_500;

export function DeliveryPage({ id }: { id: string }) {
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
        <a href="/console/webhooks">← Webhooks</a>
      </p>
      <QueryView query={query}>{({ webhookDelivery }) => <Delivery delivery={webhookDelivery} onChanged={query.reload} />}</QueryView>
    </section>
  );
}

function Delivery({ delivery, onChanged }: { delivery: DeliveryDetailFragment; onChanged(): void }) {
  const { can } = useSession();
  const redeliver = useMutation(RedeliverWebhookDeliveryDocument);
  return (
    <>
      <h1>
        {eventLabel(delivery.event)} <Badge value={delivery.status} />
      </h1>
      <p class="muted">
        Delivery {delivery.id} · event {delivery.eventId} · created <Time value={delivery.createdAt} /> · completed <Time value={delivery.completedAt} />
        {delivery.nextAttemptAt && (
          <>
            {' '}
            · next attempt <Time value={delivery.nextAttemptAt} />
          </>
        )}
      </p>
      <div class="actions">
        {can(Scope.WebhooksWrite) && FINISHED.includes(delivery.status) && (
          <button type="button" class="primary" disabled={redeliver.busy} onClick={async () => (await redeliver.run({ input: { deliveryId: delivery.id } })) && onChanged()}>
            Redeliver
          </button>
        )}
        <button type="button" onClick={onChanged}>
          Refresh
        </button>
      </div>
      {redeliver.error && <ErrorNotice error={redeliver.error} />}
      <h2>Attempts</h2>
      {delivery.attempts.length === 0 ? (
        <Empty>No attempt yet.</Empty>
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col" class="number">#</th>
                <th scope="col">At</th>
                <th scope="col">Status</th>
                <th scope="col" class="number">Duration</th>
                <th scope="col">Error</th>
                <th scope="col">Response</th>
              </tr>
            </thead>
            <tbody>
              {delivery.attempts.map((attempt) => (
                <tr key={attempt.number}>
                  <td class="number">{attempt.number}</td>
                  <td>
                    <Time value={attempt.at} />
                  </td>
                  <td>{attempt.statusCode ?? '—'}</td>
                  <td class="number">{attempt.durationMs} ms</td>
                  <td>{attempt.error ? <span title={attempt.errorDetail ?? undefined}>{attempt.error}</span> : '—'}</td>
                  <td>{attempt.responseBody ? <pre class="excerpt">{attempt.responseBody}</pre> : <span class="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>Payload</h2>
      {delivery.dataWithheld && <p class="muted">This token cannot read this event's data: the payload comes without it.</p>}
      <pre class="payload">{JSON.stringify(delivery.payload, null, 2)}</pre>
    </>
  );
}
