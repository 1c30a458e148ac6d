import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSellableSku, json, productInput, recordedEvents } from '../support/catalog.js';
import { createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';

describe('prices', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  const patch = (seller: TestSeller, sku: string, prices: unknown[]) =>
    fetch(`${server.url}/produtos/${sku}/preco`, { method: 'PATCH', headers: seller.headers, body: JSON.stringify({ prices }) });
  const read = async (seller: TestSeller, sku: string, query = '') => json(await fetch(`${server.url}/produtos/${sku}/preco${query}`, { headers: seller.headers }));

  async function sellerWithSku(sku = 'A'): Promise<TestSeller> {
    const seller = await createTestSeller(server.orm);
    await createSellableSku(server.orm, seller.id, { sku });
    for (const code of ['ml', 'site']) {
      await fetch(`${server.url}/canais/${code}`, { method: 'PUT', headers: seller.headers, body: JSON.stringify({ name: code }) });
    }
    return seller;
  }

  it('stores a default and channel overrides normalized, keeping entries not named', async () => {
    const seller = await sellerWithSku();
    const response = await patch(seller, 'A', [
      { channel: 'ml', sale: '120', promo: '99.9', promoStart: '2026-01-01T00:00:00-03:00', promoEnd: '2026-02-01T03:00:00Z' },
      { channel: null, sale: '100.00' },
    ]);
    expect(response.status).toBe(200);
    const expected = {
      sku: 'A',
      prices: [
        { channel: null, sale: '100.00', promo: null, promoStart: null, promoEnd: null },
        { channel: 'ml', sale: '120.00', promo: '99.90', promoStart: '2026-01-01T03:00:00.000Z', promoEnd: '2026-02-01T03:00:00.000Z' },
      ],
    };
    expect(await json(response)).toEqual(expected);
    await patch(seller, 'A', [{ channel: 'site', sale: '110.00' }]);
    expect((await read(seller, 'A')).prices.map((entry: { channel: string | null }) => entry.channel)).toEqual([null, 'ml', 'site']);
  });

  it('emits produto.preco_alterado on a change only: a resent body changes nothing', async () => {
    const seller = await sellerWithSku();
    const body = [{ channel: null, sale: '10.00', promo: '9.00' }];
    await patch(seller, 'A', body);
    await patch(seller, 'A', body);
    await patch(seller, 'A', [{ channel: null, sale: '10', promo: '9' }]);
    let events = await recordedEvents(server.orm, seller.id, 'produto.preco_alterado');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ aggregateId: 'A', payload: { sku: 'A', prices: [{ channel: null, sale: '10.00', promo: '9.00' }] } });
    await patch(seller, 'A', [{ channel: null, sale: '11.00' }]);
    events = await recordedEvents(server.orm, seller.id, 'produto.preco_alterado');
    expect(events).toHaveLength(2);
  });

  it('answers the effective price on a channel at an instant', async () => {
    const seller = await sellerWithSku();
    await patch(seller, 'A', [
      { channel: null, sale: '100.00', promo: '80.00', promoStart: '2026-03-01T00:00:00Z', promoEnd: '2026-03-10T00:00:00Z' },
      { channel: 'ml', sale: '110.00' },
    ]);
    const at = (instant: string, channel?: string) => read(seller, 'A', `?at=${encodeURIComponent(instant)}${channel ? `&channel=${channel}` : ''}`);
    expect((await at('2026-03-05T12:00:00Z')).effective).toEqual({
      sku: 'A', channel: null, at: '2026-03-05T12:00:00.000Z', source: 'default', sale: '100.00', promo: '80.00', promoActive: true, price: '80.00',
    });
    expect((await at('2026-02-28T23:59:59Z')).effective).toMatchObject({ promoActive: false, price: '100.00' });
    // The window's end is exclusive.
    expect((await at('2026-03-10T00:00:00Z')).effective).toMatchObject({ promoActive: false, price: '100.00' });
    expect((await at('2026-03-05T12:00:00Z', 'ml')).effective).toMatchObject({ source: 'channel', price: '110.00', promoActive: false });
    expect((await at('2026-03-05T12:00:00Z', 'site')).effective).toMatchObject({ source: 'default', channel: 'site', price: '80.00' });

    const bare = await sellerWithSku('B');
    expect((await read(bare, 'B')).effective).toBeNull();
  });

  it('answers 422 for every invalid price field, naming it', async () => {
    const seller = await sellerWithSku();
    const cases: [unknown[], string][] = [
      [[{ channel: null, sale: '10.00', promo: '10.00' }], '/prices/0/promo'],
      [[{ channel: null, sale: '10.00', promo: '12.00' }], '/prices/0/promo'],
      [[{ channel: null, sale: '0.00' }], '/prices/0/sale'],
      [[{ channel: null, sale: '-1.00' }], '/prices/0/sale'],
      [[{ channel: null, sale: '10.999' }], '/prices/0/sale'],
      [[{ channel: null, sale: 10 }], '/prices/0/sale'],
      [[{ channel: null, sale: '10.00', promo: '0' }], '/prices/0/promo'],
      [[{ channel: null, sale: '10.00', promo: '5.00', promoStart: '2026-02-01T00:00:00Z', promoEnd: '2026-01-01T00:00:00Z' }], '/prices/0/promoEnd'],
      [[{ channel: null, sale: '10.00', promoStart: '2026-02-01T00:00:00Z' }], '/prices/0/promo'],
      [[{ channel: null, sale: '10.00', promo: '5.00', promoStart: 'tomorrow' }], '/prices/0/promoStart'],
      [[{ channel: 'nowhere', sale: '10.00' }], '/prices/0/channel'],
      [[{ channel: null, sale: '10.00' }, { channel: null, sale: '11.00' }], '/prices/1/channel'],
      [[{ sale: '10.00' }], '/prices/0/channel'],
      [[], '/prices'],
    ];
    for (const [prices, path] of cases) {
      const response = await patch(seller, 'A', prices);
      expect(response.status, JSON.stringify(prices)).toBe(422);
      expect((await json(response)).errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect((await read(seller, 'A')).prices).toEqual([]);
  });

  it('answers 404 for another seller\'s SKU and 422 for a product that has variations', async () => {
    const owner = await sellerWithSku('MINE');
    const other = await sellerWithSku('X');
    expect((await patch(other, 'MINE', [{ channel: null, sale: '1.00' }])).status).toBe(404);
    expect((await fetch(`${server.url}/produtos/MINE/preco`, { headers: other.headers })).status).toBe(404);
    await fetch(`${server.url}/produtos`, {
      method: 'PUT',
      headers: owner.headers,
      body: JSON.stringify({ products: [productInput('SHIRT', { variations: [{ sku: 'SHIRT-P' }] })] }),
    });
    expect((await patch(owner, 'SHIRT', [{ channel: null, sale: '1.00' }])).status).toBe(422);
    expect((await patch(owner, 'SHIRT-P', [{ channel: null, sale: '1.00' }])).status).toBe(200);
  });
});
