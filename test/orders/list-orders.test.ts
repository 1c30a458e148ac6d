import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { MOVE_TO, call, changeStatus, createOrder, orderBody, orderIn, orderSeller } from './fixtures.js';

interface Listed {
  id: string;
  status: string;
  createdAt: string;
  updatedAt: string;
}

describe('GET /pedidos', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  const list = (seller: TestSeller, query: string) =>
    call<{ data: Listed[]; nextCursor: string | null }>(server, seller, 'GET', `/pedidos?${query}`);

  /** Follows nextCursor to the end, running `between` after each page. */
  async function walk(seller: TestSeller, query: string, between: (page: number) => Promise<unknown> = async () => {}): Promise<Listed[]> {
    const seen: Listed[] = [];
    let cursor: string | null = null;
    for (let page = 0; ; page++) {
      const [reply]: [Awaited<ReturnType<typeof list>>, unknown] = await Promise.all([list(seller, `${query}${cursor ? `&cursor=${cursor}` : ''}`), between(page)]);
      expect(reply.status).toBe(200);
      seen.push(...reply.body.data);
      cursor = reply.body.nextCursor;
      if (!cursor) return seen;
    }
  }

  const createMany = async (seller: TestSeller, count: number, overrides: Record<string, unknown> = {}) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await createOrder(server, seller, orderBody(overrides))).body.id);
    return ids;
  };

  it('pages newest first with full orders, and never skips or repeats while orders are inserted concurrently', async () => {
    const seller = await orderSeller(server);
    const existing = await createMany(seller, 25);
    const inserted: string[] = [];
    const seen = await walk(seller, 'limit=4', async () => {
      const replies = await Promise.all([1, 2, 3].map(() => createOrder(server, seller)));
      inserted.push(...replies.map((reply) => reply.body.id));
    });
    const ids = seen.map((order) => order.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => existing.includes(id)).sort()).toEqual([...existing].sort());
    expect(ids.every((id) => existing.includes(id) || inserted.includes(id))).toBe(true);
    const keys = seen.map((order) => `${order.createdAt}|${order.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(seen[0]).toHaveProperty('items');
    expect(seen[0]).toHaveProperty('statusHistory');
  });

  it('with sort=updatedAt pages oldest-updated first and delivers every change made during the walk', async () => {
    const seller = await orderSeller(server);
    const ids = await createMany(seller, 12);
    const updates = ids.filter((_, index) => index % 3 === 0);
    let pending: Promise<unknown>[] = [];
    const seen = await walk(seller, 'sort=updatedAt&limit=3', async (page) => {
      if (page === 0) pending = updates.map((id) => changeStatus(server, seller, id, MOVE_TO.cancelado!));
      if (page === 1) await Promise.all(pending);
    });
    const keys = seen.map((order) => `${order.updatedAt}|${order.id}`);
    for (let i = 1; i < keys.length; i++) expect(keys[i]! > keys[i - 1]!).toBe(true);
    const lastSeen = new Map(seen.map((order) => [order.id, order.status]));
    expect(lastSeen.size).toBe(12);
    for (const id of updates) expect(lastSeen.get(id)).toBe('cancelado');
  });

  it('with sort=updatedAt holds back rows a still-running transaction could precede', async () => {
    const seller = await orderSeller(server);
    const client = new pg.Client({ connectionString: server.database.url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('select 1');
      const created = (await createOrder(server, seller)).body;
      expect((await list(seller, 'sort=updatedAt')).body.data).toEqual([]);
      expect((await list(seller, '')).body.data.map((order) => order.id)).toEqual([created.id]);
      await client.query('commit');
      expect((await list(seller, 'sort=updatedAt')).body.data.map((order) => order.id)).toEqual([created.id]);
    } finally {
      await client.end();
    }
  });

  it('filters by channel, status list, creation range and updatedSince', async () => {
    const seller = await orderSeller(server);
    const pendente = await orderIn(server, seller, 'pendente');
    const aprovado = await orderIn(server, seller, 'aprovado', orderBody({ channel: 'mercadolivre' }));
    const cancelado = await orderIn(server, seller, 'cancelado');
    const ids = async (query: string) => (await list(seller, query)).body.data.map((order) => order.id);

    expect(await ids('channel=mercadolivre')).toEqual([aprovado.id]);
    expect(await ids('status=pendente,cancelado')).toEqual([cancelado.id, pendente.id]);
    expect(await ids('status=aprovado&channel=loja-propria')).toEqual([]);
    expect(await ids(`createdFrom=${aprovado.createdAt}`)).toEqual([cancelado.id, aprovado.id]);
    expect(await ids(`createdTo=${aprovado.createdAt}`)).toEqual([pendente.id]);
    expect(await ids(`updatedSince=${cancelado.updatedAt}&sort=updatedAt`)).toEqual([cancelado.id]);
  });

  it('filters by sale date (placedFrom, placedTo), over REST and GraphQL', async () => {
    const seller = await orderSeller(server);
    const [january, february, march] = await Promise.all(
      ['2026-01-10T12:00:00.000Z', '2026-02-10T12:00:00.000Z', '2026-03-10T12:00:00.000Z'].map(async (placedAt) =>
        (await createOrder(server, seller, orderBody({ placedAt }))).body as { id: string; placedAt: string; createdAt: string },
      ),
    );
    expect(february!.placedAt).toBe('2026-02-10T12:00:00.000Z');
    const ids = async (query: string) => new Set((await list(seller, query)).body.data.map((order) => order.id));

    expect(await ids('placedFrom=2026-02-01T00:00:00Z')).toEqual(new Set([february!.id, march!.id]));
    // `placedTo` is exclusive, as createdTo is.
    expect(await ids('placedTo=2026-02-10T12:00:00.000Z')).toEqual(new Set([january!.id]));
    expect(await ids('placedFrom=2026-02-01T00:00:00Z&placedTo=2026-03-01T00:00:00Z')).toEqual(new Set([february!.id]));
    // The sale date is not the creation date: every order here was created today.
    expect(await ids('placedFrom=2026-02-01T00:00:00Z&createdTo=2020-01-01T00:00:00Z')).toEqual(new Set());
    expect((await list(seller, 'placedFrom=yesterday')).status).toBe(422);

    const reply = await graphql<any>(server.url, 'query ($filter: OrderFilterInput) { orders(filter: $filter) { edges { node { id placedAt } } } }', {
      headers: seller.headers,
      variables: { filter: { placedFrom: '2026-02-01T00:00:00Z', placedTo: '2026-03-01T00:00:00Z' } },
    });
    expect(reply.body.data.orders.edges.map((edge: any) => edge.node)).toEqual([{ id: february!.id, placedAt: february!.placedAt }]);
  });

  it('refuses unknown statuses, limits above the maximum and cursors it did not issue, with 422', async () => {
    const seller = await orderSeller(server);
    for (const [query, path] of [
      ['status=pendente,enviadoo', '/status'],
      ['limit=201', '/limit'],
      ['cursor=bm9wZQ', '/cursor'],
      [`cursor=${Buffer.from(JSON.stringify(['x', 'y'])).toString('base64url')}`, '/cursor'],
      ['sort=number', '/sort'],
    ]) {
      const reply = await list(seller, query!);
      expect(reply.status, query).toBe(422);
      expect(reply.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path, in: 'query' }] });
    }
  });

  it('lists only the caller\'s orders', async () => {
    const [mine, theirs] = [await orderSeller(server), await orderSeller(server)];
    const id = (await createOrder(server, mine)).body.id;
    await createOrder(server, theirs);
    expect((await list(mine, '')).body.data.map((order) => order.id)).toEqual([id]);
  });
});
