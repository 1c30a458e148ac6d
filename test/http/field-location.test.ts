import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertProducts } from '../../src/catalog/product.service.js';
import { forkForSeller } from '../../src/db/orm.js';
import { locateFieldErrors } from '../../src/http/field-location.js';
import { createSellableSku, productInput } from '../support/catalog.js';
import { call, createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';

describe('locateFieldErrors: the route says where a service\'s field came from', () => {
  const schema = {
    params: Type.Object({ sku: Type.String() }),
    querystring: Type.Object({ channel: Type.Optional(Type.String()) }),
    headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
    body: Type.Object({ delta: Type.Integer() }),
  };

  it('reads path, query and header fields from the route\'s schema, naming a header as it travels; the rest is the body', () => {
    const errors = [
      { path: '/sku', message: 'a' },
      { path: '/channel', message: 'b' },
      { path: '/idempotencyKey', message: 'c' },
      { path: '/delta', message: 'd' },
      { path: '/', message: 'e' },
      { path: '/prices/0/channel', message: 'f' },
    ];
    expect(locateFieldErrors(errors, schema)).toEqual([
      { path: '/sku', in: 'path', message: 'a' },
      { path: '/channel', in: 'query', message: 'b' },
      { path: '/idempotency-key', in: 'header', message: 'c' },
      { path: '/delta', in: 'body', message: 'd' },
      { path: '/', in: 'body', message: 'e' },
      { path: '/prices/0/channel', in: 'body', message: 'f' },
    ]);
  });

  it('keeps errors already located, and calls everything the body on a route without a schema', () => {
    expect(locateFieldErrors([{ path: '/sku', in: 'query', message: 'x' } as never], schema)).toEqual([{ path: '/sku', in: 'query', message: 'x' }]);
    expect(locateFieldErrors([{ path: '/sku', message: 'x' }], undefined)).toEqual([{ path: '/sku', in: 'body', message: 'x' }]);
  });
});

/**
 * A rule lives in its service and reports the field in the service's terms; each
 * interface then names the field its own way: REST with `in`, GraphQL by its argument.
 */
describe('one rule, two interfaces', () => {
  let server: TestApp;
  let seller: TestSeller;
  beforeAll(async () => {
    server = await startTestApp();
    seller = await createTestSeller(server.orm);
    await createSellableSku(server.orm, seller.id, { sku: 'PLAIN', onHand: 3 });
    await upsertProducts(forkForSeller(server.orm, seller.id), seller.id, [productInput('SHIRT', { variations: [{ sku: 'SHIRT-P' }] })]);
  });
  afterAll(() => server.close());

  const errorsOf = (reply: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) => reply.body.errors?.[0]?.extensions;

  it('a stock delta needs an idempotency key: the Idempotency-Key header over REST, the idempotencyKey argument over GraphQL', async () => {
    const rest = await call(server, seller, 'PATCH', '/estoque/PLAIN', { delta: 1 });
    expect(rest.status).toBe(422);
    expect(rest.body.errors).toEqual([{ path: '/idempotency-key', in: 'header', message: 'is required with delta' }]);
    const viaGraphQL = await graphql(server.url, 'mutation { updateStock(input: { sku: "PLAIN", delta: 1 }) { stock { onHand } } }', { headers: seller.headers });
    expect(errorsOf(viaGraphQL)).toEqual({ code: 'VALIDATION_FAILED', errors: [{ path: '/idempotencyKey', message: 'is required with delta' }] });
    const stock = await call(server, seller, 'GET', '/estoque/PLAIN');
    expect(stock.body.onHand).toBe(3);
  });

  it('a SKU with variations has no stock of its own: a path parameter over REST, an argument over GraphQL', async () => {
    const rest = await call(server, seller, 'PATCH', '/estoque/SHIRT', { onHand: 1 });
    expect(rest.body.errors).toEqual([{ path: '/sku', in: 'path', message: 'has variations: stock belongs to its variations\' SKUs' }]);
    const viaGraphQL = await graphql(server.url, 'mutation { updateStock(input: { sku: "SHIRT", onHand: 1 }) { stock { onHand } } }', { headers: seller.headers });
    expect(errorsOf(viaGraphQL)).toEqual({ code: 'VALIDATION_FAILED', errors: [{ path: '/sku', message: 'has variations: stock belongs to its variations\' SKUs' }] });
  });

  it('an effective price on an unknown channel: a query parameter over REST', async () => {
    const rest = await call(server, seller, 'GET', '/produtos/PLAIN/preco?channel=nowhere');
    expect(rest.body.errors).toEqual([{ path: '/channel', in: 'query', message: expect.stringContaining('is not a channel of this seller') }]);
    const viaGraphQL = await graphql(server.url, '{ effectivePrice(sku: "PLAIN", channel: "nowhere") { sale } }', { headers: seller.headers });
    expect(errorsOf(viaGraphQL)).toEqual({ code: 'VALIDATION_FAILED', errors: [{ path: '/channel', message: expect.stringContaining('is not a channel of this seller') }] });
  });

  it('a cursor the list never returned: a query parameter over REST, without a REST location over GraphQL', async () => {
    const rest = await call(server, seller, 'GET', '/produtos?cursor=bm9wZQ');
    expect(rest.body.errors).toEqual([{ path: '/cursor', in: 'query', message: 'is not a cursor this list returned' }]);
    const viaGraphQL = await graphql(server.url, '{ products(after: "bm9wZQ") { edges { cursor } } }', { headers: seller.headers });
    expect(errorsOf(viaGraphQL)).toEqual({ code: 'VALIDATION_FAILED', errors: [{ path: '/cursor', message: 'is not a cursor this list returned' }] });
  });
});
