import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putChannel } from '../../src/catalog/channel.service.js';
import { SyncWorker } from '../../src/channels/sync-worker.js';
import { forkForSeller } from '../../src/db/orm.js';
import { createLogger } from '../../src/logger.js';
import { call, createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { createSellableSku } from '../support/catalog.js';
import { waitUntil } from '../webhooks/receiver.js';
import { mercadoLivreStandIn, shopifyStandIn, wooCommerceStandIn, type MercadoLivreItem, type PlatformStandIn, type WooProduct } from './platform-stand-ins.js';

const SECRETS_KEY = randomBytes(32).toString('base64');

interface Attempt {
  outcome: string;
  value: { cursor: string | null; listings: number; linked: number } | null;
}

/**
 * POST /canais/{code}/anuncios/vincular reads the platform's whole catalogue, page after
 * page as each platform pages it, and links the SKUs Ponte sells wherever they are: on
 * the first page, the last, or among a product's variations past their first page.
 */
describe('linking from a catalogue of many pages', () => {
  let server: TestApp;
  let worker: SyncWorker;
  let seller: TestSeller;
  const standIns: PlatformStandIn[] = [];

  beforeAll(async () => {
    server = await startTestApp({ env: { SECRETS_KEY } });
    worker = new SyncWorker({ config: server.config, orm: server.orm, logger: createLogger(server.config) });
    await worker.start();
    seller = await createTestSeller(server.orm);
  });

  afterAll(async () => {
    await worker.stop();
    await Promise.all(standIns.map((standIn) => standIn.server.close()));
    await server.close();
  });

  /** A channel connected to `standIn`, selling `skus`; the catalogue linked, its sync row once synced. */
  async function linked(code: string, standIn: PlatformStandIn, connection: Record<string, string>, skus: string[]): Promise<{ attempts: Attempt[]; links: Record<string, unknown>[] }> {
    standIns.push(standIn);
    await putChannel(forkForSeller(server.orm, seller.id), seller.id, code, { name: code });
    for (const sku of skus) await createSellableSku(server.orm, seller.id, { sku, onHand: 3 });
    expect((await call(server, seller, 'PUT', `/canais/${code}/conexao`, connection)).status).toBe(200);
    expect((await call(server, seller, 'POST', `/canais/${code}/anuncios/vincular`, {})).status).toBe(202);
    let row: { status: string; attempts: Attempt[] } | undefined;
    await waitUntil(async () => {
      [row] = (await call(server, seller, 'GET', `/canais/${code}/sincronizacoes?field=catalogue`)).body.data;
      return row?.status === 'synced' || row?.status === 'failed';
    }, 25_000, () => JSON.stringify(row));
    expect(row, JSON.stringify(row?.attempts.at(-1))).toMatchObject({ status: 'synced' });
    const links = (await call(server, seller, 'GET', `/canais/${code}/anuncios?limit=100`)).body.data;
    return { attempts: row!.attempts, links: links.map(({ sku, listingId, variationId, productId }: Record<string, unknown>) => ({ sku, listingId, variationId, productId })) };
  }

  it('Shopify: productVariants page after page, by endCursor while hasNextPage', async () => {
    const node = (id: number, sku: string) => ({ id: `gid://shopify/ProductVariant/${id}`, sku, product: { id: `gid://shopify/Product/${id}` }, inventoryItem: { id: `gid://shopify/InventoryItem/${id}` } });
    const pages = [0, 1, 2].map((page) => Array.from({ length: 250 }, (_, index) => node(page * 1000 + index, `SHOP-${page}-${index}`)));
    const shopify = await shopifyStandIn({ catalogue: pages });
    const { attempts, links } = await linked('loja-shopify', shopify, {
      platform: 'shopify', apiBaseUrl: shopify.server.url, shopDomain: 'minha-loja.myshopify.com', accessToken: 'shpat_secret_token', webhookSecret: 'whs', locationId: 'gid://shopify/Location/1',
    }, ['SHOP-0-0', 'SHOP-1-125', 'SHOP-2-249']);

    expect(attempts.map((attempt) => attempt.value)).toEqual([
      { cursor: null, listings: 250, linked: 1 },
      { cursor: '1', listings: 250, linked: 1 },
      { cursor: '2', listings: 250, linked: 1 },
    ]);
    expect(links).toEqual([
      { sku: 'SHOP-0-0', listingId: 'gid://shopify/InventoryItem/0', variationId: 'gid://shopify/ProductVariant/0', productId: 'gid://shopify/Product/0' },
      { sku: 'SHOP-1-125', listingId: 'gid://shopify/InventoryItem/1125', variationId: 'gid://shopify/ProductVariant/1125', productId: 'gid://shopify/Product/1125' },
      { sku: 'SHOP-2-249', listingId: 'gid://shopify/InventoryItem/2249', variationId: 'gid://shopify/ProductVariant/2249', productId: 'gid://shopify/Product/2249' },
    ]);
    const asked = shopify.server.seen.map((request) => JSON.parse(request.body)).filter((body) => body.query.includes('productVariants(')).map((body) => body.variables.after);
    expect(asked).toEqual([null, '1', '2']);
  });

  it('WooCommerce: products 100 a page while X-WP-TotalPages says there are more, and a variable product\'s variations the same way', async () => {
    // 200 products (two full pages), the last variable with 200 variations (two full pages).
    const catalogue: WooProduct[] = Array.from({ length: 199 }, (_, index) => ({ id: 1000 + index, sku: `WOO-${index}` }));
    catalogue.push({ id: 5000, sku: '', type: 'variable', variations: Array.from({ length: 200 }, (_, index) => ({ id: 7000 + index, sku: `WOO-VAR-${index}` })) });
    const woo = await wooCommerceStandIn({ catalogue });
    const { attempts, links } = await linked('loja-woo', woo, { platform: 'woocommerce', siteUrl: woo.server.url, consumerKey: 'ck_test', consumerSecret: 'cs_test', webhookSecret: 'whs' }, [
      'WOO-7',
      'WOO-180',
      'WOO-VAR-150',
    ]);

    expect(attempts.map((attempt) => attempt.value)).toEqual([
      { cursor: null, listings: 100, linked: 1 },
      { cursor: '2', listings: 99 + 200, linked: 2 },
    ]);
    expect(links).toEqual([
      { sku: 'WOO-180', listingId: '1180', variationId: null, productId: '1180' },
      { sku: 'WOO-7', listingId: '1007', variationId: null, productId: '1007' },
      { sku: 'WOO-VAR-150', listingId: '5000', variationId: '7150', productId: '5000' },
    ]);
    // Full last pages: only the totals tell there is nothing after them.
    const pagesAsked = (path: string) => woo.server.seen.filter((request) => request.method === 'GET' && new URL(request.path, 'http://x').pathname === path).map((request) => new URL(request.path, 'http://x').searchParams.get('page'));
    expect(pagesAsked('/wp-json/wc/v3/products')).toEqual(['1', '2']);
    expect(pagesAsked('/wp-json/wc/v3/products/5000/variations')).toEqual(['1', '2']);
  });

  it('Mercado Livre: past 1,000 items by scan, scroll after scroll until a page comes back empty, 20 items a multiget', async () => {
    const catalogue: MercadoLivreItem[] = Array.from({ length: 1050 }, (_, index) => ({ id: `MLB${5000000000 + index}`, sku: `ML-${index}` }));
    catalogue[520] = { id: 'MLB5000000520', sku: null, variations: [{ id: 90000520, sku: 'ML-VAR-520' }, { id: 90000521, sku: null }] };
    const ml = await mercadoLivreStandIn({ catalogue });
    const { attempts, links } = await linked('mercado-livre', ml, {
      platform: 'mercadolivre', apiBaseUrl: ml.server.url, userId: '123456789', clientId: 'app', clientSecret: 'secret', accessToken: 'APP_USR-access', refreshToken: 'TG-refresh',
    }, ['ML-3', 'ML-VAR-520', 'ML-1049']);

    expect(attempts).toHaveLength(12);
    expect(attempts.map((attempt) => attempt.value!.listings)).toEqual([...Array.from({ length: 10 }, () => 100), 50, 0]);
    expect(attempts.map((attempt) => attempt.value!.linked).reduce((sum, count) => sum + count)).toBe(3);
    expect(links).toEqual([
      { sku: 'ML-1049', listingId: 'MLB5000001049', variationId: null, productId: null },
      { sku: 'ML-3', listingId: 'MLB5000000003', variationId: null, productId: null },
      { sku: 'ML-VAR-520', listingId: 'MLB5000000520', variationId: '90000520', productId: null },
    ]);
    const searches = ml.server.seen.filter((request) => request.path.startsWith('/users/123456789/items/search')).map((request) => new URL(request.path, 'http://x').searchParams);
    expect(searches.every((query) => query.get('search_type') === 'scan' && !query.has('offset'))).toBe(true);
    expect(searches.map((query) => query.get('scroll_id'))).toEqual([null, ...Array.from({ length: 11 }, () => searches[1]!.get('scroll_id'))]);
    const multigets = ml.server.seen.filter((request) => request.path.startsWith('/items?'));
    expect(multigets).toHaveLength(53);
  });
});
