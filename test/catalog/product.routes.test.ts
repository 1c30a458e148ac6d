import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, productInput, recordedEvents } from '../support/catalog.js';
import { createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';

describe('PUT /produtos and GET /produtos', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  const put = (seller: TestSeller, products: unknown[]) =>
    fetch(`${server.url}/produtos`, { method: 'PUT', headers: seller.headers, body: JSON.stringify({ products }) });
  const get = (seller: TestSeller, path: string) => fetch(`${server.url}${path}`, { headers: seller.headers });
  const channel = (seller: TestSeller, code: string) =>
    fetch(`${server.url}/canais/${code}`, { method: 'PUT', headers: seller.headers, body: JSON.stringify({ name: code }) });

  const full = {
    sku: 'CAM-AZUL',
    title: 'Camiseta azul',
    description: 'Algodão',
    brand: 'Ponte',
    gtin: '7891234567895',
    ncm: '61091000',
    attributes: [{ name: 'cor', value: 'azul' }],
    images: [{ url: 'https://img.example.com/1.jpg', position: 0 }],
    datasheet: [{ name: 'tecido', value: 'algodão' }],
    weightGrams: 200,
    dimensionsCm: { height: 2, width: 30, length: 40 },
    publicationStatus: 'published',
    channels: ['mercadolivre'],
  };

  it('answers created, then unchanged for the same body with no event, then updated', async () => {
    const seller = await createTestSeller(server.orm);
    await channel(seller, 'mercadolivre');
    const first = await put(seller, [full, productInput('OTHER')]);
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ results: [{ sku: 'CAM-AZUL', result: 'created' }, { sku: 'OTHER', result: 'created' }] });
    const stored = await json(await get(seller, '/produtos/CAM-AZUL'));
    expect(stored).toMatchObject({ ...full, variations: [] });
    const events = await recordedEvents(server.orm, seller.id);

    const resent = await put(seller, [full, productInput('OTHER')]);
    expect(await json(resent)).toEqual({ results: [{ sku: 'CAM-AZUL', result: 'unchanged' }, { sku: 'OTHER', result: 'unchanged' }] });
    expect(await recordedEvents(server.orm, seller.id)).toEqual(events);
    expect((await json(await get(seller, '/produtos/CAM-AZUL'))).updatedAt).toBe(stored.updatedAt);

    // Spelling out a default is the same content as leaving it out.
    const explicit = await put(seller, [{ ...productInput('OTHER'), publicationStatus: 'draft', channels: [], variations: [], description: null }]);
    expect((await json(explicit)).results).toEqual([{ sku: 'OTHER', result: 'unchanged' }]);

    const changed = await put(seller, [{ ...full, title: 'Camiseta azul marinho' }]);
    expect((await json(changed)).results).toEqual([{ sku: 'CAM-AZUL', result: 'updated' }]);
    expect((await json(await get(seller, '/produtos/CAM-AZUL'))).title).toBe('Camiseta azul marinho');
  });

  it('emits produto.publicacao_alterada when the status or the listed channels change', async () => {
    const seller = await createTestSeller(server.orm);
    await channel(seller, 'ml');
    await put(seller, [productInput('DRAFT'), productInput('LIVE', { publicationStatus: 'published' })]);
    await put(seller, [productInput('DRAFT', { publicationStatus: 'published' }), productInput('LIVE', { publicationStatus: 'published', channels: ['ml'] })]);
    await put(seller, [productInput('DRAFT', { publicationStatus: 'published', title: 'renamed' })]);
    const events = await recordedEvents(server.orm, seller.id, 'produto.publicacao_alterada');
    expect(events.map((event) => event.payload)).toEqual([
      { sku: 'LIVE', from: null, to: 'published', channels: [], previousChannels: [] },
      { sku: 'DRAFT', from: 'draft', to: 'published', channels: [], previousChannels: [] },
      { sku: 'LIVE', from: 'published', to: 'published', channels: ['ml'], previousChannels: [] },
    ]);
  });

  it('makes variations the sellable SKUs and keeps a dropped one out of sale', async () => {
    const seller = await createTestSeller(server.orm);
    const shirt = productInput('SHIRT', { variations: [{ sku: 'SHIRT-P', attributes: [{ name: 'tamanho', value: 'P' }] }, { sku: 'SHIRT-M', gtin: '7891234567895' }] });
    expect((await json(await put(seller, [shirt]))).results).toEqual([{ sku: 'SHIRT', result: 'created' }]);
    expect(await json(await get(seller, '/estoque/SHIRT-P'))).toMatchObject({ sku: 'SHIRT-P', onHand: 0 });
    const parent = await fetch(`${server.url}/estoque/SHIRT`, { method: 'PATCH', headers: seller.headers, body: JSON.stringify({ onHand: 1 }) });
    expect(parent.status).toBe(422);

    await put(seller, [{ ...shirt, variations: [shirt.variations![0]] }]);
    const dropped = await fetch(`${server.url}/estoque/SHIRT-M`, { method: 'PATCH', headers: seller.headers, body: JSON.stringify({ onHand: 1 }) });
    expect(dropped.status).toBe(422);
    // The dropped SKU is free again for another product.
    expect((await json(await put(seller, [productInput('SHIRT-M')]))).results).toEqual([{ sku: 'SHIRT-M', result: 'created' }]);
  });

  it('refuses a SKU another product holds, naming where', async () => {
    const seller = await createTestSeller(server.orm);
    await put(seller, [productInput('A', { variations: [{ sku: 'A-1' }] })]);
    const b = productInput('B', { variations: [{ sku: 'B-1' }, { sku: 'A-1' }] });
    const response = await put(seller, [b]);
    expect(response.status).toBe(422);
    expect((await json(response)).errors).toEqual([{ path: '/products/0/variations/1/sku', in: 'body', message: 'is already a SKU of product A' }]);
    expect((await put(seller, [productInput('A-1')])).status).toBe(422);
    // Moving it is fine when the same batch takes it away from A.
    const moved = await put(seller, [b, productInput('A', { variations: [{ sku: 'A-2' }] })]);
    expect((await json(moved)).results).toEqual([{ sku: 'B', result: 'created' }, { sku: 'A', result: 'updated' }]);
  });

  it('answers 422 with a path for every invalid field, and stores nothing', async () => {
    const seller = await createTestSeller(server.orm);
    const cases: [unknown[], string][] = [
      [[productInput('HAS SPACE')], '/products/0/sku'],
      [[productInput('X'.repeat(61))], '/products/0/sku'],
      [[productInput('OK', { gtin: '7891234567890' })], '/products/0/gtin'],
      [[productInput('OK', { variations: [{ sku: 'OK-1', gtin: '12345' }] })], '/products/0/variations/0/gtin'],
      [[productInput('OK', { ncm: '1234' })], '/products/0/ncm'],
      [[productInput('OK', { weightGrams: -1 })], '/products/0/weightGrams'],
      [[productInput('OK', { channels: ['nowhere'] })], '/products/0/channels/0'],
      [[productInput('OK', { publicationStatus: 'live' as never })], '/products/0/publicationStatus'],
      [[productInput('OK'), productInput('OK')], '/products/1/sku'],
      [[productInput('OK', { variations: [{ sku: 'OK' }] })], '/products/0/variations/0/sku'],
      [[{ sku: 'OK' }], '/products/0/title'],
      [[{ ...productInput('OK'), colour: 'red' }], '/products/0/colour'],
      [Array.from({ length: 101 }, (_, i) => productInput(`P${i}`)), '/products'],
      [[], '/products'],
    ];
    for (const [products, path] of cases) {
      const response = await put(seller, products);
      expect(response.status, JSON.stringify(products).slice(0, 80)).toBe(422);
      const problem = await json(response);
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect((await json(await get(seller, '/produtos'))).data).toEqual([]);
  });

  it('reports every problem of a batch at once', async () => {
    const seller = await createTestSeller(server.orm);
    const response = await put(seller, [productInput('A', { gtin: '7891234567890' }), productInput('B', { channels: ['nowhere'] }), productInput('A')]);
    expect((await json(response)).errors.map((error: { path: string }) => error.path).sort()).toEqual([
      '/products/0/gtin',
      '/products/1/channels/0',
      '/products/2/sku',
    ]);
  });

  it('accepts exactly 100 items', async () => {
    const seller = await createTestSeller(server.orm);
    const response = await put(seller, Array.from({ length: 100 }, (_, i) => productInput(`P${String(i).padStart(3, '0')}`)));
    expect(response.status).toBe(200);
    expect((await json(response)).results).toHaveLength(100);
  });

  it('keeps sellers apart: another seller\'s product is 404 and absent from lists', async () => {
    const owner = await createTestSeller(server.orm);
    const other = await createTestSeller(server.orm);
    await put(owner, [productInput('SECRET')]);
    expect((await get(other, '/produtos/SECRET')).status).toBe(404);
    expect((await json(await get(other, '/produtos'))).data).toEqual([]);
    // The same SKU is free in another catalogue.
    expect((await json(await put(other, [productInput('SECRET')]))).results).toEqual([{ sku: 'SECRET', result: 'created' }]);
  });

  it('filters by publication status, channel and availability, and pages with a cursor', async () => {
    const seller = await createTestSeller(server.orm);
    await channel(seller, 'ml');
    await channel(seller, 'site');
    await put(seller, [
      productInput('P1', { publicationStatus: 'published', channels: ['ml'] }),
      productInput('P2', { publicationStatus: 'paused', channels: ['ml', 'site'] }),
      productInput('P3', { publicationStatus: 'published', channels: ['site'] }),
      productInput('P4'),
      productInput('P5', { variations: [{ sku: 'P5-A' }, { sku: 'P5-B' }] }),
    ]);
    for (const sku of ['P1', 'P5-B']) {
      await fetch(`${server.url}/estoque/${sku}`, { method: 'PATCH', headers: seller.headers, body: JSON.stringify({ onHand: 3 }) });
    }
    const skus = async (query: string) => (await json(await get(seller, `/produtos?${query}`))).data.map((p: { sku: string }) => p.sku);
    expect(await skus('')).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
    expect(await skus('publicationStatus=published')).toEqual(['P1', 'P3']);
    expect(await skus('publicationStatus=published,paused')).toEqual(['P1', 'P2', 'P3']);
    expect(await skus('channel=ml')).toEqual(['P1', 'P2']);
    expect(await skus('availability=in_stock')).toEqual(['P1', 'P5']);
    expect(await skus('availability=out_of_stock')).toEqual(['P2', 'P3', 'P4']);
    expect(await skus('channel=site&publicationStatus=published&availability=out_of_stock')).toEqual(['P3']);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { sku: string }[]; nextCursor: string | null } = (await json(
        await get(seller, `/produtos?limit=2${cursor ? `&cursor=${cursor}` : ''}`),
      )) as never;
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((p) => p.sku));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);

    for (const query of ['limit=201', 'limit=0', 'cursor=garbage', 'availability=some', 'publicationStatus=live']) {
      expect((await get(seller, `/produtos?${query}`)).status, query).toBe(422);
    }
  });
});
