import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSellableSku, json, recordedEvents } from '../support/catalog.js';
import { createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';

describe('PATCH /estoque/{sku}', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  async function sellerWith(sku: string, onHand: number): Promise<TestSeller> {
    const seller = await createTestSeller(server.orm);
    await createSellableSku(server.orm, seller.id, { sku, onHand });
    return seller;
  }

  function patch(seller: TestSeller, sku: string, body: unknown, key?: string): Promise<Response> {
    return fetch(`${server.url}/estoque/${encodeURIComponent(sku)}`, {
      method: 'PATCH',
      headers: { ...seller.headers, ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
    });
  }

  it('sets an absolute onHand and answers the figures; resending it changes nothing', async () => {
    const seller = await sellerWith('A', 0);
    await fetch(`${server.url}/canais/loja`, { method: 'PUT', headers: seller.headers, body: JSON.stringify({ name: 'Loja', safetyStock: 2 }) });
    const first = await patch(seller, 'A', { onHand: 12 });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ sku: 'A', onHand: 12, reserved: 0, available: 12, channels: [{ channel: 'loja', quantity: 10 }] });
    const before = await recordedEvents(server.orm, seller.id, 'estoque.alterado');
    const again = await patch(seller, 'A', { onHand: 12 });
    expect(again.status).toBe(200);
    expect(await recordedEvents(server.orm, seller.id, 'estoque.alterado')).toEqual(before);
  });

  it('applies a delta once per Idempotency-Key and replays the first answer', async () => {
    const seller = await sellerWith('A', 10);
    const first = await patch(seller, 'A', { delta: 5 }, 'k-1');
    expect(await first.json()).toMatchObject({ onHand: 15 });
    const resent = await patch(seller, 'A', { delta: 5 }, 'k-1');
    expect(resent.status).toBe(200);
    expect(await resent.json()).toMatchObject({ onHand: 15 });
    const next = await patch(seller, 'A', { delta: -3 }, 'k-2');
    expect(await next.json()).toMatchObject({ onHand: 12, available: 12 });
    const current = await fetch(`${server.url}/estoque/A`, { headers: seller.headers });
    expect(await current.json()).toMatchObject({ onHand: 12 });
    expect((await recordedEvents(server.orm, seller.id, 'estoque.alterado')).length).toBe(3);
  });

  it('answers 422 IDEMPOTENCY_MISMATCH when a key is reused with another body or SKU', async () => {
    const seller = await sellerWith('A', 10);
    await createSellableSku(server.orm, seller.id, { sku: 'B', onHand: 10 });
    await patch(seller, 'A', { delta: 1 }, 'reused');
    for (const [sku, body] of [['A', { delta: 2 }], ['B', { delta: 1 }]] as const) {
      const response = await patch(seller, sku, body, 'reused');
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
    }
    const a = await json(await fetch(`${server.url}/estoque/A`, { headers: seller.headers }));
    const b = await json(await fetch(`${server.url}/estoque/B`, { headers: seller.headers }));
    expect([a.onHand, b.onHand]).toEqual([11, 10]);
  });

  it('keeps keys per seller: another seller may use the same key', async () => {
    const one = await sellerWith('A', 0);
    const two = await sellerWith('A', 0);
    await patch(one, 'A', { delta: 1 }, 'shared');
    const response = await patch(two, 'A', { delta: 7 }, 'shared');
    expect(await response.json()).toMatchObject({ onHand: 7 });
  });

  it('sums many parallel deltas exactly', async () => {
    const seller = await sellerWith('HOT', 100);
    const deltas = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? -2 : 3));
    const responses = await Promise.all(deltas.map((delta, i) => patch(seller, 'HOT', { delta }, `parallel-${i}`)));
    expect(responses.map((response) => response.status)).toEqual(deltas.map(() => 200));
    const stock = await json(await fetch(`${server.url}/estoque/HOT`, { headers: seller.headers }));
    expect(stock.onHand).toBe(100 + deltas.reduce((sum, delta) => sum + delta, 0));
  });

  it('applies a key sent in parallel exactly once', async () => {
    const seller = await sellerWith('A', 0);
    const responses = await Promise.all(Array.from({ length: 8 }, () => patch(seller, 'A', { delta: 4 }, 'same-key')));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    const stock = await json(await fetch(`${server.url}/estoque/A`, { headers: seller.headers }));
    expect(stock.onHand).toBe(4);
  });

  it('answers 422 for a negative onHand, a delta without key, both fields, and a delta below zero', async () => {
    const seller = await sellerWith('A', 2);
    const cases: [unknown, string | undefined, string][] = [
      [{ onHand: -1 }, undefined, '/onHand'],
      [{ onHand: 1.5 }, undefined, '/onHand'],
      [{ delta: 1 }, undefined, '/idempotency-key'],
      [{ delta: -3 }, 'below-zero', '/delta'],
    ];
    for (const [body, key, path] of cases) {
      const response = await patch(seller, 'A', body, key);
      expect(response.status).toBe(422);
      const problem = await json(response);
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect((await patch(seller, 'A', { onHand: 1, delta: 1 })).status).toBe(422);
    expect((await patch(seller, 'A', {})).status).toBe(422);
  });

  it('answers 404 for another seller\'s SKU and an unknown one, 401/403 without the right token', async () => {
    const owner = await sellerWith('MINE', 5);
    const other = await createTestSeller(server.orm);
    expect((await patch(other, 'MINE', { onHand: 1 })).status).toBe(404);
    expect((await fetch(`${server.url}/estoque/MINE`, { headers: other.headers })).status).toBe(404);
    expect((await patch(owner, 'NOPE', { onHand: 1 })).status).toBe(404);
    const reader = await createTestSeller(server.orm, { scopes: ['catalog:read'] });
    expect((await patch(reader, 'MINE', { onHand: 1 })).status).toBe(403);
    expect((await fetch(`${server.url}/estoque/MINE`, { method: 'PATCH', body: '{}' })).status).toBe(401);
    const mine = await json(await fetch(`${server.url}/estoque/MINE`, { headers: owner.headers }));
    expect(mine.onHand).toBe(5);
  });
});
