import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fanOutBatch } from '../../src/webhooks/fanout.js';
import { createTestSeller, graphql, startTestApp, type TestApp } from '../support/app.js';
import { emit, subscribe } from './fixtures.js';

const BACKLOGS = '{ webhookSubscriptions(first: 10) { edges { node { id backlog { owed inFlight oldestOwedAt } } } } }';

/** `WebhookSubscription.backlog`: what the console's webhook health shows of a slow endpoint. */
describe('webhook subscription backlog', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('counts what each subscription is owed and has in flight, and since when, for its own seller only', async () => {
    const seller = await createTestSeller(server.orm);
    const other = await createTestSeller(server.orm);
    const owing = await subscribe(server, seller, { url: 'http://127.0.0.1:9/owing' });
    const quiet = await subscribe(server, seller, { url: 'http://127.0.0.1:9/quiet', events: ['produto.preco_alterado'] });
    const others = await subscribe(server, other, { url: 'http://127.0.0.1:9/others' });
    await emit(server.orm, seller.id, [{ aggregateId: 'o-1' }, { aggregateId: 'o-2' }, { aggregateId: 'o-3' }]);
    await emit(server.orm, other.id, [{ aggregateId: 'x-1' }]);
    while ((await fanOutBatch(server.orm)) > 0);
    // One of them in flight: a live lease, as a dispatcher holds while it sends.
    await server.orm.em.fork().execute(
      `update webhook_delivery set lease_token = gen_random_uuid(), lease_expires_at = now() + interval '1 minute'
        where id = (select id from webhook_delivery where subscription_id = ? order by id limit 1)`,
      [owing.id],
    );
    const [oldest] = await server.orm.em.fork().execute<{ created_at: Date }[]>(`select min(created_at) as created_at from webhook_delivery where subscription_id = ?`, [owing.id]);

    const reply = await graphql<{ webhookSubscriptions: { edges: { node: { id: string; backlog: unknown } }[] } }>(server.url, BACKLOGS, { headers: seller.headers });
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data!.webhookSubscriptions.edges.map(({ node }) => node)).toEqual([
      { id: owing.id, backlog: { owed: 3, inFlight: 1, oldestOwedAt: new Date(oldest!.created_at).toISOString() } },
      { id: quiet.id, backlog: { owed: 0, inFlight: 0, oldestOwedAt: null } },
    ]);
    const theirs = await graphql<{ webhookSubscriptions: { edges: { node: { id: string; backlog: unknown } }[] } }>(server.url, BACKLOGS, { headers: other.headers });
    expect(theirs.body.data!.webhookSubscriptions.edges.map(({ node }) => node)).toEqual([{ id: others.id, backlog: { owed: 1, inFlight: 0, oldestOwedAt: expect.any(String) } }]);
  });
});
