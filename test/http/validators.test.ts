import { Ajv } from 'ajv';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';

/**
 * Ajv keeps every schema it compiles for the life of the process. Validators compiled per
 * request would cost CPU on each one and grow the heap without end: they are compiled
 * when the server is built, and requests only run them.
 */
describe('request validators', () => {
  let server: TestApp;
  let seller: TestSeller;

  beforeAll(async () => {
    server = await startTestApp();
    seller = await createTestSeller(server.orm);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => server.close());

  // Every kind of validated GraphQL input: list arguments (whose schemas depend on the
  // configured page size), mutation inputs and plain arguments. Each one's answer is
  // checked, so a request that skipped validation would show.
  const operations: { query: string; variables?: Record<string, unknown>; code?: string }[] = [
    { query: '{ orders(first: 5, filter: { status: [aprovado] }) { edges { cursor } } }' },
    { query: '{ orders(first: 500) { edges { cursor } } }', code: 'VALIDATION_FAILED' },
    { query: '{ products(first: 3, filter: { availability: in_stock }) { edges { cursor } } }' },
    { query: '{ webhookSubscriptions(first: 2) { edges { cursor } } }' },
    { query: '{ webhookDeliveries(first: 2, filter: { status: failed }) { edges { cursor } } }' },
    { query: '{ supportCases(first: 2) { edges { cursor } } }' },
    { query: '{ settlementCycles(first: 2) { edges { cursor } } }' },
    { query: '{ prices(sku: "") { sku } }', code: 'VALIDATION_FAILED' },
    { query: '{ effectivePrice(sku: "A1", at: "yesterday") { sale } }', code: 'GRAPHQL_VALIDATION_FAILED' },
    {
      query: 'mutation ($input: PutChannelInput!) { putChannel(input: $input) { created } }',
      variables: { input: { code: 'loja', name: 'Loja', sharePercent: 250 } },
      code: 'VALIDATION_FAILED',
    },
    {
      query: 'mutation ($input: CreateWebhookSubscriptionInput!) { createWebhookSubscription(input: $input) { secret } }',
      variables: { input: { url: 'not a url', events: [] } },
      code: 'VALIDATION_FAILED',
    },
  ];

  async function runAll(): Promise<void> {
    for (const operation of operations) {
      const { body } = await graphql(server.url, operation.query, { headers: seller.headers, variables: operation.variables });
      expect(body.errors?.[0]?.extensions?.code, operation.query).toBe(operation.code);
    }
    const rest = await fetch(`${server.url}/pedidos?limit=201`, { headers: seller.headers });
    expect(rest.status).toBe(422);
  }

  it('compiles no schema while serving requests', async () => {
    await runAll();
    const compile = vi.spyOn(Ajv.prototype, 'compile');
    for (let round = 0; round < 20; round++) await runAll();
    expect(compile).not.toHaveBeenCalled();
  });
});
