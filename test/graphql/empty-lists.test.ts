import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSellableSku } from '../support/catalog.js';
import { createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { bearer, connectLive, subscribe } from '../support/live.js';

/**
 * An empty list is never read as "no filter" or "everything": a filter that names no
 * value, or a subscription to no event type, is a mistake and answers VALIDATION_FAILED.
 */
describe('empty lists in filters and subscriptions', () => {
  let server: TestApp;
  let seller: TestSeller;
  beforeAll(async () => {
    server = await startTestApp();
    seller = await createTestSeller(server.orm);
    await createSellableSku(server.orm, seller.id, { sku: 'EMPTY-1', onHand: 1 });
  });
  afterAll(() => server.close());

  it('refuses an empty publicationStatus or status filter instead of listing everything', async () => {
    for (const query of [
      '{ products(filter: { publicationStatus: [] }) { edges { node { sku } } } }',
      '{ orders(filter: { status: [] }) { edges { node { id } } } }',
    ]) {
      const { body } = await graphql(server.url, query, { headers: seller.headers });
      expect(body.errors?.[0]?.extensions?.code, query).toBe('VALIDATION_FAILED');
      expect(body.data ?? null, query).toBeNull();
    }
  });

  it('refuses a live events subscription to an empty list of types', async () => {
    const live = connectLive(server.url, bearer(seller.token));
    try {
      const subscription = subscribe(live.client, 'subscription { events(types: []) { id } }');
      await subscription.ended;
      expect(subscription.errors[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    } finally {
      await live.client.dispose();
    }
  });
});
