import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBGRAPH_PATH } from '../../src/graphql/subgraph-access.js';
import { createTestSeller, GATEWAY_ENV, gatewayHeaders, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { recordStatements } from '../support/statements.js';

describe('catalogue over GraphQL', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ env: GATEWAY_ENV });
  });
  afterAll(() => server.close());

  const run = <T = Record<string, any>>(seller: TestSeller, query: string, variables?: Record<string, unknown>) =>
    graphql<T>(server.url, query, { headers: seller.headers, variables });
  /** As a federation gateway asks on a seller's behalf (`_entities`, `_service`). */
  const runAsGateway = <T = Record<string, any>>(seller: TestSeller, query: string, variables?: Record<string, unknown>) =>
    graphql<T>(server.url, query, { headers: gatewayHeaders(seller), variables, path: SUBGRAPH_PATH });

  const UPSERT = `mutation ($products: [ProductInput!]!) { upsertProducts(input: { products: $products }) { results { sku result } } }`;
  const PUT_CHANNEL = `mutation ($input: PutChannelInput!) { putChannel(input: $input) { created channel { code name active sharePercent safetyStock maxQuantity } } }`;
  const UPDATE_STOCK = `mutation ($sku: String!, $onHand: Int, $delta: Int, $key: String) {
    updateStock(input: { sku: $sku, onHand: $onHand, delta: $delta, idempotencyKey: $key }) { stock { sku onHand reserved available channels { channel quantity } } } }`;

  it('upserts products, answering created then unchanged, and reads them back with stock and prices', async () => {
    const seller = await createTestSeller(server.orm);
    expect((await run(seller, PUT_CHANNEL, { input: { code: 'ml', name: 'ML', sharePercent: 50 } })).body.data).toEqual({
      putChannel: { created: true, channel: { code: 'ml', name: 'ML', active: true, sharePercent: 50, safetyStock: 0, maxQuantity: null } },
    });
    const products = [
      { sku: 'A', title: 'Plain', publicationStatus: 'published', channels: ['ml'], gtin: '7891234567895', dimensionsCm: { height: 1, width: 2, length: 3.5 } },
      { sku: 'S', title: 'Shirt', variations: [{ sku: 'S-P', attributes: [{ name: 'tamanho', value: 'P' }] }] },
    ];
    expect((await run(seller, UPSERT, { products })).body.data).toEqual({
      upsertProducts: { results: [{ sku: 'A', result: 'created' }, { sku: 'S', result: 'created' }] },
    });
    expect((await run(seller, UPSERT, { products })).body.data).toEqual({
      upsertProducts: { results: [{ sku: 'A', result: 'unchanged' }, { sku: 'S', result: 'unchanged' }] },
    });
    await run(seller, UPDATE_STOCK, { sku: 'A', onHand: 9 });
    await run(seller, UPDATE_STOCK, { sku: 'S-P', onHand: 2 });
    await run(seller, `mutation { setPrices(input: { sku: "A", prices: [{ sale: "10.00" }, { channel: "ml", sale: "12", promo: "11.5" }] }) { skuPrices { sku } } }`);

    const { body } = await run(seller, `{
      product(sku: "A") { sku publicationStatus channels dimensionsCm { length } stock { onHand available channels { channel quantity } } prices { prices { channel sale promo } } }
      shirt: product(sku: "S") { stock { onHand } prices { sku } variations { sku attributes { name value } stock { onHand } } }
      missing: product(sku: "NOPE") { sku }
    }`);
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      product: {
        sku: 'A',
        publicationStatus: 'published',
        channels: ['ml'],
        dimensionsCm: { length: 3.5 },
        stock: { onHand: 9, available: 9, channels: [{ channel: 'ml', quantity: 4 }] },
        prices: { prices: [{ channel: null, sale: '10.00', promo: null }, { channel: 'ml', sale: '12.00', promo: '11.50' }] },
      },
      shirt: { stock: null, prices: null, variations: [{ sku: 'S-P', attributes: [{ name: 'tamanho', value: 'P' }], stock: { onHand: 2 } }] },
      missing: null,
    });
  });

  it('lists products as a connection with filters and cursors', async () => {
    const seller = await createTestSeller(server.orm);
    await run(seller, UPSERT, {
      products: [
        { sku: 'P1', title: 'one', publicationStatus: 'published' },
        { sku: 'P2', title: 'two', publicationStatus: 'published' },
        { sku: 'P3', title: 'three', publicationStatus: 'published' },
        { sku: 'P4', title: 'four' },
      ],
    });
    await run(seller, UPDATE_STOCK, { sku: 'P2', onHand: 1 });
    const LIST = `query ($first: Int, $after: String, $filter: ProductFilter) {
      products(first: $first, after: $after, filter: $filter) { edges { cursor node { sku } } pageInfo { hasNextPage endCursor } } }`;
    const first = await run(seller, LIST, { first: 2, filter: { publicationStatus: ['published'] } });
    expect(first.body.data?.products.edges.map((edge: { node: { sku: string } }) => edge.node.sku)).toEqual(['P1', 'P2']);
    expect(first.body.data?.products.pageInfo.hasNextPage).toBe(true);
    const second = await run(seller, LIST, { first: 2, after: first.body.data?.products.pageInfo.endCursor, filter: { publicationStatus: ['published'] } });
    expect(second.body.data?.products.edges.map((edge: { node: { sku: string } }) => edge.node.sku)).toEqual(['P3']);
    expect(second.body.data?.products.pageInfo.hasNextPage).toBe(false);
    const inStock = await run(seller, LIST, { filter: { availability: 'in_stock' } });
    expect(inStock.body.data?.products.edges.map((edge: { node: { sku: string } }) => edge.node.sku)).toEqual(['P2']);
    const tooMany = await run(seller, LIST, { first: 201 });
    expect(tooMany.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  });

  it('validates inputs with the REST rules and answers VALIDATION_FAILED with paths', async () => {
    const seller = await createTestSeller(server.orm);
    const badGtin = await run(seller, UPSERT, { products: [{ sku: 'A', title: 'x', gtin: '7891234567890' }] });
    expect(badGtin.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '/products/0/gtin' }] });
    const spaced = await run(seller, UPSERT, { products: [{ sku: 'A B', title: 'x' }] });
    expect(spaced.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '/products/0/sku' }] });
    const tooMany = await run(seller, UPSERT, { products: Array.from({ length: 101 }, (_, i) => ({ sku: `P${i}`, title: 't' })) });
    expect(tooMany.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    await run(seller, UPSERT, { products: [{ sku: 'A', title: 'x' }] });
    const promo = await run(seller, `mutation { setPrices(input: { sku: "A", prices: [{ sale: "10.00", promo: "10.00" }] }) { skuPrices { sku } } }`);
    expect(promo.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '/prices/0/promo' }] });
    const negative = await run(seller, UPDATE_STOCK, { sku: 'A', onHand: -1 });
    expect(negative.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    const both = await run(seller, UPDATE_STOCK, { sku: 'A', onHand: 1, delta: 1, key: 'k' });
    expect(both.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    const keyless = await run(seller, UPDATE_STOCK, { sku: 'A', delta: 1 });
    expect(keyless.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '/idempotencyKey' }] });
    const share = await run(seller, PUT_CHANNEL, { input: { code: 'ml', name: 'ML', sharePercent: 0 } });
    expect(share.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '/sharePercent' }] });
  });

  it('applies a delta once per idempotency key and refuses a reused key with another delta', async () => {
    const seller = await createTestSeller(server.orm);
    await run(seller, UPSERT, { products: [{ sku: 'A', title: 'x' }] });
    await run(seller, UPDATE_STOCK, { sku: 'A', delta: 3, key: 'k1' });
    const again = await run(seller, UPDATE_STOCK, { sku: 'A', delta: 3, key: 'k1' });
    expect(again.body.data?.updateStock.stock.onHand).toBe(3);
    const other = await run(seller, UPDATE_STOCK, { sku: 'A', delta: 4, key: 'k1' });
    expect(other.body.errors?.[0]?.extensions?.code).toBe('IDEMPOTENCY_MISMATCH');
    expect((await run(seller, '{ stock(sku: "A") { onHand } }')).body.data).toEqual({ stock: { onHand: 3 } });
  });

  it('answers the effective price for a channel at an instant', async () => {
    const seller = await createTestSeller(server.orm);
    await run(seller, PUT_CHANNEL, { input: { code: 'ml', name: 'ML' } });
    await run(seller, UPSERT, { products: [{ sku: 'A', title: 'x' }] });
    await run(seller, `mutation { setPrices(input: { sku: "A", prices: [{ sale: "50.00", promo: "40.00", promoStart: "2026-05-01T00:00:00Z" }] }) { skuPrices { sku } } }`);
    const QUERY = `query ($at: DateTimeISO, $channel: String) { effectivePrice(sku: "A", channel: $channel, at: $at) { source price promoActive } }`;
    expect((await run(seller, QUERY, { at: '2026-04-30T23:59:59Z', channel: 'ml' })).body.data).toEqual({
      effectivePrice: { source: 'default', price: '50.00', promoActive: false },
    });
    expect((await run(seller, QUERY, { at: '2026-05-01T00:00:00Z' })).body.data).toEqual({ effectivePrice: { source: 'default', price: '40.00', promoActive: true } });
    const unknown = await run(seller, QUERY, { channel: 'nowhere' });
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  });

  it('resolves Product as a federation entity by sku, within the caller\'s catalogue only', async () => {
    const owner = await createTestSeller(server.orm);
    const other = await createTestSeller(server.orm);
    await run(owner, UPSERT, { products: [{ sku: 'FED', title: 'Federated' }] });
    const QUERY = `query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on Product { sku title } } }`;
    const representations = [{ __typename: 'Product', sku: 'FED' }, { __typename: 'Product', sku: 'NOPE' }];
    expect((await runAsGateway(owner, QUERY, { representations })).body.data).toEqual({ _entities: [{ sku: 'FED', title: 'Federated' }, null] });
    expect((await runAsGateway(other, QUERY, { representations })).body.data).toEqual({ _entities: [null, null] });
    const sdl = (await runAsGateway(owner, '{ _service { sdl } }')).body.data?._service.sdl as string;
    expect(sdl).toMatch(/type Product\s+@key\(fields: "sku"\)/);
  });

  it('resolves _entities products in one statement however many are asked for', async () => {
    const owner = await createTestSeller(server.orm);
    const skus = Array.from({ length: 30 }, (_, index) => `BATCH-${index}`);
    await run(owner, UPSERT, { products: skus.map((sku) => ({ sku, title: sku })) });
    const QUERY = `query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on Product { sku } } }`;
    const count = async (wanted: string[]) => {
      const representations = wanted.map((sku) => ({ __typename: 'Product', sku }));
      const { result, statements } = await recordStatements(server.orm, () => runAsGateway(owner, QUERY, { representations }));
      expect(result.body.data?._entities).toEqual(wanted.map((sku) => ({ sku })));
      return statements.filter((statement) => /from "product"/.test(statement)).length;
    };
    expect(await count(skus.slice(0, 2))).toBe(1);
    expect(await count(skus)).toBe(1);
  });

  it('needs catalog:write for mutations and catalog:read for queries', async () => {
    const reader = await createTestSeller(server.orm, { scopes: ['catalog:read'] });
    const denied = await run(reader, UPSERT, { products: [{ sku: 'A', title: 'x' }] });
    expect(denied.status).toBe(403);
    expect(denied.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const noRead = await createTestSeller(server.orm, { scopes: ['orders:read'] });
    expect((await run(noRead, '{ channels { code } }')).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await run(reader, '{ channels { code } }')).body.data).toEqual({ channels: [] });
  });
});
