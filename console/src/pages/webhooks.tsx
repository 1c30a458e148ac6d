import { useState } from 'preact/hooks';
import { useMutation, useQuery } from '../api/hooks';
import { useWebhookEvents } from '../api/webhook-events';
import { Badge } from '../components/badge';
import { Aggregate, useOrderNumbers } from '../components/order-link';
import { Pager, useCursorPages } from '../components/pager';
import { TableFrame } from '../components/table-frame';
import { Empty, ErrorNotice, QueryView } from '../components/states';
import { Time } from '../components/time';
import {
  InstalledRegistrationsDocument,
  CreateWebhookSubscriptionDocument,
  DeleteWebhookSubscriptionDocument,
  EventType,
  RecoverWebhookDeliveriesDocument,
  RotateWebhookSecretDocument,
  Scope,
  UpdateWebhookSubscriptionDocument,
  WebhookDeliveriesDocument,
  WebhookDeliveryStatus,
  WebhookSubscriptionsDocument,
  type SubscriptionRowFragment,
  type WebhookDeliveryFilter,
} from '../generated/graphql';
import { zonedInstant } from '../i18n/formats';
import { useLocale, useT } from '../i18n/locale';
import { useSession } from '../session-context';
import { eventLabel } from '../wire-names';

export function WebhooksPage() {
  const { can } = useSession();
  const t = useT();
  const subscriptions = useQuery(WebhookSubscriptionsDocument, { first: 100 });
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  return (
    <section>
      <h1>{t.webhooks.title}</h1>
      {secret && (
        <div class="notice" role="status">
          <p>{t.webhooks.secretShown(secret.url)}</p>
          <code class="secret">{secret.secret}</code>
          <button type="button" onClick={() => setSecret(null)}>
            {t.app.done}
          </button>
        </div>
      )}
      <h2>{t.webhooks.subscriptions}</h2>
      {can(Scope.WebhooksWrite) && <CreateSubscription onCreated={(url, value) => { setSecret({ url, secret: value }); subscriptions.reload(); }} />}
      <QueryView query={subscriptions}>
        {({ webhookSubscriptions }) =>
          webhookSubscriptions.edges.length === 0 ? (
            <Empty>{t.webhooks.noSubscriptions}</Empty>
          ) : (
            <ul class="subscriptions">
              {webhookSubscriptions.edges.map(({ node }) => (
                <SubscriptionItem key={node.id} subscription={node} onChanged={subscriptions.reload} onSecret={(value) => setSecret({ url: node.url, secret: value })} />
              ))}
            </ul>
          )
        }
      </QueryView>
      <h2>{t.webhooks.applications}</h2>
      <InstalledRegistrations />
      <h2>{t.webhooks.deliveryLog}</h2>
      <DeliveryLog subscriptions={subscriptions.data?.webhookSubscriptions.edges.map((edge) => edge.node) ?? []} />
    </section>
  );
}

/** The registrations (per-product webhooks) of installed applications: where the seller's data also goes, apart from its own subscriptions. */
function InstalledRegistrations() {
  const t = useT();
  const query = useQuery(InstalledRegistrationsDocument, {});
  return (
    <QueryView query={query}>
      {({ registrations }) =>
        registrations.length === 0 ? (
          <Empty>{t.webhooks.noRegistrations}</Empty>
        ) : (
          <TableFrame label={t.webhooks.applications}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t.webhooks.application}</th>
                  <th scope="col">{t.webhooks.product}</th>
                  <th scope="col">{t.webhooks.url}</th>
                  <th scope="col">{t.webhooks.events}</th>
                  <th scope="col">{t.webhooks.health}</th>
                  <th scope="col">{t.webhooks.lastSuccess}</th>
                  <th scope="col">{t.webhooks.lastFailure}</th>
                </tr>
              </thead>
              <tbody>
                {registrations.map((registration) => (
                  <tr key={registration.id}>
                    <td>{registration.applicationName}</td>
                    <td>{t.product[registration.product]}</td>
                    <td class="url">{registration.url}</td>
                    <td>{registration.events.map(eventLabel).join(', ')}</td>
                    <td>
                      <Badge value={registration.health} label={t.health[registration.health]} />{' '}
                      {registration.consecutiveFailures > 0 && <span class="muted">{t.webhooks.failuresInARow(registration.consecutiveFailures)}</span>}
                    </td>
                    <td>
                      <Time value={registration.lastSuccessAt} />
                    </td>
                    <td>
                      <Time value={registration.lastFailureAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )
      }
    </QueryView>
  );
}

function CreateSubscription({ onCreated }: { onCreated(url: string, secret: string): void }) {
  const t = useT();
  const create = useMutation(CreateWebhookSubscriptionDocument);
  const offered = useWebhookEvents();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventType[]>([EventType.All]);
  const [description, setDescription] = useState('');
  return (
    <details class="create">
      <summary>{t.webhooks.newSubscription}</summary>
      <form
        class="inline-form"
        onSubmit={async (event) => {
          event.preventDefault();
          const result = await create.run({ input: { url, events, description: description || undefined } });
          if (result) {
            onCreated(result.createWebhookSubscription.subscription.url, result.createWebhookSubscription.secret);
            setUrl('');
          }
        }}
      >
        <label>
          {t.webhooks.url}
          <input type="url" required value={url} placeholder="https://example.com/hooks" onInput={(event) => setUrl(event.currentTarget.value)} />
        </label>
        <fieldset>
          <legend>{t.webhooks.events}</legend>
          {[EventType.All, ...offered.map((entry) => entry.type)].map((type) => (
            <label key={type}>
              <input
                type="checkbox"
                checked={events.includes(type)}
                onChange={() => setEvents(events.includes(type) ? events.filter((t) => t !== type) : [...events, type])}
              />{' '}
              {type === EventType.All ? t.webhooks.everyEvent : eventLabel(type)}
            </label>
          ))}
        </fieldset>
        <label>
          {t.webhooks.description}
          <input value={description} onInput={(event) => setDescription(event.currentTarget.value)} />
        </label>
        <button type="submit" class="primary" disabled={create.busy}>
          {t.webhooks.create}
        </button>
        {create.error && <ErrorNotice error={create.error} />}
      </form>
    </details>
  );
}

function SubscriptionItem({ subscription, onChanged, onSecret }: { subscription: SubscriptionRowFragment; onChanged(): void; onSecret(secret: string): void }) {
  const { can } = useSession();
  const { t, timeZone } = useLocale();
  const update = useMutation(UpdateWebhookSubscriptionDocument);
  const rotate = useMutation(RotateWebhookSecretDocument);
  const remove = useMutation(DeleteWebhookSubscriptionDocument);
  const recover = useMutation(RecoverWebhookDeliveriesDocument);
  const [since, setSince] = useState('');
  const [recovered, setRecovered] = useState<number | null>(null);
  const error = update.error ?? rotate.error ?? remove.error ?? recover.error;
  return (
    <li class="card subscription">
      <div class="row">
        <Badge value={subscription.health} label={t.health[subscription.health]} />
        <strong class="url">{subscription.url}</strong>
        {!subscription.active && (
          <span class="muted">
            {t.webhooks.paused}
            {subscription.disabledReason ? ` (${t.disabledReason[subscription.disabledReason]})` : ''}
          </span>
        )}
      </div>
      <p class="muted">
        {subscription.description && <>{subscription.description} · </>}
        {subscription.events.map(eventLabel).join(', ')} · {t.webhooks.lastSuccess} <Time value={subscription.lastSuccessAt} /> · {t.webhooks.lastFailure} <Time value={subscription.lastFailureAt} /> ·{' '}
        {t.webhooks.failuresInARow(subscription.consecutiveFailures)}
      </p>
      {subscription.backlog.owed > 0 && (
        <p class="muted backlog">
          {t.webhooks.backlog(subscription.backlog.owed, subscription.backlog.inFlight)} · {t.webhooks.oldestOwed} <Time value={subscription.backlog.oldestOwedAt} />
        </p>
      )}
      {can(Scope.WebhooksWrite) && (
        <div class="actions">
          <button type="button" disabled={update.busy} onClick={async () => (await update.run({ input: { subscriptionId: subscription.id, active: !subscription.active } })) && onChanged()}>
            {subscription.active ? t.webhooks.pause : t.webhooks.resume}
          </button>
          <button
            type="button"
            disabled={rotate.busy}
            onClick={async () => {
              const result = await rotate.run({ input: { subscriptionId: subscription.id } });
              if (result) onSecret(result.rotateWebhookSecret.secret);
            }}
          >
            {t.webhooks.rotate}
          </button>
          <button
            type="button"
            class="danger"
            disabled={remove.busy}
            onClick={async () => {
              if (confirm(t.webhooks.confirmDelete(subscription.url)) && (await remove.run({ input: { subscriptionId: subscription.id } }))) onChanged();
            }}
          >
            {t.webhooks.delete}
          </button>
          <form
            class="inline-form"
            onSubmit={async (event) => {
              event.preventDefault();
              const result = await recover.run({ input: { subscriptionId: subscription.id, since: zonedInstant(since, timeZone) } });
              if (result) setRecovered(result.recoverWebhookDeliveries.redelivered);
            }}
          >
            <label>
              {t.webhooks.recoverSince}
              <input type="datetime-local" required value={since} onInput={(event) => setSince(event.currentTarget.value)} />
            </label>
            <button type="submit" disabled={recover.busy}>
              {t.webhooks.recover}
            </button>
            {recovered !== null && <span role="status">{t.webhooks.redelivered(recovered)}</span>}
          </form>
        </div>
      )}
      {error && <ErrorNotice error={error} />}
    </li>
  );
}

function DeliveryLog({ subscriptions }: { subscriptions: SubscriptionRowFragment[] }) {
  const t = useT();
  const [filters, setFilters] = useState({ status: '', event: '', subscriptionId: '' });
  const filter: WebhookDeliveryFilter = {
    status: (filters.status || undefined) as WebhookDeliveryFilter['status'],
    event: (filters.event || undefined) as EventType | undefined,
    subscriptionId: filters.subscriptionId || undefined,
  };
  const pages = useCursorPages(JSON.stringify(filter));
  const deliveries = useQuery(WebhookDeliveriesDocument, { first: 25, after: pages.after, filter });
  const orderNumbers = useOrderNumbers(
    deliveries.data?.webhookDeliveries.edges.filter(({ node }) => node.aggregateType === 'order').map(({ node }) => node.aggregateId) ?? [],
  );
  const set = (field: keyof typeof filters) => (event: Event) => setFilters({ ...filters, [field]: (event.currentTarget as HTMLInputElement).value });
  return (
    <>
      <form class="filters" aria-label={t.webhooks.filterDeliveries} onSubmit={(event) => event.preventDefault()}>
        <label>
          {t.webhooks.status}
          <select aria-label={t.webhooks.status} value={filters.status} onChange={set('status')}>
            <option value="">{t.app.any}</option>
            {Object.values(WebhookDeliveryStatus).map((status) => (
              <option key={status} value={status}>
                {t.deliveryStatus[status]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.webhooks.event}
          <select aria-label={t.webhooks.event} value={filters.event} onChange={set('event')}>
            <option value="">{t.app.any}</option>
            {Object.values(EventType)
              .filter((type) => type !== EventType.All)
              .map((type) => (
                <option key={type} value={type}>
                  {eventLabel(type)}
                </option>
              ))}
          </select>
        </label>
        <label>
          {t.webhooks.subscription}
          <select aria-label={t.webhooks.subscription} value={filters.subscriptionId} onChange={set('subscriptionId')}>
            <option value="">{t.app.any}</option>
            {subscriptions.map((subscription) => (
              <option key={subscription.id} value={subscription.id}>
                {subscription.url}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={deliveries.reload}>
          {t.app.refresh}
        </button>
      </form>
      <QueryView query={deliveries}>
        {({ webhookDeliveries }) =>
          webhookDeliveries.edges.length === 0 ? (
            <Empty>{t.webhooks.noDeliveries}</Empty>
          ) : (
            <>
              <TableFrame label={t.webhooks.deliveryLog}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t.webhooks.event}</th>
                      <th scope="col">{t.webhooks.status}</th>
                      <th scope="col">{t.webhooks.about}</th>
                      <th scope="col" class="number">
                        {t.webhooks.attempts}
                      </th>
                      <th scope="col">{t.webhooks.created}</th>
                      <th scope="col">{t.webhooks.nextAttempt}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {webhookDeliveries.edges.map(({ node: delivery }) => (
                      <tr key={delivery.id}>
                        <td>
                          <a href={`/console/webhooks/deliveries/${delivery.id}`}>{eventLabel(delivery.event)}</a>
                        </td>
                        <td>
                          <Badge value={delivery.status} label={t.deliveryStatus[delivery.status]} />
                        </td>
                        <td>
                          <Aggregate type={delivery.aggregateType} id={delivery.aggregateId} orderNumbers={orderNumbers} />
                        </td>
                        <td class="number">{delivery.attemptCount}</td>
                        <td>
                          <Time value={delivery.createdAt} />
                        </td>
                        <td>
                          <Time value={delivery.nextAttemptAt} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
              <Pager pages={pages} hasNextPage={webhookDeliveries.pageInfo.hasNextPage} endCursor={webhookDeliveries.pageInfo.endCursor} />
            </>
          )
        }
      </QueryView>
    </>
  );
}
