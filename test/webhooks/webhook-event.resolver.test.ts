import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interfaceEventNames } from '../../src/events/event-registry.js';
import { enumName } from '../../src/graphql/enums.js';
import { createTestSeller, createTestToken, graphql, startTestApp, type TestApp } from '../support/app.js';

const QUERY = '{ webhookEvents { type readScope } }';

/** Clients (the console) read the interface's events from here instead of keeping a copy. */
describe('Query.webhookEvents', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('lists the webhooks interface\'s events in order, each with the scope its module declared, and no per-product event', async () => {
    const seller = await createTestSeller(server.orm);
    // A token without any read scope still reads the list: it names events, not their data.
    const bare = await createTestToken(server.orm, seller.id, ['webhooks:read']);
    const { body } = await graphql<{ webhookEvents: { type: string; readScope: string }[] }>(server.url, QUERY, { headers: bare.headers });
    expect(body.errors).toBeUndefined();
    expect(body.data!.webhookEvents.map((event) => event.type)).toEqual(interfaceEventNames().map(enumName));
    expect(body.data!.webhookEvents).toContainEqual({ type: 'pedido_criado', readScope: 'orders_read' });
    expect(body.data!.webhookEvents).toContainEqual({ type: 'estoque_alterado', readScope: 'catalog_read' });
    expect(body.data!.webhookEvents.map((event) => event.type)).not.toContain('rastreio_atualizado');
  });

  it('answers UNAUTHENTICATED without a token', async () => {
    const { body } = await graphql(server.url, QUERY);
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
