import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveChannel } from '../../src/live/redis-feed.js';
import { createSellableSku } from '../support/catalog.js';
import { createTestSeller, type TestSeller } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { bearer, connectLive, record, subscribe, waitForSubscriptions, type LiveConnection } from '../support/live.js';
import { startService, type Service } from '../support/process.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const ORDER_EVENTS = 'subscription { orderEvents { id evento dataHora data } }';
const STOCK_EVENTS = 'subscription($sku: String) { stockEvents(sku: $sku) { id evento dataHora data } }';

async function stopService(service: Service): Promise<void> {
  if (service.process.child.exitCode !== null) return;
  service.process.child.kill('SIGTERM');
  expect(await service.process.exited).toBe(0);
}

/** Two real service processes on one database, each with a subscriber of the same seller. */
function twoProcesses(env: () => Record<string, string>) {
  const state = {} as { database: TestDatabase; seller: TestSeller; services: Service[]; connections: LiveConnection[] };
  beforeAll(async () => {
    state.database = await createTestDatabase();
    state.seller = await createTestSeller(state.database.orm);
    state.services = await Promise.all([0, 1].map(() => startService({ DATABASE_URL: state.database.url, ...env() })));
    state.connections = [];
  });
  afterAll(async () => {
    await Promise.all(state.connections.map((connection) => connection.client.dispose()));
    await Promise.all(state.services.map(stopService));
    await state.database.drop();
  });
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
  return { state, subscribeOn, patchStock };
}

describe('live events across processes: PostgreSQL LISTEN/NOTIFY', () => {
  const { state, subscribeOn, patchStock } = twoProcesses(() => ({}));

  it('streams a stock change made over REST on one process to a subscriber on the other', async () => {
    const [a, b] = state.services;
    await createSellableSku(state.database.orm, state.seller.id, { sku: 'PG-1', onHand: 1 });
    const onB = await subscribeOn(b!, STOCK_EVENTS, { sku: 'PG-1' });
    const figures = await patchStock(a!, 'PG-1', 7);
    const [event] = await onB.received(1);
    expect(event).toEqual({ id: expect.any(String), evento: 'estoque.alterado', dataHora: expect.stringMatching(/Z$/), data: figures });
  });

  it('delivers an event committed by another process to subscribers of every process', async () => {
    const [a, b] = state.services;
    const onA = await subscribeOn(a!);
    const onB = await subscribeOn(b!);
    // Written by this test process: neither service wrote it, both must stream it.
    const created = await record(state.database.orm, state.seller.id, 'pedido.criado', { id: 'o-1', status: 'pendente' });
    expect(await onA.received(1)).toEqual([created]);
    expect(await onB.received(1)).toEqual([created]);
  });
});

describe('live events across processes: Redis pub/sub', () => {
  const prefix = `ponte-test:${randomBytes(6).toString('hex')}:`;
  const { state, subscribeOn, patchStock } = twoProcesses(() => ({ REDIS_URL, LIVE_REDIS_PREFIX: prefix }));
  let redis: Redis;
  const published: string[] = [];

  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    redis.on('message', (_channel, message: string) => published.push((JSON.parse(message) as { envelope: { id: string } }).envelope.id));
    await redis.subscribe(liveChannel(prefix));
  });
  afterAll(async () => {
    await redis.quit();
    const cleanup = new Redis(REDIS_URL);
    await cleanup.del(`${prefix}relay-cursor`, `${prefix}relay-published`);
    await cleanup.quit();
  });

  const leaderIndex = async () => {
    const leading = /"msg":"live relay leading/;
    await Promise.race(state.services.map((service) => service.process.waitFor(leading)));
    return state.services.findIndex((service) => leading.test(service.process.output()));
  };

  it('streams a stock change made over REST on one process to a subscriber on the other, through Redis', async () => {
    const leader = await leaderIndex();
    // Written on the process that does not relay, received on the one that does not write.
    const writer = state.services[1 - leader]!;
    const reader = state.services[leader]!;
    await createSellableSku(state.database.orm, state.seller.id, { sku: 'RD-1', onHand: 1 });
    const onReader = await subscribeOn(reader, STOCK_EVENTS, { sku: 'RD-1' });
    const figures = await patchStock(writer, 'RD-1', 9);
    const [event] = await onReader.received(1);
    expect(event).toMatchObject({ evento: 'estoque.alterado', data: figures });
    expect(published).toContain(event!.id);
  });

  it('relays each committed event once through Redis to subscribers of every process', async () => {
    const [a, b] = state.services;
    const onA = await subscribeOn(a!);
    const onB = await subscribeOn(b!);
    published.length = 0;
    const created = await record(state.database.orm, state.seller.id, 'pedido.criado', { id: 'o-1', status: 'pendente' });
    const shipped = await record(state.database.orm, state.seller.id, 'pedido.status_alterado', { orderId: 'o-1', to: 'enviado' });
    expect(await onA.received(2)).toEqual([created, shipped]);
    expect(await onB.received(2)).toEqual([created, shipped]);
    expect(published).toEqual([created.id, shipped.id]);
    // Only one process relays: the other one never took the lock.
    expect(state.services.filter((service) => /live relay leading/.test(service.process.output()))).toHaveLength(1);
  });

  it('keeps relaying when the leading process stops: the other takes over', async () => {
    const leader = await leaderIndex();
    const survivor = state.services[1 - leader]!;
    await stopService(state.services[leader]!);
    await survivor.process.waitFor(/"msg":"live relay leading/);
    const onSurvivor = await subscribeOn(survivor);
    const created = await record(state.database.orm, state.seller.id, 'pedido.criado', { id: 'o-2', status: 'pendente' });
    expect(await onSurvivor.received(1)).toEqual([created]);
  });

  it('publishes on takeover what was committed while no process relayed, and nothing twice', async () => {
    await Promise.all(state.services.map(stopService));
    published.length = 0;
    const missed = await record(state.database.orm, state.seller.id, 'pedido.criado', { id: 'o-3', status: 'pendente' });
    const next = await startService({ DATABASE_URL: state.database.url, REDIS_URL, LIVE_REDIS_PREFIX: prefix });
    state.services.push(next);
    await next.process.waitFor(/"msg":"live relay leading/);
    const deadline = Date.now() + 10_000;
    while (!published.includes(missed.id) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    // Only the missed event: those already published within the catch-up margin are recorded as such.
    expect(published).toEqual([missed.id]);
  });
});

describe('revoking a token across processes', () => {
  const { state, subscribeOn } = twoProcesses(() => ({ LIVE_TOKEN_CHECK_MS: '200' }));

  it('closes with 4403 the live connections a token holds on another process than the one that revoked it', async () => {
    const [a, b] = state.services;
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
