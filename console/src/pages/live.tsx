import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { liveClient, liveErrorMessage } from '../api/live';
import { useWebhookEvents } from '../api/webhook-events';
import { Empty } from '../components/states';
import { Time } from '../components/time';
import { EventType, LiveEventsDocument, Scope, type LiveEventsSubscription } from '../generated/graphql';
import type { Catalogue } from '../i18n/catalogue';
import { useT } from '../i18n/locale';
import { useSession } from '../session-context';
import { eventLabel } from '../wire-names';

type Envelope = LiveEventsSubscription['events'];

const KEPT_EVENTS = 200;
const RETRY_MS = 2_000;
/** Allowance for the browser's clock running ahead of the server's. */
const CLOCK_MARGIN_MS = 5_000;

/**
 * An `after` for a point in time: a UUID v7 carrying only the instant. The server reads an
 * `after` that names no event as "from this time on", which covers a feed that dropped or
 * paused before it showed any event.
 */
function timeCursor(ms: number): string {
  const hex = Math.max(0, ms).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

type Connection = 'connecting' | 'live' | 'paused' | 'dropped';

/** The order an event is about, when it is about one: the feed links to it. */
function orderIdOf(envelope: Envelope): string | undefined {
  const aboutAnOrder = ['pedido.criado', 'pedido.status_alterado', 'pagamento.alterado'];
  if (!aboutAnOrder.includes(envelope.evento)) return undefined;
  const data = envelope.data as { id?: unknown; orderId?: unknown };
  const id = data.orderId ?? data.id;
  return typeof id === 'string' ? id : undefined;
}

function summaryOf(envelope: Envelope, t: Catalogue): string {
  const data = envelope.data as Record<string, unknown>;
  if (envelope.evento === 'pedido.criado') return t.live.created(String(data.number), String(data.channel), String(data.status));
  if (envelope.evento === 'pedido.status_alterado') return t.live.moved(String(data.number), String(data.from), String(data.to));
  if (typeof data.sku === 'string') return data.sku;
  return '';
}

/**
 * The live feed over graphql-ws. Pausing unsubscribes; resuming, changing the filters and
 * reconnecting after a dropped connection subscribe again with `after` set to the last
 * event shown, so the server replays what happened meanwhile and nothing is missed.
 */
export function LivePage() {
  const { token, can } = useSession();
  const t = useT();
  const offered = useWebhookEvents().filter((entry) => can(entry.readScope));
  const [types, setTypes] = useState<EventType[]>([]);
  const [paused, setPaused] = useState(false);
  const [connection, setConnection] = useState<Connection>('connecting');
  const [problem, setProblem] = useState<string | null>(null);
  const [events, setEvents] = useState<Envelope[]>([]);
  const [attempt, setAttempt] = useState(0);
  const lastId = useRef<string | undefined>(undefined);
  /** When the feed first subscribed: where every subscription starts if no event came since. */
  const startedAt = useRef<number | undefined>(undefined);
  const client = useMemo(() => liveClient(token), [token]);
  useEffect(() => () => void client.dispose(), [client]);

  useEffect(() => {
    if (paused) {
      setConnection('paused');
      return;
    }
    setConnection('connecting');
    let retry: ReturnType<typeof setTimeout> | undefined;
    const stopListening = client.on('connected', () => {
      setConnection('live');
      setProblem(null);
    });
    // The first subscription starts from the page's own start too: 'connected' (shown as
    // Live) comes before the server has set the subscription up, and an event committed
    // in between would otherwise never be shown.
    startedAt.current ??= Date.now();
    const after = lastId.current ?? timeCursor(startedAt.current - CLOCK_MARGIN_MS);
    const unsubscribe = client.subscribe<LiveEventsSubscription>(
      { query: LiveEventsDocument.toString(), variables: { types: types.length ? types : undefined, after } },
      {
        next: ({ data }) => {
          if (!data) return;
          lastId.current = data.events.id;
          setEvents((previous) => [data.events, ...previous].slice(0, KEPT_EVENTS));
        },
        error: (error) => {
          setConnection('dropped');
          setProblem(liveErrorMessage(error, t));
          retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
        },
        complete: () => undefined,
      },
    );
    return () => {
      clearTimeout(retry);
      stopListening();
      unsubscribe();
    };
  }, [client, types.join(','), paused, attempt]);

  const toggle = (type: EventType) => setTypes(types.includes(type) ? types.filter((t) => t !== type) : [...types, type]);
  return (
    <section>
      <h1>{t.live.title}</h1>
      <div class="live-bar">
        <span class={`connection ${connection}`} role="status" aria-live="polite">
          {connection === 'live' ? t.live.connected : connection === 'paused' ? t.live.paused : connection === 'dropped' ? t.live.dropped : t.live.connecting}
        </span>
        <button type="button" onClick={() => setPaused(!paused)}>
          {paused ? t.live.resume : t.live.pause}
        </button>
        <button type="button" onClick={() => setAttempt((n) => n + 1)} disabled={paused}>
          {t.live.reconnect}
        </button>
        <button type="button" onClick={() => setEvents([])} disabled={events.length === 0}>
          {t.live.clear}
        </button>
      </div>
      {problem && <p class="state error">{problem}</p>}
      <fieldset class="types">
        <legend>{t.live.types}</legend>
        {offered.map(({ type }) => (
          <label key={type}>
            <input type="checkbox" checked={types.includes(type)} onChange={() => toggle(type)} /> {eventLabel(type)}
          </label>
        ))}
      </fieldset>
      {events.length === 0 ? (
        <Empty>{t.live.noEvents}</Empty>
      ) : (
        <ol class="feed" aria-label={t.live.feed}>
          {events.map((envelope) => {
            const orderId = orderIdOf(envelope);
            return (
              <li key={envelope.id}>
                <Time value={envelope.dataHora} /> <strong>{envelope.evento}</strong> <span>{summaryOf(envelope, t)}</span>{' '}
                {orderId && can(Scope.OrdersRead) && <a href={`/console/orders/${orderId}`}>{t.live.openOrder}</a>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
