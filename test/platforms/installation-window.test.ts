import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installApplication, uninstallApplication } from '../../src/auth/application.service.js';
import { fanOutBatch } from '../../src/webhooks/fanout.js';
import { createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { emit } from '../webhooks/fixtures.js';
import { createTestApplication, type TestApplication } from './fixtures.js';

/**
 * Fan-out runs after commit, maybe after the seller uninstalled the app: whether an app
 * hears an event depends on its installation when the event happened, not when it is
 * fanned out. No dispatcher runs here; the test fans out by hand at chosen moments.
 */
describe('per-product audience follows the installation at the time of the event', () => {
  let server: TestApp;
  let seller: TestSeller;
  let app: TestApplication;

  beforeAll(async () => {
    server = await startTestApp();
    seller = await createTestSeller(server.orm);
    app = await createTestApplication(server.orm, { installedBy: [seller] });
    const response = await fetch(`${server.url}/pagamentos/api/v1/webhook/novo`, {
      method: 'POST',
      headers: app.headers,
      body: JSON.stringify({ url: 'http://127.0.0.1:9/hook', events: ['ciclo.criado', 'aplicativo.removido'] }),
    });
    expect(response.status).toBe(201);
  });
  afterAll(() => server.close());

  const deliveredTypes = async () =>
    (
      await server.orm.em.fork().execute<{ event_type: string }[]>(
        `select d.event_type from webhook_delivery d join webhook_subscription s on s.id = d.subscription_id
          where d.seller_id = ? and s.kind = 'payments' order by d.created_at, d.id`,
        [seller.id],
      )
    ).map((row) => row.event_type);
  const drain = async () => {
    while ((await fanOutBatch(server.orm)) > 0);
  };

  it('delivers an event recorded before an uninstall that was fanned out after it, and nothing of the uninstalled gap', async () => {
    await emit(server.orm, seller.id, [{ type: 'ciclo.criado', aggregateType: 'settlement_cycle', aggregateId: 'before-uninstall' }]);
    await uninstallApplication(server.orm.em.fork(), { applicationId: app.id, sellerId: seller.id });
    await emit(server.orm, seller.id, [{ type: 'ciclo.criado', aggregateType: 'settlement_cycle', aggregateId: 'while-uninstalled' }]);
    await installApplication(server.orm.em.fork(), { applicationId: app.id, sellerId: seller.id });
    await emit(server.orm, seller.id, [{ type: 'ciclo.criado', aggregateType: 'settlement_cycle', aggregateId: 'after-reinstall' }]);
    await drain();

    const aggregates = await server.orm.em.fork().execute<{ aggregate_id: string }[]>(
      `select d.aggregate_id from webhook_delivery d join webhook_subscription s on s.id = d.subscription_id
        where d.seller_id = ? and s.kind = 'payments' and d.event_type = 'ciclo.criado' order by d.sequence, d.aggregate_id`,
      [seller.id],
    );
    expect(aggregates.map((row) => row.aggregate_id).sort()).toEqual(['after-reinstall', 'before-uninstall']);
    expect(await deliveredTypes()).toContain('aplicativo.removido');
  });
});
