import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../src/events/event-registry.js';
import { liveChannel } from '../../src/live/redis-feed.js';
import { createSellableSku } from '../support/catalog.js';
import { createTestSeller, type TestSeller } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { bearer, connectLive, holdEvent, record, subscribe, waitForSubscriptions, type LiveConnection, type LiveSubscription } from '../support/live.js';
import { startService, type Service } from '../support/process.js';
import { requireRedis, TEST_REDIS_URL } from '../support/redis.js';
import { waitUntil } from '../webhooks/receiver.js';

const ORDER_EVENTS = 'subscription { orderEvents { id evento dataHora data } }';
const STOCK_EVENTS = 'subscription($sku: String) { stockEvents(sku: $sku) { id evento dataHora data } }';
const LEADING = /"msg":"live relay leading/;
/** Waits for a process's log or a subscriber's events: generous, the machine may be loaded with other suites. */
const WAIT_MS = 60_000;
/** Each test starts and stops real processes: far above the suite's 30 s. */
const TEST_MS = 180_000;

async function stopService(service: Service): Promise<void> {
  if (service.process.child.exitCode !== null || service.process.child.signalCode !== null) return;
  service.process.child.kill('SIGTERM');
  expect(await service.process.exited).toBe(0);
}

/** Waits until `marker` (committed last) arrived: anything delivered twice or late is in by then. */
async function receivedUntil(subscription: LiveSubscription, marker: EventEnvelope): Promise<EventEnvelope[]> {
  await waitUntil(() => subscription.events.some((event) => event.id === marker.id), WAIT_MS, () => JSON.stringify(subscription.events));
  return subscription.events;
}

/** Real service processes on one database, each test with its own; a seller to subscribe as. */
function serviceProcesses(env: () => Record<string, string>) {
  const state = {} as { database: TestDatabase; seller: TestSeller; services: Service[]; connections: LiveConnection[] };
  beforeAll(async () => {
    state.database = await createTestDatabase();
    state.seller = await createTestSeller(state.database.orm);
  });
  beforeEach(() => {
    state.services = [];
    state.connections = [];
  });
  afterEach(async () => {
    await Promise.all(state.connections.map((connection) => connection.client.dispose()));
    await Promise.all(state.services.map(stopService));
  });
  afterAll(() => state.database.drop());

  /** Starts `count` processes; each is stopped after the test even when another failed to start. */
  const start = async (count: number) => {
    const started = await Promise.allSettled(Array.from({ length: count }, () => startService({ DATABASE_URL: state.database.url, ...env() })));
    const services = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    state.services.push(...services);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return services;
  };
  const subscribeOn = async (service: Service, query = ORDER_EVENTS, variables?: Record<string, unknown>) => {
    const connection = connectLive(service.url, bearer(state.seller.token));
    state.connections.push(connection);
    const subscription = subscribe(connection.client, query, variables);
    await waitForSubscriptions(service.url, state.connections.filter((c) => c.url === service.url).length);
    return subscription;
  };
  /** A stock change over REST on `service`: what the live subscriber must receive as `data`. */
  const patchStock = async (service: Service, sku: string, onHand: number) => {
    const response = await fetch(`${service.url}/estoque/${sku}`, { method: 'PATCH', headers: state.seller.headers, body: JSON.stringify({ onHand }) });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  const order = (id: string) => record(state.database.orm, state.seller.id, 'pedido.criado', { id, status: 'pendente' }, id);
  return { state, start, subscribeOn, patchStock, order };
}

describe('live events across processes: PostgreSQL LISTEN/NOTIFY', { timeout: TEST_MS }, () => {
  const { state, start, subscribeOn, patchStock, order } = serviceProcesses(() => ({}));

  it('streams a stock change made over REST on one process to a subscriber on the other', async () => {
    const [a, b] = await start(2);
    await createSellableSku(state.database.orm, state.seller.id, { sku: 'PG-1', onHand: 1 });
    const onB = await subscribeOn(b!, STOCK_EVENTS, { sku: 'PG-1' });
    const figures = await patchStock(a!, 'PG-1', 7);
    const [event] = await onB.received(1);
    expect(event).toEqual({ id: expect.any(String), evento: 'estoque.alterado', dataHora: expect.stringMatching(/Z$/), data: figures });
  });

  it('delivers an event committed by another process to subscribers of every process, once', async () => {
    const [a, b] = await start(2);
    const onA = await subscribeOn(a!);
    const onB = await subscribeOn(b!);
    // Written by this test process: neither service wrote it, both must stream it.
    const created = await order('o-1');
    const marker = await order('o-marker');
    expect(await receivedUntil(onA, marker)).toEqual([created, marker]);
    expect(await receivedUntil(onB, marker)).toEqual([created, marker]);
  });
});

describe('live events across processes: Redis pub/sub', { timeout: TEST_MS }, () => {
  let prefix = '';
  const { state, start, subscribeOn, patchStock, order } = serviceProcesses(() => ({ REDIS_URL: TEST_REDIS_URL, LIVE_REDIS_PREFIX: prefix }));
  let redis: Redis;
  const published: string[] = [];

  beforeAll(async () => {
    await requireRedis();
    redis = new Redis(TEST_REDIS_URL);
    redis.on('message', (channel: string, message: string) => {
      if (channel === liveChannel(prefix)) published.push((JSON.parse(message) as { envelope: { id: string } }).envelope.id);
    });
  });
  // Each test relays on channels and keys of its own: no relay position carries over.
  beforeEach(async () => {
    prefix = `ponte-test:${randomBytes(6).toString('hex')}:`;
    published.length = 0;
    await redis.subscribe(liveChannel(prefix));
  });
  afterEach(async () => {
    await redis.unsubscribe(liveChannel(prefix));
    const cleanup = new Redis(TEST_REDIS_URL);
    await cleanup.del(`${prefix}relay-position`);
    await cleanup.quit();
  });
  afterAll(async () => {
    await redis?.quit();
  });

  const leaderOf = async (services: Service[]) => {
    await Promise.race(services.map((service) => service.process.waitFor(LEADING, WAIT_MS)));
    return services.findIndex((service) => LEADING.test(service.process.output()));
  };
  const publishedUntil = async (marker: EventEnvelope) => {
    await waitUntil(() => published.includes(marker.id), WAIT_MS, () => JSON.stringify(published));
    return [...published];
  };

  it('streams a stock change made over REST on one process to a subscriber on the other, through Redis', async () => {
    const services = await start(2);
    const leader = await leaderOf(services);
    // Written on the process that does not relay, received on the one that does not write.
    const writer = services[1 - leader]!;
    const reader = services[leader]!;
    await createSellableSku(state.database.orm, state.seller.id, { sku: 'RD-1', onHand: 1 });
    const onReader = await subscribeOn(reader, STOCK_EVENTS, { sku: 'RD-1' });
    const figures = await patchStock(writer, 'RD-1', 9);
    const [event] = await onReader.received(1);
    expect(event).toMatchObject({ evento: 'estoque.alterado', data: figures });
    // This test's own Redis subscriber may hear the relay's message after the reader has
    // pushed it: it must hear it, not hear it first.
    expect(await publishedUntil(event!)).toContain(event!.id);
  });

  it('relays each committed event once through Redis to subscribers of every process', async () => {
    const [a, b] = await start(2);
    await leaderOf([a!, b!]);
    const onA = await subscribeOn(a!);
    const onB = await subscribeOn(b!);
    const created = await order('o-1');
    const shipped = await record(state.database.orm, state.seller.id, 'pedido.status_alterado', { orderId: 'o-1', to: 'enviado' }, 'o-1');
    const marker = await order('o-marker');
    expect(await receivedUntil(onA, marker)).toEqual([created, shipped, marker]);
    expect(await receivedUntil(onB, marker)).toEqual([created, shipped, marker]);
    expect(await publishedUntil(marker)).toEqual([created.id, shipped.id, marker.id]);
    // Only one process relays: the other one never took the lock.
    expect([a!, b!].filter((service) => LEADING.test(service.process.output()))).toHaveLength(1);
  });

  it.each(['SIGTERM', 'SIGKILL'] as const)('keeps relaying when the leading process ends by %s: the other takes over', async (signal) => {
    const services = await start(2);
    const leader = await leaderOf(services);
    const survivor = services[1 - leader]!;
    const onSurvivor = await subscribeOn(survivor);
    services[leader]!.process.child.kill(signal);
    await services[leader]!.process.exited;
    // A killed leader's lock dies with its database session; the standby's retry takes it.
    await survivor.process.waitFor(LEADING, WAIT_MS);
    const created = await order(`o-after-${signal}`);
    const marker = await order(`o-marker-${signal}`);
    expect(await receivedUntil(onSurvivor, marker)).toEqual([created, marker]);
  });

  it('publishes on takeover what committed while no process relayed, a long transaction included, and nothing twice', async () => {
    const [first] = await start(1);
    await first!.process.waitFor(LEADING, WAIT_MS);
    // Written first, committed last, and long before the event published next: longer
    // than any time margin a catch-up by event ids could look back.
    const held = await holdEvent(state.database.orm, state.seller.id, 'pedido.criado', { id: 'o-held' }, 'o-held');
    await new Promise((resolve) => setTimeout(resolve, 5500));
    const relayed = await order('o-relayed');
    await publishedUntil(relayed);
    await stopService(first!);

    const committed = await held.commit();
    const missed = await order('o-missed');
    published.length = 0;
    const [next] = await start(1);
    await next!.process.waitFor(LEADING, WAIT_MS);
    const marker = await order('o-marker');
    expect(await publishedUntil(marker)).toEqual([committed.id, missed.id, marker.id]);
  });
});

describe('revoking a token across processes', { timeout: TEST_MS }, () => {
  const { state, start, subscribeOn } = serviceProcesses(() => ({ LIVE_TOKEN_CHECK_MS: '200' }));

  it('closes with 4403 the live connections a token holds on another process than the one that revoked it', async () => {
    const [a, b] = await start(2);
    const onB = await subscribeOn(b!);
    const viewer = await fetch(`${a!.url}/graphql`, { method: 'POST', headers: state.seller.headers, body: JSON.stringify({ query: '{ viewer { tokenId } }' }) });
    const { data } = (await viewer.json()) as { data: { viewer: { tokenId: string } } };

    const revoked = await fetch(`${a!.url}/tokens/${data.viewer.tokenId}`, { method: 'DELETE', headers: { authorization: state.seller.headers.authorization! } });
    expect(revoked.status).toBe(204);
    await onB.ended;
    expect(await state.connections.at(-1)!.closed).toEqual({ code: 4403, reason: expect.stringContaining('revoked') });
    expect((await fetch(`${b!.url}/pedidos`, { headers: state.seller.headers })).status).toBe(401);
  });
});
