import type { Registry } from 'prom-client';
import { loadConfig } from '../../src/config.js';
import { forkForSeller, type Orm } from '../../src/db/orm.js';
import { recordEvent } from '../../src/events/outbox.js';
import { createLogger } from '../../src/logger.js';
import { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { FairShare } from '../../src/webhooks/fair-share.js';
import type { QueueDatabase } from '../../src/webhooks/queue-database.js';
import type { LookupAll } from '../../src/webhooks/ssrf-guard.js';
import { TEST_ENV, type TestApp, type TestSeller } from '../support/app.js';
import { looseEvent, validPayload, type LooseEvent } from '../support/events.js';
import { MAIN, startProcess, type RunningProcess } from '../support/process.js';
import { waitUntil } from './receiver.js';

/**
 * Commits events the way a domain write does: inside a transaction, through the outbox.
 * Each event's data is valid for its schema, the fields a test gives over the schema's
 * example (`validPayload`).
 */
export async function emit(orm: Orm, sellerId: string, events: Partial<LooseEvent>[]): Promise<void> {
  await forkForSeller(orm, sellerId).transactional(async (tx) => {
    for (const { data, ...event } of events) {
      const type = event.type ?? 'pedido.status_alterado';
      await recordEvent(tx, sellerId, looseEvent({ type, aggregateType: 'order', aggregateId: 'order-1', ...event, data: validPayload(type, data) }));
    }
  });
}

/** A claim's fairness inputs when this process holds nothing in flight, with caps no test here reaches. */
export const NOTHING_HELD = new FairShare({ perDestination: 1000, perSeller: 1000 }).shares();

/** SQL: the attempts logged for the delivery aliased `d`, the first on its own row and later ones in webhook_attempt. */
export const ATTEMPTS_OF_D = `((d.first_attempt_at is not null)::int + (select count(*) from webhook_attempt a where a.delivery_id = d.id))`;

/** Logs an attempt numbered `number` (2 or more) for a delivery, as a row of its own, the way a retry is logged. */
export async function logLaterAttempt(orm: Orm, deliveryId: string, number = 2): Promise<void> {
  await orm.em.fork().execute(
    `insert into webhook_attempt (id, seller_id, delivery_id, number, at, duration_ms, status_code)
     select gen_random_uuid(), seller_id, id, ?, now(), 1, 200 from webhook_delivery where id = ?`,
    [number, deliveryId],
  );
}

export interface SubscriptionRecord {
  id: string;
  secret: string;
  url: string;
  events: string[];
  health: string;
  active: boolean;
  consecutiveFailures: number;
  [field: string]: unknown;
}

export async function subscribe(server: TestApp, seller: TestSeller, body: Record<string, unknown>): Promise<SubscriptionRecord> {
  const response = await fetch(`${server.url}/webhooks/assinaturas`, { method: 'POST', headers: seller.headers, body: JSON.stringify({ events: ['*'], ...body }) });
  if (response.status !== 201) throw new Error(`subscribe answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as SubscriptionRecord;
}

export async function getJson<T = Record<string, unknown>>(server: TestApp, seller: Pick<TestSeller, 'headers'>, path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers: seller.headers });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export interface AttemptRecord {
  number: number;
  at: string;
  durationMs: number;
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
  errorDetail: string | null;
}

export interface DeliveryRecord {
  id: string;
  sellerId: string;
  subscriptionId: string;
  event: string;
  eventId: string;
  aggregateId: string;
  status: string;
  attemptCount: number;
  nextAttemptAt: string | null;
  attempts: AttemptRecord[];
  payload: Record<string, unknown>;
}

/**
 * A delivery log: the seller's (`/webhooks/entregas`, with a seller's token) or, with an
 * application's credential and `log` set to a product's mount path (`/pagamentos`), the
 * application's own log of that product.
 */
export async function deliveriesOf(server: TestApp, reader: Pick<TestSeller, 'headers'>, query = '', log?: string): Promise<DeliveryRecord[]> {
  const path = log ? `${log}/api/v1/webhook/entregas` : '/webhooks/entregas';
  return (await getJson<{ data: DeliveryRecord[] }>(server, reader, `${path}?limit=200${query}`)).data;
}

/** Waits until the delivery log (`query` filters it; `log` as in deliveriesOf) holds `count` deliveries, none still owed; answers them. */
export async function settledDeliveries(
  server: TestApp,
  reader: Pick<TestSeller, 'headers'>,
  count: number,
  options: { query?: string; timeoutMs?: number; log?: string } = {},
): Promise<DeliveryRecord[]> {
  let deliveries: DeliveryRecord[] = [];
  const owed = (delivery: DeliveryRecord) => ['pending', 'retrying'].includes(delivery.status);
  await waitUntil(
    async () => (deliveries = await deliveriesOf(server, reader, options.query, options.log)).length === count && !deliveries.some(owed),
    options.timeoutMs ?? 20_000,
    () => JSON.stringify(deliveries.map((delivery) => [delivery.event, delivery.status, delivery.attemptCount])),
  );
  return deliveries;
}

/** Waits until a running dispatcher has fanned out every committed event: only then is "no delivery" an answer. */
export async function fanOutDrained(server: TestApp): Promise<void> {
  await waitUntil(async () => {
    const [row] = await server.orm.em.fork().execute<{ count: string }[]>('select count(*) from webhook_fanout_queue');
    return Number(row!.count) === 0;
  });
}

/** A real dispatcher in this process over the test server's database, with its own settings. */
export async function startDispatcher(
  server: TestApp,
  options: { env?: Record<string, string>; lookup?: LookupAll; metrics?: Registry; pollIntervalMs?: number; queue?: QueueDatabase } = {},
): Promise<Dispatcher> {
  const config = loadConfig({ ...TEST_ENV, ...options.env, DATABASE_URL: server.database.url });
  const { lookup, metrics, queue, pollIntervalMs = 100 } = options;
  const dispatcher = new Dispatcher({ config, orm: server.orm, logger: createLogger(config), pollIntervalMs, lookup, metrics, queue });
  await dispatcher.start();
  return dispatcher;
}

/**
 * A real `ROLE=dispatcher` process over `databaseUrl`, with short timeouts and backoff (a
 * killed one's leases expire after two seconds). The caller kills it (SIGKILL or SIGTERM).
 */
export function startDispatcherProcess(databaseUrl: string, env: Record<string, string> = {}): RunningProcess {
  return startProcess(MAIN, ['--no-migrate'], {
    DATABASE_URL: databaseUrl,
    ROLE: 'dispatcher',
    PORT: '0',
    LOG_LEVEL: 'info',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_BACKOFF_BASE_MS: '20',
    WEBHOOK_BACKOFF_MAX_MS: '200',
    ...env,
  });
}

/** Deliveries still owed to some receiver, across sellers. */
export async function openDeliveries(orm: Orm): Promise<number> {
  const [row] = await orm.em.fork().execute<{ open: string }[]>(
    `select count(*) as open from webhook_delivery where status in ('pending', 'retrying')`,
  );
  return Number(row!.open);
}
