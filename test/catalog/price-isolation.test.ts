import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';

/**
 * Two sellers with the same SKUs and channels but different prices and stock: every read
 * of one shows its own values, never the other's (identical catalogues would hide a leak).
 */
describe('prices and stock of two sellers with the same SKUs', () => {
  let server: TestApp;
  let sellers: { seller: TestSeller; sale: string; onHand: number }[];
  beforeAll(async () => {
    server = await startTestApp();
    sellers = [];
    for (const [sale, onHand] of [['100.00', 7], ['200.00', 9]] as const) {
      const seller = await createTestSeller(server.orm);
      const send = (method: string, path: string, body: unknown) => fetch(`${server.url}${path}`, { method, headers: seller.headers, body: JSON.stringify(body) });
      expect((await send('PUT', '/canais/site', { name: 'site' })).status).toBe(201);
      expect((await send('PUT', '/produtos', { products: [{ sku: 'SAME', title: 'Same', channels: ['site'] }] })).status).toBe(200);
      expect((await send('PATCH', '/produtos/SAME/preco', { prices: [{ channel: null, sale }, { channel: 'site', sale: `${sale.slice(0, -3)}.50` }] })).status).toBe(200);
      expect((await send('PATCH', '/estoque/SAME', { onHand })).status).toBe(200);
      sellers.push({ seller, sale, onHand });
    }
  });
  afterAll(() => server.close());

  it('over REST: the product list with include=prices,stock, the price and the stock of a SKU', async () => {
    for (const { seller, sale, onHand } of sellers) {
      const get = async (path: string) => (await (await fetch(`${server.url}${path}`, { headers: seller.headers })).json()) as any;
      const [listed] = (await get('/produtos?include=prices,stock')).data;
      expect(listed.prices).toMatchObject([{ channel: null, sale }, { channel: 'site', sale: `${sale.slice(0, -3)}.50` }]);
      expect(listed.stock).toMatchObject({ onHand });
      expect((await get('/produtos/SAME/preco')).prices[0]).toMatchObject({ sale });
      expect((await get('/estoque/SAME')).onHand).toBe(onHand);
    }
  });

  it('over GraphQL: products (the price loader), product, prices and effectivePrice', async () => {
    const QUERY = `{
      products { nodes { prices { prices { sale } } stock { onHand } } }
      product(sku: "SAME") { prices { prices { sale } } }
      prices(sku: "SAME") { prices { sale } }
      effectivePrice(sku: "SAME") { price }
    }`;
    for (const { seller, sale, onHand } of sellers) {
      const { body } = await graphql<any>(server.url, QUERY, { headers: seller.headers });
      expect(body.errors).toBeUndefined();
      expect(body.data.products.nodes).toEqual([{ prices: { prices: [{ sale }, { sale: `${sale.slice(0, -3)}.50` }] }, stock: { onHand } }]);
      expect(body.data.product.prices.prices[0].sale).toBe(sale);
      expect(body.data.prices.prices[0].sale).toBe(sale);
      expect(body.data.effectivePrice.price).toBe(sale);
    }
  });
});
