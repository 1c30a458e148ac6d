import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { recordStatements } from '../support/statements.js';

/** `GET /produtos?include=stock,prices`: what a sync job needs of each sellable SKU, in the page. */
describe('GET /produtos?include=stock,prices', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  const send = async (seller: TestSeller, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, { method, headers: seller.headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as any };
  };

  /** A seller with two channels, a simple product, one with variations and one with neither price nor stock set. */
  async function catalogue(): Promise<TestSeller> {
    const seller = await createTestSeller(server.orm);
    for (const code of ['site', 'mktp']) expect((await send(seller, 'PUT', `/canais/${code}`, { name: code })).status).toBe(201);
    const products = [
      { sku: 'MUG', title: 'Mug', publicationStatus: 'published', channels: ['site', 'mktp'] },
      { sku: 'TEE', title: 'Tee', channels: ['site'], variations: [{ sku: 'TEE-P', attributes: [{ name: 'size', value: 'P' }] }, { sku: 'TEE-M', attributes: [{ name: 'size', value: 'M' }] }] },
      { sku: 'CAP', title: 'Cap' },
    ];
    expect((await send(seller, 'PUT', '/produtos', { products })).status).toBe(200);
    const prices = { prices: [{ channel: null, sale: '100.00' }, { channel: 'mktp', sale: '110.00', promo: '80.00' }] };
    expect((await send(seller, 'PATCH', '/produtos/MUG/preco', prices)).status).toBe(200);
    expect((await send(seller, 'PATCH', '/produtos/TEE-P/preco', { prices: [{ channel: null, sale: '50.00' }] })).status).toBe(200);
    expect((await send(seller, 'PATCH', '/estoque/MUG', { onHand: 10 })).status).toBe(200);
    expect((await send(seller, 'PATCH', '/estoque/TEE-P', { onHand: 4 })).status).toBe(200);
    return seller;
  }

  it('adds each sellable SKU\'s stock, stored prices and effective prices (default and each listed channel)', async () => {
    const seller = await catalogue();
    const { status, body } = await send(seller, 'GET', '/produtos?include=stock,prices');
    expect(status).toBe(200);
    const [cap, mug, tee] = body.data;
    expect(mug).toMatchObject({
      sku: 'MUG',
      stock: { sku: 'MUG', onHand: 10, reserved: 0, available: 10, channels: [{ channel: 'mktp', quantity: 10 }, { channel: 'site', quantity: 10 }] },
      prices: [
        { channel: null, sale: '100.00', promo: null },
        { channel: 'mktp', sale: '110.00', promo: '80.00' },
      ],
      effectivePrices: [
        { sku: 'MUG', channel: null, source: 'default', price: '100.00', promoActive: false },
        { sku: 'MUG', channel: 'site', source: 'default', price: '100.00' },
        { sku: 'MUG', channel: 'mktp', source: 'channel', price: '80.00', promoActive: true },
      ],
    });
    // Prices and stock belong to the variations of a product that has them.
    expect(tee).not.toHaveProperty('stock');
    expect(tee).not.toHaveProperty('prices');
    expect(tee.variations).toMatchObject([
      { sku: 'TEE-P', stock: { onHand: 4, available: 4 }, prices: [{ channel: null, sale: '50.00' }], effectivePrices: [{ channel: null, price: '50.00' }, { channel: 'site', price: '50.00' }] },
      { sku: 'TEE-M', stock: { onHand: 0, available: 0 }, prices: [], effectivePrices: [] },
    ]);
    expect(cap).toMatchObject({ sku: 'CAP', stock: { onHand: 0 }, prices: [], effectivePrices: [] });
  });

  it('adds only what is asked for, nothing without include, and refuses unknown inclusions', async () => {
    const seller = await catalogue();
    const plain = (await send(seller, 'GET', '/produtos')).body.data[1];
    expect(plain.sku).toBe('MUG');
    for (const field of ['stock', 'prices', 'effectivePrices']) expect(plain).not.toHaveProperty(field);
    const stockOnly = (await send(seller, 'GET', '/produtos?include=stock')).body.data[1];
    expect(stockOnly).toHaveProperty('stock.onHand', 10);
    expect(stockOnly).not.toHaveProperty('prices');
    const refused = await send(seller, 'GET', '/produtos?include=stock,warehouse');
    expect(refused).toMatchObject({ status: 422, body: { code: 'VALIDATION_FAILED', errors: [{ path: '/include', in: 'query' }] } });
  });

  it('reads a page\'s stock and prices in one statement each, however many products it holds', async () => {
    const seller = await createTestSeller(server.orm);
    const products = Array.from({ length: 40 }, (_, index) => ({ sku: `SYNC-${String(index).padStart(2, '0')}`, title: `Item ${index}` }));
    expect((await send(seller, 'PUT', '/produtos', { products })).status).toBe(200);
    const statementsFor = async (limit: number) => {
      const { result, statements } = await recordStatements(server.orm, () => send(seller, 'GET', `/produtos?include=stock,prices&limit=${limit}`));
      expect(result.body.data).toHaveLength(limit);
      return statements.filter((statement) => /from (stock|price_list)\b/.test(statement));
    };
    const small = await statementsFor(2);
    const large = await statementsFor(40);
    expect(small).toHaveLength(2);
    expect(large).toHaveLength(2);
  });
});
