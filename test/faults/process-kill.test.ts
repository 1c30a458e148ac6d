import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/auth/scopes.js';
import { forkForSeller } from '../../src/db/orm.js';
import { createSubscription } from '../../src/webhooks/subscription.service.js';
import { auditOrders, stockSnapshot, type StockSnapshot } from '../orders/audit.js';
import { orderBody, orderSeller } from '../orders/fixtures.js';
import { startOrderLoad, type OrderBody, type OrderLoad } from '../orders/load.js';
import type { TestSeller } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { startService, type RunningProcess, type Service } from '../support/process.js';
import { openDeliveries, startDispatcherProcess } from '../webhooks/fixtures.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/receiver.js';
import { describeExchanges, loadFigures } from './figures.js';

/** Orders acknowledged before each kill, and after the last one. */
const ORDERS_PER_PHASE = 30;

/**
 * `ROLE=api` and `ROLE=dispatcher` processes on one database, a real webhook receiver,
 * and a steady order load. The API process is SIGKILLed (the clients retry with their
 * Idempotency-Key against its replacement); then a dispatcher starts on the backlog, is
 * SIGKILLed mid-delivery, and a replacement takes over once the dead one's leases expire. The run happens once;
 * each test reads one property of it.
 */
describe('API and dispatcher processes killed with SIGKILL under load', () => {
  let database: TestDatabase;
  let receiver: Receiver;
  let seller: TestSeller;
  let secret: string;
  let load: OrderLoad;
  let before: StockSnapshot;
  let api: Service;
  const processes: RunningProcess[] = [];
  const dispatchers: RunningProcess[] = [];
  const run = { apiGapMs: 0, leasedAtDispatcherKill: 0, drainMs: 0, committedEvents: [] as { id: string; aggregate: string; sequence: number }[] };

  const startApi = async () => {
    const service = await startService({ DATABASE_URL: database.url, ROLE: 'api', RATE_LIMIT_PER_MINUTE: '1000000' }, ['--no-migrate']);
    processes.push(service.process);
    return service;
  };
  const startDispatcher = () => {
    const dispatcher = startDispatcherProcess(database.url);
    processes.push(dispatcher);
    dispatchers.push(dispatcher);
    return dispatcher;
  };
  const kill = async (running: RunningProcess) => {
    running.child.kill('SIGKILL');
    await running.exited;
  };
  const unique = () => new Set(receiver.requests.map((request) => request.envelope.id)).size;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Answers take a moment, so a dispatcher always has attempts in flight when it dies.
    receiver = await startReceiver(() => ({ status: 200, delayMs: 20 }));
    seller = await orderSeller({ orm: database.orm });
    // No dispatcher has fanned out yet, so every event of this seller, the setup's too, is owed to the receiver.
    ({ secret } = await createSubscription(
      forkForSeller(database.orm, seller.id),
      { sellerId: seller.id, scopes: new Set(SCOPES) },
      { url: receiver.url, events: ['*'] },
      { webhookAllowPrivateTargets: true, webhookSubscriptionsMax: 1 },
    ));
    receiver.secrets = [secret];
    before = await stockSnapshot(database.orm, seller.id);

    api = await startApi();
    load = startOrderLoad({ target: () => api.url, seller, body: () => orderBody() as OrderBody, writers: 4, readers: 1 });

    await load.waitForAcknowledged(ORDERS_PER_PHASE);
    const apiKilledAt = Date.now();
    await kill(api.process);
    api = await startApi();
    run.apiGapMs = Date.now() - apiKilledAt;

    await load.waitForAcknowledged(load.acknowledged().length + ORDERS_PER_PHASE);
    // Started on a backlog, so it has many attempts in flight when it dies.
    const firstDispatcher = startDispatcher();
    await waitUntil(async () => unique() >= ORDERS_PER_PHASE && (await liveLeases()) > 0, 30_000, () => `${unique()} delivered, none in flight`);
    await kill(firstDispatcher);
    // Nobody else dispatches yet: claims not recorded are exactly what the dead process had
    // in flight, including those whose lease ran out while it was starved of CPU.
    run.leasedAtDispatcherKill = await claimedNotRecorded();
    const killedDispatcherAt = Date.now();
    startDispatcher();

    await load.waitForAcknowledged(load.acknowledged().length + ORDERS_PER_PHASE);
    await load.stop();
    run.committedEvents = await database.orm.em
      .fork()
      .execute<{ id: string; aggregate: string; sequence: number }[]>(
        `select id, aggregate_type || ':' || aggregate_id as aggregate, sequence from outbox_event where seller_id = ? order by sequence`,
        [seller.id],
      );
    const owed = new Set(run.committedEvents.map((event) => event.id));
    const delivered = () => new Set(receiver.requests.map((request) => request.envelope.id).filter((id) => owed.has(id))).size;
    await waitUntil(async () => delivered() === owed.size && (await openDeliveries(database.orm)) === 0, 60_000, () => `${delivered()} of ${owed.size} delivered`);
    run.drainMs = Date.now() - killedDispatcherAt;
    console.log(`process kills: ${JSON.stringify(figures())}`);
  }, 150_000);

  afterAll(async () => {
    await load?.stop();
    await Promise.all(processes.map(kill));
    await receiver?.close();
    await database?.drop();
  });

  async function liveLeases(): Promise<number> {
    const [row] = await database.orm.em.fork().execute<{ leased: string }[]>(
      `select count(*) as leased from webhook_delivery where status in ('pending', 'retrying') and lease_expires_at > now()`,
    );
    return Number(row!.leased);
  }

  /** A record clears the claim's lease token, so a token left means an attempt never recorded. */
  async function claimedNotRecorded(): Promise<number> {
    const [row] = await database.orm.em.fork().execute<{ claimed: string }[]>(
      `select count(*) as claimed from webhook_delivery where status in ('pending', 'retrying') and lease_token is not null`,
    );
    return Number(row!.claimed);
  }

  function figures() {
    const received = new Set(receiver.requests.map((request) => request.envelope.id));
    return {
      ...loadFigures(load),
      apiGapMs: run.apiGapMs,
      eventsCommitted: run.committedEvents.length,
      eventsDelivered: run.committedEvents.filter((event) => received.has(event.id)).length,
      lost: run.committedEvents.filter((event) => !received.has(event.id)).length,
      duplicates: receiver.requests.length - received.size,
      inFlightAtDispatcherKill: run.leasedAtDispatcherKill,
      drainAfterDispatcherKillMs: run.drainMs,
      answers: describeExchanges(load.exchanges),
    };
  }

  it('completes every acknowledged order with its stock effect and events, and stores no other', async () => {
    expect(load.orders.filter((order) => order.refused)).toEqual([]);
    expect(load.orders.every((order) => order.acknowledged)).toBe(true);
    expect(await auditOrders(database.orm, seller.id, load.orders, before)).toEqual([]);
  });

  it('answers no 5xx: a client sees an answer or a dropped connection, which it retries', () => {
    expect(load.exchanges.some((exchange) => exchange.status === 'network')).toBe(true);
    const failures = load.exchanges.filter((exchange) => exchange.status !== 'network' && exchange.status >= 500);
    expect(describeExchanges(failures)).toEqual({});
  });

  it('delivers every committed event (lost = 0), signed, in per-aggregate order', () => {
    const { lost, eventsCommitted } = figures();
    // Orders with two SKUs: pedido.criado and two estoque.alterado each.
    expect(eventsCommitted).toBeGreaterThanOrEqual(3 * 3 * ORDERS_PER_PHASE);
    expect(lost).toBe(0);
    expect(receiver.requests.every((request) => request.verifiedWith.length === 1)).toBe(true);
    const position = new Map(run.committedEvents.map((event) => [event.id, event]));
    const firstSeen = new Map<string, number[]>();
    for (const id of new Set(receiver.requests.map((request) => request.envelope.id))) {
      const event = position.get(id)!;
      firstSeen.set(event.aggregate, [...(firstSeen.get(event.aggregate) ?? []), event.sequence]);
    }
    for (const sequences of firstSeen.values()) expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
  });

  it('sends an event twice only when the killed dispatcher had it in flight', async () => {
    const { duplicates } = figures();
    const [row] = await database.orm.em.fork().execute<{ failed: string }[]>(
      `select (select count(*) from webhook_attempt where seller_id = ? and (status_code is null or status_code >= 300))
            + (select count(*) from webhook_delivery
                where seller_id = ? and first_attempt_at is not null and (first_attempt_status_code is null or first_attempt_status_code >= 300)) as failed`,
      [seller.id, seller.id],
    );
    // A failed attempt (a timeout under load) is retried and may have arrived too, and so
    // may one a live dispatcher made but could not record (its lease ran out on a starved
    // machine), which it logs.
    const unrecorded = dispatchers.map((dispatcher) => dispatcher.output().split('webhook attempt not recorded').length - 1);
    expect(duplicates).toBeLessThanOrEqual(run.leasedAtDispatcherKill + Number(row!.failed) + unrecorded.reduce((a, b) => a + b, 0));
  });
});
