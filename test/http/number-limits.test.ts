import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSellableSku, productInput } from '../support/catalog.js';
import { call, createTestSeller, graphql, startTestApp, type TestApp } from '../support/app.js';

type Schema = Record<string, unknown>;

/**
 * Every member a client sends in any operation of the served document, references
 * followed (each once per operation), with where it is.
 */
function requestMembers(document: { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, Schema> } }) {
  const members: { path: string; schema: Schema }[] = [];
  for (const [route, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const seen = new Set<string>();
      const walk = (schema: unknown, path: string): void => {
        if (!schema || typeof schema !== 'object') return;
        const ref = (schema as Schema).$ref;
        if (typeof ref === 'string') {
          const name = ref.split('/').pop()!;
          if (!seen.has(name)) seen.add(name), walk(document.components.schemas[name], path);
          return;
        }
        if ('type' in (schema as Schema)) members.push({ path, schema: schema as Schema });
        for (const [key, child] of Object.entries(schema)) walk(child, `${path}/${key}`);
      };
      walk(operation.requestBody, `${method.toUpperCase()} ${route} body`);
      for (const parameter of operation.parameters ?? []) walk(parameter.schema, `${method.toUpperCase()} ${route} ${parameter.in} ${parameter.name}`);
    }
  }
  return members;
}

/** A pattern that lets a run of digits grow without bound (`\d+`, `\d*`, `\d{3,}`). */
const UNBOUNDED_DIGITS = /\\d(\+|\*|\{\d+,\})/;

describe('every number a client sends has a maximum', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('in the served schemas: numbers have a maximum, digit strings a bounded length', async () => {
    const members = requestMembers((await (await fetch(`${server.url}/openapi.json`)).json()) as any);
    expect(members.length).toBeGreaterThan(200);
    const unbounded = members.filter(({ schema }) => {
      if (schema.type === 'integer' || schema.type === 'number') return schema.maximum === undefined && schema.exclusiveMaximum === undefined && !schema.enum;
      return schema.type === 'string' && typeof schema.pattern === 'string' && UNBOUNDED_DIGITS.test(schema.pattern) && schema.maxLength === undefined;
    });
    expect(unbounded.map(({ path, schema }) => `${path} ${JSON.stringify(schema)}`)).toEqual([]);
  });

  it('refuses a catalogue price of 13 digits, as an order refuses one, over REST and GraphQL, and a GTIN of 15', async () => {
    const seller = await createTestSeller(server.orm);
    await createSellableSku(server.orm, seller.id, { sku: 'PRICED' });
    const huge = `${'9'.repeat(13)}.00`;
    for (const prices of [[{ channel: null, sale: huge }], [{ channel: null, sale: '10.00', promo: '1'.repeat(100_000) }]]) {
      const rest = await call(server, seller, 'PATCH', '/produtos/PRICED/preco', { prices });
      expect(rest.status).toBe(422);
      const graph = await graphql(server.url, 'mutation ($input: SetPricesInput!) { setPrices(input: $input) { skuPrices { sku } } }', {
        headers: seller.headers,
        variables: { input: { sku: 'PRICED', prices } },
      });
      expect(graph.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    }
    const largest = await call(server, seller, 'PATCH', '/produtos/PRICED/preco', { prices: [{ channel: null, sale: `${'9'.repeat(12)}.99` }] });
    expect(largest.status, JSON.stringify(largest.body)).toBe(200);
    const gtin = await call(server, seller, 'PUT', '/produtos', { products: [productInput('GTIN-SKU', { gtin: `${'0'.repeat(14)}1` })] });
    expect(gtin.status).toBe(422);
  });
});
