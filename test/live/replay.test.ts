import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../src/events/event-registry.js';
import { idFloorAt } from '../../src/live/live-event.js';
import { createTestSeller, startTestApp, type TestApp } from '../support/app.js';
import { waitUntil } from '../webhooks/receiver.js';
import { bearer, connectLive, holdEvent, record, subscribe, waitForSubscriptions, type LiveConnection, type LiveSubscription } from '../support/live.js';

const ORDER_EVENTS = 'subscription($after: ID) { orderEvents(after: $after) { id evento dataHora data } }';

/**
 * Event ids are taken when a transaction writes, not when it commits: a long transaction
 * can commit its event after a later-written one was already delivered. Replay (`after`)
 * and the catch-up after a lost feed must still deliver it, exactly once.
 */
describe('live replay with transactions committing out of order', () => {
  let server: TestApp;
  const connections: LiveConnection[] = [];
  const connect = (token: string) => {
    const connection = connectLive(server.url, bearer(token));
    connections.push(connection);
    return connection;
  };

  beforeAll(async () => {
    server = await startTestApp();
  });
  // Each test starts with no subscription open, whatever the previous one left.
  afterEach(async () => {
    await Promise.all(connections.splice(0).map((connection) => connection.client.dispose()));
    await waitForSubscriptions(server.url, 0);
  });
  afterAll(() => server.close());

  it('replays after a reconnect an event whose transaction committed after the one the client saw last', async () => {
    const seller = await createTestSeller(server.orm);
    const first = connect(seller.token);
    const live = subscribe(first.client, ORDER_EVENTS);
    await waitForSubscriptions(server.url, 1);

    const held = await holdEvent(server.orm, seller.id, 'pedido.criado', { id: 'o-held' }, 'o-held');
    const later = await record(server.orm, seller.id, 'pedido.criado', { id: 'o-later' }, 'o-later');
    expect(held.envelope.id < later.id).toBe(true);
    expect(await live.received(1)).toEqual([later]);
    await first.client.dispose();
    await waitForSubscriptions(server.url, 0);

    const committed = await held.commit();
    const again = subscribe(connect(seller.token).client, ORDER_EVENTS, { after: later.id });
    await waitForSubscriptions(server.url, 1);
    // A marker committed last: whatever the replay holds arrives before it.
    const marker = await record(server.orm, seller.id, 'pedido.criado', { id: 'o-marker' }, 'o-marker');
    await receivedUntil(again, marker);
    expect(again.events).toEqual([committed, marker]);
  });

  it('catches up an event committed out of order while the process had lost its feed', async () => {
    const seller = await createTestSeller(server.orm);
    const live = subscribe(connect(seller.token).client, ORDER_EVENTS);
    await waitForSubscriptions(server.url, 1);

    const held = await holdEvent(server.orm, seller.id, 'pedido.criado', { id: 'o-held-2' }, 'o-held-2');
    const later = await record(server.orm, seller.id, 'pedido.criado', { id: 'o-later-2' }, 'o-later-2');
    expect(await live.received(1)).toEqual([later]);

    // The server's LISTEN connection dies; the held event commits while nobody listens.
    const listeners = await terminateListeners(server);
    expect(listeners).toBeGreaterThan(0);
    const committed = await held.commit();
    // The feed reconnects (its own retry) and the subscription catches up from the outbox.
    await waitUntil(async () => (await listenerCount(server)) > 0);
    const marker = await record(server.orm, seller.id, 'pedido.criado', { id: 'o-marker-2' }, 'o-marker-2');
    await receivedUntil(live, marker);
    expect(live.events).toEqual([later, committed, marker]);
  });

  it('still takes an `after` that names no event as a point in time', async () => {
    const seller = await createTestSeller(server.orm);
    const before = await record(server.orm, seller.id, 'pedido.criado', { id: 'o-before' }, 'o-before');
    const point = idFloorAt(Date.now() + 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const afterPoint = await record(server.orm, seller.id, 'pedido.criado', { id: 'o-after' }, 'o-after');
    const replay = subscribe(connect(seller.token).client, ORDER_EVENTS, { after: point });
    await waitForSubscriptions(server.url, 1);
    const marker = await record(server.orm, seller.id, 'pedido.criado', { id: 'o-marker-3' }, 'o-marker-3');
    await receivedUntil(replay, marker);
    expect(replay.events).toEqual([afterPoint, marker]);
    expect(before.id < point).toBe(true);
  });
});

/** Waits for `marker`, the last event committed: everything delivered before it is there by then. */
async function receivedUntil(subscription: LiveSubscription, marker: EventEnvelope): Promise<void> {
  await waitUntil(() => subscription.events.some((event) => event.id === marker.id), 15_000, () => JSON.stringify(subscription.events));
}

async function listenerCount(server: TestApp): Promise<number> {
  const [row] = await server.orm.em
    .fork()
    .execute<{ count: string }[]>(`select count(*) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`);
  return Number(row!.count);
}

/** Kills this database's LISTEN connections, as a network failure would. */
async function terminateListeners(server: TestApp): Promise<number> {
  const rows = await server.orm.em
    .fork()
    .execute<{ pid: number }[]>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %' and pg_terminate_backend(pid)`,
    );
  await waitUntil(async () => (await listenerCount(server)) === 0);
  return rows.length;
}
