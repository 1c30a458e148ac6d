import { useState } from 'preact/hooks';
import { useMutation, useQuery } from '../api/hooks';
import { Badge } from '../components/badge';
import { Pager, useCursorPages } from '../components/pager';
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
import { useSession } from '../session-context';
import { eventLabel, INTERFACE_EVENTS } from '../wire-names';

export function WebhooksPage() {
  const { can } = useSession();
  const subscriptions = useQuery(WebhookSubscriptionsDocument, { first: 100 });
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  return (
    <section>
      <h1>Webhooks</h1>
      {secret && (
        <div class="notice" role="status">
          <p>
            Signing secret for {secret.url}. It is shown this once: copy it now.
          </p>
          <code class="secret">{secret.secret}</code>
          <button type="button" onClick={() => setSecret(null)}>
            Done
          </button>
        </div>
      )}
      <h2>Subscriptions</h2>
      {can(Scope.WebhooksWrite) && <CreateSubscription onCreated={(url, value) => { setSecret({ url, secret: value }); subscriptions.reload(); }} />}
      <QueryView query={subscriptions}>
        {({ webhookSubscriptions }) =>
          webhookSubscriptions.edges.length === 0 ? (
            <Empty>No subscriptions yet.</Empty>
          ) : (
            <ul class="subscriptions">
              {webhookSubscriptions.edges.map(({ node }) => (
                <SubscriptionItem key={node.id} subscription={node} onChanged={subscriptions.reload} onSecret={(value) => setSecret({ url: node.url, secret: value })} />
              ))}
            </ul>
          )
        }
      </QueryView>
      <h2>Applications' webhooks</h2>
      <InstalledRegistrations />
      <h2>Delivery log</h2>
      <DeliveryLog subscriptions={subscriptions.data?.webhookSubscriptions.edges.map((edge) => edge.node) ?? []} />
    </section>
  );
}

/** The registrations (per-product webhooks) of installed applications: where the seller's data also goes, apart from its own subscriptions. */
function InstalledRegistrations() {
  const query = useQuery(InstalledRegistrationsDocument, {});
  return (
    <QueryView query={query}>
      {({ registrations }) =>
        registrations.length === 0 ? (
          <Empty>No installed application has registered a webhook.</Empty>
        ) : (
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Application</th>
                  <th scope="col">Product</th>
                  <th scope="col">URL</th>
                  <th scope="col">Events</th>
                  <th scope="col">Health</th>
                  <th scope="col">Last success</th>
                  <th scope="col">Last failure</th>
                </tr>
              </thead>
              <tbody>
                {registrations.map((registration) => (
                  <tr key={registration.id}>
                    <td>{registration.applicationName}</td>
                    <td>{registration.product}</td>
                    <td class="url">{registration.url}</td>
                    <td>{registration.events.map(eventLabel).join(', ')}</td>
                    <td>
                      <Badge value={registration.health} /> {registration.consecutiveFailures > 0 && <span class="muted">{registration.consecutiveFailures} failures in a row</span>}
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
          </div>
        )
      }
    </QueryView>
  );
}

function CreateSubscription({ onCreated }: { onCreated(url: string, secret: string): void }) {
  const create = useMutation(CreateWebhookSubscriptionDocument);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventType[]>([EventType.All]);
  const [description, setDescription] = useState('');
  return (
    <details class="create">
      <summary>New subscription</summary>
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
          URL
          <input type="url" required value={url} placeholder="https://example.com/hooks" onInput={(event) => setUrl(event.currentTarget.value)} />
        </label>
        <fieldset>
          <legend>Events</legend>
          {[EventType.All, ...INTERFACE_EVENTS.map((entry) => entry.type)].map((type) => (
            <label key={type}>
              <input
                type="checkbox"
                checked={events.includes(type)}
                onChange={() => setEvents(events.includes(type) ? events.filter((t) => t !== type) : [...events, type])}
              />{' '}
              {type === EventType.All ? 'every event (*)' : eventLabel(type)}
            </label>
          ))}
        </fieldset>
        <label>
          Description
          <input value={description} onInput={(event) => setDescription(event.currentTarget.value)} />
        </label>
        <button type="submit" class="primary" disabled={create.busy}>
          Create
        </button>
        {create.error && <ErrorNotice error={create.error} />}
      </form>
    </details>
  );
}

function SubscriptionItem({ subscription, onChanged, onSecret }: { subscription: SubscriptionRowFragment; onChanged(): void; onSecret(secret: string): void }) {
  const { can } = useSession();
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
        <Badge value={subscription.health} />
        <strong class="url">{subscription.url}</strong>
        {!subscription.active && <span class="muted">paused{subscription.disabledReason ? ` (${subscription.disabledReason})` : ''}</span>}
      </div>
      <p class="muted">
        {subscription.description && <>{subscription.description} · </>}
        {subscription.events.map(eventLabel).join(', ')} · last success <Time value={subscription.lastSuccessAt} /> · last failure <Time value={subscription.lastFailureAt} /> · {subscription.consecutiveFailures} failures in a row
      </p>
      {can(Scope.WebhooksWrite) && (
        <div class="actions">
          <button type="button" disabled={update.busy} onClick={async () => (await update.run({ input: { subscriptionId: subscription.id, active: !subscription.active } })) && onChanged()}>
            {subscription.active ? 'Pause' : 'Resume'}
          </button>
          <button
            type="button"
            disabled={rotate.busy}
            onClick={async () => {
              const result = await rotate.run({ input: { subscriptionId: subscription.id } });
              if (result) onSecret(result.rotateWebhookSecret.secret);
            }}
          >
            Rotate secret
          </button>
          <button
            type="button"
            class="danger"
            disabled={remove.busy}
            onClick={async () => {
              if (confirm(`Delete the subscription to ${subscription.url}? What it still owes is cancelled.`) && (await remove.run({ input: { subscriptionId: subscription.id } }))) onChanged();
            }}
          >
            Delete
          </button>
          <form
            class="inline-form"
            onSubmit={async (event) => {
              event.preventDefault();
              const result = await recover.run({ input: { subscriptionId: subscription.id, since: new Date(since).toISOString() } });
              if (result) setRecovered(result.recoverWebhookDeliveries.redelivered);
            }}
          >
            <label>
              Recover failed since
              <input type="datetime-local" required value={since} onInput={(event) => setSince(event.currentTarget.value)} />
            </label>
            <button type="submit" disabled={recover.busy}>
              Recover
            </button>
            {recovered !== null && <span role="status">{recovered} redelivered</span>}
          </form>
        </div>
      )}
      {error && <ErrorNotice error={error} />}
    </li>
  );
}

function DeliveryLog({ subscriptions }: { subscriptions: SubscriptionRowFragment[] }) {
  const [filters, setFilters] = useState({ status: '', event: '', subscriptionId: '' });
  const filter: WebhookDeliveryFilter = {
    status: (filters.status || undefined) as WebhookDeliveryFilter['status'],
    event: (filters.event || undefined) as EventType | undefined,
    subscriptionId: filters.subscriptionId || undefined,
  };
  const pages = useCursorPages(JSON.stringify(filter));
  const deliveries = useQuery(WebhookDeliveriesDocument, { first: 25, after: pages.after, filter });
  const set = (field: keyof typeof filters) => (event: Event) => setFilters({ ...filters, [field]: (event.currentTarget as HTMLInputElement).value });
  return (
    <>
      <form class="filters" aria-label="Filter deliveries" onSubmit={(event) => event.preventDefault()}>
        <label>
          Status
          <select aria-label="Status" value={filters.status} onChange={set('status')}>
            <option value="">Any</option>
            {Object.values(WebhookDeliveryStatus).map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label>
          Event
          <select aria-label="Event" value={filters.event} onChange={set('event')}>
            <option value="">Any</option>
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
          Subscription
          <select aria-label="Subscription" value={filters.subscriptionId} onChange={set('subscriptionId')}>
            <option value="">Any</option>
            {subscriptions.map((subscription) => (
              <option key={subscription.id} value={subscription.id}>
                {subscription.url}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={deliveries.reload}>
          Refresh
        </button>
      </form>
      <QueryView query={deliveries}>
        {({ webhookDeliveries }) =>
          webhookDeliveries.edges.length === 0 ? (
            <Empty>No deliveries match these filters.</Empty>
          ) : (
            <>
              <div class="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Event</th>
                      <th scope="col">Status</th>
                      <th scope="col">Of</th>
                      <th scope="col" class="number">Attempts</th>
                      <th scope="col">Created</th>
                      <th scope="col">Next attempt</th>
                    </tr>
                  </thead>
                  <tbody>
                    {webhookDeliveries.edges.map(({ node: delivery }) => (
                      <tr key={delivery.id}>
                        <td>
                          <a href={`/console/webhooks/deliveries/${delivery.id}`}>{eventLabel(delivery.event)}</a>
                        </td>
                        <td>
                          <Badge value={delivery.status} />
                        </td>
                        <td class="muted">
                          {delivery.aggregateType} {delivery.aggregateId}
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
              </div>
              <Pager pages={pages} hasNextPage={webhookDeliveries.pageInfo.hasNextPage} endCursor={webhookDeliveries.pageInfo.endCursor} />
            </>
          )
        }
      </QueryView>
    </>
  );
}
