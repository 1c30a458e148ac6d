import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveChannel } from '../../src/live/redis-feed.js';
import { createTestSeller, type TestSeller } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { bearer, connectLive, record, subscribe, waitForSubscriptions, type LiveConnection } from '../support/live.js';
import { startProcess, type RunningProcess } from '../support/process.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const ORDER_EVENTS = 'subscription { orderEvents { id evento dataHora data } }';

interface Service {
  process: RunningProcess;
  url: string;
}

async function startService(env: Record<string, string>): Promise<Service> {
  const service = startProcess('dist/src/main.js', [], { PORT: '0', LOG_LEVEL: 'info', ...env });
  const [, url] = await service.waitFor(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/);
  return { process: service, url: url! };
}

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
  const subscribeOn = async (service: Service) => {
    const connection = connectLive(service.url, bearer(state.seller.token));
    state.connections.push(connection);
    const subscription = subscribe(connection.client, ORDER_EVENTS);
    await waitForSubscriptions(service.url, 1);
    return subscription;
  };
  return { state, subscribeOn };
}

describe('live events across processes: PostgreSQL LISTEN/NOTIFY', () => {
  const { state, subscribeOn } = twoProcesses(() => ({}));

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
  const { state, subscribeOn } = twoProcesses(() => ({ REDIS_URL, LIVE_REDIS_PREFIX: prefix }));
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

  it('relays each committed event once through Redis to subscribers of every process', async () => {
    const [a, b] = state.services;
    const onA = await subscribeOn(a!);
    const onB = await subscribeOn(b!);
    await leaderIndex();
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
    const onSurvivor = subscribe(state.connections[1 - leader]!.client, ORDER_EVENTS);
    await waitForSubscriptions(survivor.url, 2);
    const created = await record(state.database.orm, state.seller.id, 'pedido.criado', { id: 'o-2', status: 'pendente' });
    expect(await onSurvivor.received(1)).toEqual([created]);
  });
});
