import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../src/auth/scopes.js';
import { forkForSeller } from '../../src/db/orm.js';
import { recordEvent } from '../../src/events/outbox.js';
import { idFloorAt } from '../../src/live/live-event.js';
import { createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { looseEvent } from '../support/events.js';
import { bearer, connectLive, metric, record, subscribe, waitForSubscriptions, type LiveConnection } from '../support/live.js';

const ORDER_EVENTS = 'subscription($after: ID, $orderId: ID, $statuses: [OrderStatus!]) { orderEvents(after: $after, orderId: $orderId, statuses: $statuses) { id evento dataHora data } }';
const STOCK_EVENTS = 'subscription($sku: String) { stockEvents(sku: $sku) { id evento dataHora data } }';
const EVENTS = 'subscription($types: [EventType!], $after: ID) { events(types: $types, after: $after) { id evento dataHora data } }';

describe('live subscriptions over graphql-ws', () => {
  let server: TestApp;
  let seller: TestSeller;
  const connections: LiveConnection[] = [];

  const connect = (params?: Record<string, unknown>) => {
    const connection = connectLive(server.url, params);
    connections.push(connection);
    return connection;
  };
  const sellerWith = (scopes?: Scope[]) => createTestSeller(server.orm, { scopes });

  beforeAll(async () => {
    server = await startTestApp();
    seller = await sellerWith();
  });
  // Each test starts with no subscription open, whatever the previous one left.
  afterEach(async () => {
    await Promise.all(connections.splice(0).map((connection) => connection.client.dispose()));
    await waitForSubscriptions(server.url, 0);
  });
  afterAll(() => server.close());

  describe('authentication in connection_init', () => {
    it.each([
      ['no authorization', undefined],
      ['an unknown token', { authorization: 'Bearer ponte_sk_not-a-real-token' }],
      ['a malformed header', { authorization: 'Token abc' }],
    ])('closes with 4401 on %s', async (_case, params) => {
      const { client, closed } = connect(params);
      const subscription = subscribe(client, ORDER_EVENTS);
      expect(await closed).toMatchObject({ code: 4401 });
      expect(await subscription.ended).toMatchObject({ code: 4401 });
    });

    it('closes with 4403 when the token can read no live event', async () => {
      const webhooksOnly = await sellerWith(['webhooks:read']);
      const { client, closed } = connect(bearer(webhooksOnly.token));
      subscribe(client, EVENTS);
      expect(await closed).toMatchObject({ code: 4403 });
    });

    it.each([
      ['stockEvents', STOCK_EVENTS, undefined],
      ['events of a stock type', EVENTS, { types: ['estoque_alterado'] }],
    ])('refuses %s to an orders-only token with an error message for that operation alone', async (_case, query, variables) => {
      const ordersOnly = await sellerWith(['orders:read']);
      const connection = connect(bearer(ordersOnly.token));
      const allowed = subscribe(connection.client, ORDER_EVENTS);
      await waitForSubscriptions(server.url, 1);

      const refused = subscribe(connection.client, query, variables);
      expect(await refused.ended).toMatchObject([{ message: expect.any(String), extensions: { code: 'FORBIDDEN', requiredScope: 'catalog:read' } }]);
      expect(refused.events).toEqual([]);
      // A query refused for its scope answers as over HTTP, with errors; the socket stays too.
      const query_ = await new Promise<{ errors?: { extensions?: Record<string, unknown> }[] }>((resolve, reject) => {
        let result = {};
        connection.client.subscribe({ query: '{ product(sku: "SKU-A") { sku } }' }, { next: (value) => (result = value), error: reject, complete: () => resolve(result) });
      });
      expect(query_.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });

      // The sibling subscription on the same connection lives on and gets its events.
      const created = await record(server.orm, ordersOnly.id, 'pedido.criado', { id: 'o-sibling' });
      expect(await allowed.received(1)).toEqual([created]);
      expect(allowed.endedWith).toBeUndefined();
      expect(connection.closedWith).toBeUndefined();
    });


    it('serves the client schema over graphql-ws, its subscriptions included and federation\'s fields not', async () => {
      const { client } = connect(bearer(seller.token));
      const ask = (query: string) =>
        new Promise<{ data?: any; errors?: unknown[] }>((resolve) => {
          let result = {};
          client.subscribe({ query }, { next: (value) => (result = value), error: (errors) => resolve({ errors: errors as unknown[] }), complete: () => resolve(result) });
        });
      const { data } = await ask('{ __schema { queryType { fields { name } } subscriptionType { fields { name } } } }');
      const names = (type: { fields: { name: string }[] }) => type.fields.map((field) => field.name);
      expect(names(data.__schema.subscriptionType)).toEqual(expect.arrayContaining(['events', 'orderEvents', 'stockEvents']));
      expect(names(data.__schema.queryType)).toContain('orders');
      expect(names(data.__schema.queryType).filter((name) => name.startsWith('_'))).toEqual([]);
      expect((await ask('{ _service { sdl } }')).errors).toMatchObject([{ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }]);
    });

    it('refuses a subscription over plain HTTP with BAD_REQUEST', async () => {
      const { body } = await graphql(server.url, 'subscription { orderEvents { id } }', { headers: seller.headers });
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    });

    it('answers invalid arguments with VALIDATION_FAILED and keeps the connection', async () => {
      const { client } = connect(bearer(seller.token));
      // `all` (*) is for webhook subscriptions; live events take the types themselves.
      const bad = subscribe(client, EVENTS, { types: ['all'] });
      await bad.ended;
      expect(bad.errors[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '/types/0' }] });
      const unknownType = subscribe(client, EVENTS, { types: ['pedido_inventado'] });
      expect(await unknownType.ended).toMatchObject([{ message: expect.stringContaining('pedido_inventado'), extensions: { code: 'BAD_USER_INPUT' } }]);
      const badAfter = subscribe(client, EVENTS, { after: 'not-an-id' });
      await badAfter.ended;
      expect(badAfter.errors[0]?.extensions?.code).toBe('VALIDATION_FAILED');
      const badStatus = subscribe(client, ORDER_EVENTS, { statuses: ['aprovado', 'extraviado'] });
      expect(await badStatus.ended).toMatchObject([{ message: expect.stringContaining('extraviado'), extensions: { code: 'BAD_USER_INPUT' } }]);
      const syntax = subscribe(client, 'subscription { events { id ');
      expect(await syntax.ended).toMatchObject([{ message: expect.stringContaining('Syntax Error'), extensions: { code: 'GRAPHQL_PARSE_FAILED' } }]);
      const unknownField = subscribe(client, 'subscription { nothingHere { id } }');
      expect(await unknownField.ended).toMatchObject([{ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }]);
      const good = subscribe(client, ORDER_EVENTS);
      await waitForSubscriptions(server.url, 1);
      const sent = await record(server.orm, seller.id, 'pedido.criado', { id: 'o-valid' });
      expect(await good.received(1)).toEqual([sent]);
      good.dispose();
      await waitForSubscriptions(server.url, 0);
    });
  });

  describe('delivery', () => {
    it('delivers a committed event with the webhook envelope, and nothing of a rolled-back change', async () => {
      const { client } = connect(bearer(seller.token));
      const live = subscribe(client, ORDER_EVENTS);
      await waitForSubscriptions(server.url, 1);

      await forkForSeller(server.orm, seller.id)
        .transactional(async (tx) => {
          await recordEvent(tx, seller.id, looseEvent({ type: 'pedido.criado', aggregateType: 'order', aggregateId: 'o-rolled-back', data: { id: 'o-rolled-back' } }));
          throw new Error('the change failed');
        })
        .catch(() => undefined);
      const created = await record(server.orm, seller.id, 'pedido.criado', { id: 'o-1', status: 'pendente', amounts: { total: '199.90' } }, 'o-1');

      expect(await live.received(1)).toEqual([created]);
      expect(created).toEqual({ id: expect.any(String), evento: 'pedido.criado', dataHora: expect.stringMatching(/Z$/), data: { id: 'o-1', status: 'pendente', amounts: { total: '199.90' } } });
      live.dispose();
      await waitForSubscriptions(server.url, 0);
    });

    it("never gives seller B anything of seller A's", async () => {
      const sellerB = await sellerWith();
      const a = subscribe(connect(bearer(seller.token)).client, EVENTS);
      const b = subscribe(connect(bearer(sellerB.token)).client, EVENTS);
      await waitForSubscriptions(server.url, 2);
      const ofA = await record(server.orm, seller.id, 'estoque.alterado', { sku: 'SKU-A', onHand: 3 });
      const ofB = await record(server.orm, sellerB.id, 'estoque.alterado', { sku: 'SKU-B', onHand: 1 });
      // B's own event comes after A's in commit order: had A's leaked, it would be first.
      expect(await b.received(1)).toEqual([ofB]);
      expect(await a.received(1)).toEqual([ofA]);
      await record(server.orm, seller.id, 'pedido.criado', { id: 'o-a' });
      const lastOfB = await record(server.orm, sellerB.id, 'pedido.criado', { id: 'o-b' });
      expect(await b.received(2)).toEqual([ofB, lastOfB]);
      a.dispose();
      b.dispose();
      await waitForSubscriptions(server.url, 0);
    });

    it('gives each subscriber of one event its own selection, filter and subscription id, however many share them', async () => {
      const first = connect(bearer(seller.token)).client;
      const alike = [subscribe(first, ORDER_EVENTS), subscribe(first, ORDER_EVENTS), subscribe(connect(bearer(seller.token)).client, ORDER_EVENTS)];
      const narrower = subscribe(first, 'subscription { orderEvents { eventId: id evento } }');
      const shipped = subscribe(first, ORDER_EVENTS, { statuses: ['enviado'] });
      await waitForSubscriptions(server.url, 5);

      const created = await record(server.orm, seller.id, 'pedido.criado', { id: 'o-s', status: 'pendente' }, 'o-s');
      const sent = await record(server.orm, seller.id, 'pedido.status_alterado', { orderId: 'o-s', from: 'faturado', to: 'enviado' }, 'o-s');

      for (const subscription of alike) expect(await subscription.received(2)).toEqual([created, sent]);
      expect(await shipped.received(1)).toEqual([sent]);
      await narrower.received(2);
      expect(narrower.events).toEqual([
        { eventId: created.id, evento: 'pedido.criado' },
        { eventId: sent.id, evento: 'pedido.status_alterado' },
      ]);
      for (const subscription of [...alike, narrower, shipped]) subscription.dispose();
      await waitForSubscriptions(server.url, 0);
    });

    it('filters by order, status, SKU and the scopes of the default types', async () => {
      const ordersOnly = await sellerWith(['orders:read']);
      const { client } = connect(bearer(seller.token));
      const oneOrder = subscribe(client, ORDER_EVENTS, { orderId: 'o-7' });
      const shipped = subscribe(client, ORDER_EVENTS, { statuses: ['enviado', 'entregue'] });
      const oneSku = subscribe(client, STOCK_EVENTS, { sku: 'SKU-7' });
      await waitForSubscriptions(server.url, 3);

      const other = connect(bearer(ordersOnly.token));
      const byScope = subscribe(other.client, EVENTS);
      await waitForSubscriptions(server.url, 4);

      const created7 = await record(server.orm, seller.id, 'pedido.criado', { id: 'o-7', status: 'pendente' }, 'o-7');
      await record(server.orm, seller.id, 'pedido.criado', { id: 'o-8', status: 'pendente' }, 'o-8');
      const shipped8 = await record(server.orm, seller.id, 'pedido.status_alterado', { orderId: 'o-8', from: 'faturado', to: 'enviado' }, 'o-8');
      await record(server.orm, seller.id, 'estoque.alterado', { sku: 'SKU-8', onHand: 1 }, 'SKU-8');
      const stock7 = await record(server.orm, seller.id, 'produto.preco_alterado', { sku: 'SKU-7' }, 'SKU-7');
      const delivered7 = await record(server.orm, seller.id, 'pedido.status_alterado', { orderId: 'o-7', from: 'enviado', to: 'entregue' }, 'o-7');

      expect(await oneOrder.received(2)).toEqual([created7, delivered7]);
      expect(await shipped.received(2)).toEqual([shipped8, delivered7]);
      expect(await oneSku.received(1)).toEqual([stock7]);

      // The orders-only token's default types leave stock out.
      await record(server.orm, ordersOnly.id, 'estoque.alterado', { sku: 'SKU-1' });
      const paid = await record(server.orm, ordersOnly.id, 'pagamento.alterado', { orderId: 'o-1', status: 'approved' });
      expect(await byScope.received(1)).toEqual([paid]);

      for (const subscription of [oneOrder, shipped, oneSku, byScope]) subscription.dispose();
      await waitForSubscriptions(server.url, 0);
    });
  });

  describe('replay', () => {
    it('after a disconnect, delivers exactly the missed events of the filter, then live ones', async () => {
      const first = connect(bearer(seller.token));
      const before = subscribe(first.client, ORDER_EVENTS);
      await waitForSubscriptions(server.url, 1);
      const e1 = await record(server.orm, seller.id, 'pedido.criado', { id: 'r-1' });
      const e2 = await record(server.orm, seller.id, 'pedido.status_alterado', { orderId: 'r-1', to: 'aprovado' });
      expect(await before.received(2)).toEqual([e1, e2]);
      await first.client.dispose();
      await waitForSubscriptions(server.url, 0);

      const e3 = await record(server.orm, seller.id, 'pedido.criado', { id: 'r-2' });
      await record(server.orm, seller.id, 'estoque.alterado', { sku: 'not-followed' });
      const e4 = await record(server.orm, seller.id, 'pedido.status_alterado', { orderId: 'r-2', to: 'cancelado' });

      const again = subscribe(connect(bearer(seller.token)).client, ORDER_EVENTS, { after: e2.id });
      expect(await again.received(2)).toEqual([e3, e4]);
      await waitForSubscriptions(server.url, 1);
      const e5 = await record(server.orm, seller.id, 'pedido.criado', { id: 'r-3' });
      expect(await again.received(3)).toEqual([e3, e4, e5]);
      // A marker after e5: had anything been delivered twice, it would sit before the marker.
      const e6 = await record(server.orm, seller.id, 'pedido.criado', { id: 'r-4' });
      await again.received(4);
      expect(again.events).toEqual([e3, e4, e5, e6]);
      again.dispose();
      await waitForSubscriptions(server.url, 0);
    });

    it('refuses an `after` older than the replay window', async () => {
      const { client } = connect(bearer(seller.token));
      const old = subscribe(client, EVENTS, { after: idFloorAt(Date.now() - 2 * server.config.liveReplayWindowMs) });
      await old.ended;
      expect(old.errors[0]?.extensions).toMatchObject({ code: 'REPLAY_WINDOW_EXCEEDED', replayWindowMs: server.config.liveReplayWindowMs });
    });
  });
});

describe('keep-alive and shutdown over graphql-ws', () => {
  let server: TestApp;
  let seller: TestSeller;
  beforeAll(async () => {
    server = await startTestApp({ env: { LIVE_KEEPALIVE_MS: '1000' } });
    seller = await createTestSeller(server.orm);
  });
  afterAll(() => server.close());

  it('pings a connection, and keeps one that answers', async () => {
    const { client, sockets } = connectLive(server.url, bearer(seller.token));
    const subscription = subscribe(client, ORDER_EVENTS);
    await waitForSubscriptions(server.url, 1);
    for (let ping = 0; ping < 3; ping++) await new Promise((resolve) => sockets[0]!.once('ping', resolve));
    const sent = await record(server.orm, seller.id, 'pedido.criado', { id: 'o-alive' });
    expect(await subscription.received(1)).toEqual([sent]);
    await client.dispose();
    await waitForSubscriptions(server.url, 0);
  });

  it('drops a connection that stops answering pings', async () => {
    const { client, sockets, closed } = connectLive(server.url, bearer(seller.token));
    subscribe(client, ORDER_EVENTS);
    await waitForSubscriptions(server.url, 1);
    // A client that stopped reading never sees the ping, so never answers it.
    sockets[0]!.pause();
    await waitForSubscriptions(server.url, 0);
    sockets[0]!.resume();
    expect((await closed).code).toBe(1006);
  });

  it('closes every connection with 1001 when the server shuts down', async () => {
    const own = await startTestApp();
    const ownSeller = await createTestSeller(own.orm);
    const { client, closed } = connectLive(own.url, bearer(ownSeller.token));
    const subscription = subscribe(client, ORDER_EVENTS);
    await waitForSubscriptions(own.url, 1);
    await own.close();
    expect(await closed).toMatchObject({ code: 1001, reason: 'Server shutting down' });
    expect(await subscription.ended).toMatchObject({ code: 1001 });
  });
});

describe('limits over graphql-ws', () => {
  let server: TestApp;
  let seller: TestSeller;
  beforeAll(async () => {
    server = await startTestApp({ env: { LIVE_BUFFER_EVENTS: '4', LIVE_REPLAY_MAX_EVENTS: '3', GRAPHQL_MAX_COST: '6' } });
    seller = await createTestSeller(server.orm);
  });
  afterAll(() => server.close());

  it('runs queries with the HTTP cost limit', async () => {
    const connection = connectLive(server.url, bearer(seller.token));
    const query = (source: string) =>
      new Promise<{ data?: unknown; errors?: { extensions?: Record<string, unknown> }[] }>((resolve, reject) => {
        let result: never;
        connection.client.subscribe({ query: source }, { next: (value) => (result = value as never), error: reject, complete: () => resolve(result) });
      });
    expect(await query('{ viewer { tokenId } }')).toMatchObject({ data: { viewer: { tokenId: expect.any(String) } } });
    const costly = await query('{ a: viewer { seller { id } } b: viewer { seller { id } } c: viewer { seller { id } } d: viewer { tokenId } }').catch((errors: unknown) => ({ errors }));
    expect(costly.errors).toMatchObject([{ message: 'Query cost 7 exceeds the limit of 6', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }]);
    await connection.client.dispose();
  });

  it('refuses a replay of more than LIVE_REPLAY_MAX_EVENTS events', async () => {
    const start = await record(server.orm, seller.id, 'pedido.criado', { n: 0 });
    for (let n = 1; n <= 4; n++) await record(server.orm, seller.id, 'pedido.criado', { n });
    const connection = connectLive(server.url, bearer(seller.token));
    const tooMany = subscribe(connection.client, EVENTS, { after: start.id });
    await tooMany.ended;
    expect(tooMany.errors[0]?.extensions).toMatchObject({ code: 'REPLAY_WINDOW_EXCEEDED', replayMaxEvents: 3 });
    await connection.client.dispose();
  });

  it('closes a connection that stops reading with 4413, without holding others back', async () => {
    const slow = connectLive(server.url, bearer(seller.token));
    const fast = connectLive(server.url, bearer(seller.token));
    const stalled = subscribe(slow.client, EVENTS);
    const reading = subscribe(fast.client, EVENTS);
    await waitForSubscriptions(server.url, 2);
    slow.sockets[0]!.pause();

    // Large events fill the socket buffers quickly; the server then holds at most 4 more.
    const blob = 'x'.repeat(256 * 1024);
    let written = 0;
    while ((await metric(server.url, 'ponte_live_slow_consumer_closes_total')) === 0) {
      if (written === 200) throw new Error('the stalled connection was never closed');
      await record(server.orm, seller.id, 'estoque.alterado', { sku: `SKU-${written}`, blob });
      written++;
    }
    // The reading client got everything, the stalled one is cut off.
    expect((await reading.received(written)).length).toBe(written);
    slow.sockets[0]!.resume();
    expect(await slow.closed).toMatchObject({ code: 4413, reason: expect.stringContaining('Slow consumer') });
    expect(stalled.events.length).toBeLessThan(written);
    await waitForSubscriptions(server.url, 1);
    await fast.client.dispose();
  });
});
