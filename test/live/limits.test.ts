import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestSeller, createTestToken, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { bearer, connectLive, record, subscribe, waitForMetric, waitForSubscriptions, type LiveConnection } from '../support/live.js';

const ORDER_EVENTS = 'subscription($after: ID) { orderEvents(after: $after) { id evento } }';

describe('limits of the live API', () => {
  let server: TestApp;
  const connections: LiveConnection[] = [];
  const connect = (seller: TestSeller) => {
    const connection = connectLive(server.url, bearer(seller.token));
    connections.push(connection);
    return connection;
  };

  beforeAll(async () => {
    server = await startTestApp({
      env: { LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: '3', LIVE_MAX_CONNECTIONS_PER_TOKEN: '2', LIVE_MAX_CONNECTIONS_PER_SELLER: '3', LIVE_MAX_REPLAYS_PER_MINUTE: '2' },
    });
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.client.dispose()));
    await server.close();
  });

  it('closes with 1009 a message above LIVE_MAX_MESSAGE_BYTES, before connection_init too', async () => {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<{ code: number }>((resolve) => socket.once('close', (code) => resolve({ code })));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { padding: 'x'.repeat(2 * 1024 * 1024) } }));
    expect(await closed).toEqual({ code: 1009 });
  });

  it('refuses the operation above LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION with LIMIT_EXCEEDED and keeps the others', async () => {
    const seller = await createTestSeller(server.orm);
    const { client } = connect(seller);
    const held = [subscribe(client, ORDER_EVENTS), subscribe(client, ORDER_EVENTS), subscribe(client, ORDER_EVENTS)];
    await waitForSubscriptions(server.url, 3);
    // Refused before it runs: graphql-ws's `error` message, which ends the operation.
    expect(await subscribe(client, ORDER_EVENTS).ended).toEqual([
      {
        message: expect.stringMatching(/may hold 3 operations at once/),
        extensions: { code: 'LIMIT_EXCEEDED', limit: 'LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION', maximum: 3 },
      },
    ]);
    const event = await record(server.orm, seller.id, 'pedido.criado', { id: 'o-held' });
    for (const subscription of held) expect(await subscription.received(1)).toEqual([{ id: event.id, evento: 'pedido.criado' }]);

    held[0]!.dispose();
    await waitForSubscriptions(server.url, 2);
    const again = subscribe(client, ORDER_EVENTS);
    await waitForSubscriptions(server.url, 3);
    for (const subscription of [again, held[1]!, held[2]!]) subscription.dispose();
    await waitForSubscriptions(server.url, 0);
  });

  it('closes with 4429 a connection above LIVE_MAX_CONNECTIONS_PER_TOKEN, counting only open ones', async () => {
    const seller = await createTestSeller(server.orm);
    const first = connect(seller);
    const second = connect(seller);
    const held = [subscribe(first.client, ORDER_EVENTS), subscribe(second.client, ORDER_EVENTS)];
    await waitForSubscriptions(server.url, 2);

    const third = connect(seller);
    subscribe(third.client, ORDER_EVENTS);
    expect(await third.closed).toEqual({ code: 4429, reason: 'Too many connections: this token already holds 2' });
    const otherToken = connect(await createTestSeller(server.orm));
    const other = subscribe(otherToken.client, ORDER_EVENTS);
    await waitForSubscriptions(server.url, 3);

    await waitForMetric(server.url, 'ponte_live_connections', 3);
    await first.client.dispose();
    await waitForMetric(server.url, 'ponte_live_connections', 2);
    const fourth = connect(seller);
    const reopened = subscribe(fourth.client, ORDER_EVENTS);
    await waitForSubscriptions(server.url, 3);
    for (const subscription of [reopened, held[1]!, other]) subscription.dispose();
    await third.client.dispose();
    await waitForSubscriptions(server.url, 0);
  });

  it('closes with 4429 a connection above LIVE_MAX_CONNECTIONS_PER_SELLER, whichever of its tokens opens it', async () => {
    const seller = await createTestSeller(server.orm);
    const tokens = [seller, await createTestToken(server.orm, seller.id, ['orders:read']), await createTestToken(server.orm, seller.id, ['orders:read'])];
    const open = [connect(tokens[0]!), connect(tokens[1]!), connect(tokens[2]!)];
    const held = open.map((connection) => subscribe(connection.client, ORDER_EVENTS));
    await waitForSubscriptions(server.url, 3);
    const fourth = connect(tokens[2]!);
    subscribe(fourth.client, ORDER_EVENTS);
    expect(await fourth.closed).toEqual({ code: 4429, reason: 'Too many connections: this seller already holds 3' });
    // Closing one frees a place for any of its tokens.
    held[0]!.dispose();
    await open[0]!.client.dispose();
    await waitForMetric(server.url, 'ponte_live_connections', 2);
    const reopened = subscribe(connect(tokens[1]!).client, ORDER_EVENTS);
    await waitForSubscriptions(server.url, 3);
    for (const subscription of [reopened, held[1]!, held[2]!]) subscription.dispose();
    await fourth.client.dispose();
    await waitForSubscriptions(server.url, 0);
  });

  it('refuses replays (`after`) beyond LIVE_MAX_REPLAYS_PER_MINUTE per token with RATE_LIMITED', async () => {
    const seller = await createTestSeller(server.orm);
    const earlier = await record(server.orm, seller.id, 'pedido.criado', { id: 'o-before' });
    const later = await record(server.orm, seller.id, 'pedido.criado', { id: 'o-after' });
    const { client } = connect(seller);
    for (let replay = 0; replay < 2; replay++) {
      const replaying = subscribe(client, ORDER_EVENTS, { after: earlier.id });
      expect(await replaying.received(1)).toEqual([{ id: later.id, evento: 'pedido.criado' }]);
      replaying.dispose();
    }
    const refused = subscribe(client, ORDER_EVENTS, { after: earlier.id });
    await refused.ended;
    expect(refused.errors[0]).toMatchObject({
      message: expect.stringMatching(/More than 2 subscriptions with `after` this minute/),
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) },
    });
    const { client: sameToken } = connect(seller);
    const elsewhere = subscribe(sameToken, ORDER_EVENTS, { after: earlier.id });
    await elsewhere.ended;
    expect(elsewhere.errors[0]?.extensions?.code).toBe('RATE_LIMITED');

    const withoutReplay = subscribe(client, ORDER_EVENTS);
    await waitForSubscriptions(server.url, 1);
    withoutReplay.dispose();
    await waitForSubscriptions(server.url, 0);
  });
});
