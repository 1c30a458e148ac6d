import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSellableSku, json, recordedEvents } from '../support/catalog.js';
import { createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';

describe('channels', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  const put = (seller: TestSeller, code: string, body: unknown) =>
    fetch(`${server.url}/canais/${code}`, { method: 'PUT', headers: seller.headers, body: JSON.stringify(body) });

  it('creates with defaults (201), updates (200) and lists them; a seller starts with none', async () => {
    const seller = await createTestSeller(server.orm);
    const empty = await fetch(`${server.url}/canais`, { headers: seller.headers });
    expect(await empty.json()).toEqual({ data: [], nextCursor: null });
    const created = await put(seller, 'mercadolivre', { name: 'Mercado Livre' });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ code: 'mercadolivre', name: 'Mercado Livre', active: true, sharePercent: 100, safetyStock: 0, maxQuantity: null });
    const updated = await put(seller, 'mercadolivre', { name: 'ML', sharePercent: 40, maxQuantity: 7 });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ name: 'ML', sharePercent: 40, maxQuantity: 7 });
    await put(seller, 'amazon', { name: 'Amazon', active: false });
    const list = await json(await fetch(`${server.url}/canais`, { headers: seller.headers }));
    expect(list.data.map((channel: { code: string }) => channel.code)).toEqual(['amazon', 'mercadolivre']);
    const other = await createTestSeller(server.orm);
    expect((await json(await fetch(`${server.url}/canais`, { headers: other.headers }))).data).toEqual([]);
    expect((await fetch(`${server.url}/canais/amazon`, { headers: other.headers })).status).toBe(404);
  });

  it('pages through the channels by code with limit and cursor', async () => {
    const seller = await createTestSeller(server.orm);
    for (const code of ['c', 'a', 'd', 'b', 'e']) expect((await put(seller, code, { name: code.toUpperCase() })).status).toBe(201);
    const codes: string[][] = [];
    let cursor: string | null = null;
    do {
      const page = await json(await fetch(`${server.url}/canais?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { headers: seller.headers }));
      codes.push(page.data.map((channel: { code: string }) => channel.code));
      cursor = page.nextCursor;
    } while (cursor);
    expect(codes).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect((await fetch(`${server.url}/canais?cursor=nonsense`, { headers: seller.headers })).status).toBe(422);
  });

  it('recomputes and stores every SKU\'s quantities when a channel changes, with events only for changed figures', async () => {
    const seller = await createTestSeller(server.orm);
    await createSellableSku(server.orm, seller.id, { sku: 'A', onHand: 10 });
    await createSellableSku(server.orm, seller.id, { sku: 'B', onHand: 0 });
    await put(seller, 'ml', { name: 'ML' });
    const stockOf = async (sku: string) => json(await fetch(`${server.url}/estoque/${sku}`, { headers: seller.headers }));
    expect((await stockOf('A')).channels).toEqual([{ channel: 'ml', quantity: 10 }]);
    await put(seller, 'ml', { name: 'ML', sharePercent: 50, safetyStock: 1 });
    expect((await stockOf('A')).channels).toEqual([{ channel: 'ml', quantity: 4 }]);
    expect((await stockOf('B')).channels).toEqual([{ channel: 'ml', quantity: 0 }]);
    const events = await recordedEvents(server.orm, seller.id, 'estoque.alterado');
    const countBefore = events.length;
    // Events come in SKU order: the last being A's means B (unchanged at 0) got none.
    expect(events.slice(-1).map((event) => event.aggregateId)).toEqual(['A']);
    await put(seller, 'ml', { name: 'Renamed', sharePercent: 50, safetyStock: 1 });
    expect((await recordedEvents(server.orm, seller.id, 'estoque.alterado')).length).toBe(countBefore);
    await put(seller, 'ml', { name: 'Renamed', sharePercent: 50, safetyStock: 1, active: false });
    expect((await stockOf('A')).channels).toEqual([]);
  });

  it('answers 422 for out-of-range settings and a bad code', async () => {
    const seller = await createTestSeller(server.orm);
    for (const [code, body, path] of [
      ['ml', { name: 'ML', sharePercent: 0 }, '/sharePercent'],
      ['ml', { name: 'ML', sharePercent: 101 }, '/sharePercent'],
      ['ml', { name: 'ML', safetyStock: -1 }, '/safetyStock'],
      ['ml', { name: 'ML', maxQuantity: -1 }, '/maxQuantity'],
      ['ml', {}, '/name'],
      ['bad%20code', { name: 'x' }, '/code'],
    ] as const) {
      const response = await put(seller, code, body);
      expect(response.status).toBe(422);
      const problem = await json(response);
      expect(problem.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
  });
});
