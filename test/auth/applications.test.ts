import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../../src/auth/application.service.js';
import { forkForSeller } from '../../src/db/orm.js';
import { OutboxEvent } from '../../src/events/outbox-event.entity.js';
import { createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';

const INSTALLED = '{ installedApplications { applicationId name } }';
const INSTALL = 'mutation ($applicationId: ID!) { installApplication(input: { applicationId: $applicationId }) { installedApplication { applicationId name } } }';
const UNINSTALL = 'mutation ($applicationId: ID!) { uninstallApplication(input: { applicationId: $applicationId }) { applicationId } }';

describe('applications and installations', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  /** Two sellers and an application nobody installed yet: each test starts from there. */
  const fresh = async () => ({
    sellerA: await createTestSeller(server.orm, { name: 'A' }),
    sellerB: await createTestSeller(server.orm, { name: 'B' }),
    appId: (await createApplication(server.orm.em.fork(), 'Frete Facil')).application.id,
  });
  const install = (seller: TestSeller, applicationId: string) => graphql(server.url, INSTALL, { headers: seller.headers, variables: { applicationId } });
  const installed = async (seller: TestSeller) => (await graphql(server.url, INSTALLED, { headers: seller.headers })).body.data;
  const removedEvents = (sellerId: string) => forkForSeller(server.orm, sellerId).find(OutboxEvent, { type: 'aplicativo.removido' });

  it('installs per seller, once however often asked, and lists only the caller\'s installations', async () => {
    const { sellerA, sellerB, appId } = await fresh();
    const first = await install(sellerA, appId);
    expect([first.body.errors, first.body.data]).toEqual([undefined, { installApplication: { installedApplication: { applicationId: appId, name: 'Frete Facil' } } }]);
    // Installing twice answers the same and changes nothing.
    const second = await install(sellerA, appId);
    expect([second.status, second.body.errors, second.body.data]).toEqual([200, undefined, first.body.data]);

    expect(await installed(sellerA)).toEqual({ installedApplications: [{ applicationId: appId, name: 'Frete Facil' }] });
    expect(await installed(sellerB)).toEqual({ installedApplications: [] });
  });

  it('lists the store\'s applications by name, saying which the caller installed, so a seller installs by name', async () => {
    const { sellerA, sellerB, appId } = await fresh();
    const other = (await createApplication(server.orm.em.fork(), 'Atende Já')).application.id;
    expect((await install(sellerA, appId)).body.errors).toBeUndefined();
    const available = async (seller: TestSeller) => {
      const reply = await graphql<{ applications: { id: string; name: string; installed: boolean }[] }>(server.url, '{ applications { id name installed } }', { headers: seller.headers });
      return reply.body.data!.applications.filter((application) => [appId, other].includes(application.id));
    };
    expect(await available(sellerA)).toEqual([
      { id: other, name: 'Atende Já', installed: false },
      { id: appId, name: 'Frete Facil', installed: true },
    ]);
    expect((await available(sellerB)).map((application) => application.installed)).toEqual([false, false]);
    const reader = await graphql(server.url, '{ applications { id } }', { headers: (await createTestSeller(server.orm, { scopes: ['orders:read'] })).headers });
    expect(reader.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('uninstalling records aplicativo.removido once, for that seller only', async () => {
    const { sellerA, sellerB, appId } = await fresh();
    expect((await install(sellerA, appId)).body.errors).toBeUndefined();
    expect((await install(sellerB, appId)).body.errors).toBeUndefined();
    const removed = await graphql(server.url, UNINSTALL, { headers: sellerA.headers, variables: { applicationId: appId } });
    expect(removed.body.data).toEqual({ uninstallApplication: { applicationId: appId } });
    const events = await removedEvents(sellerA.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ idAplicativo: appId, nomeAplicativo: 'Frete Facil', idLoja: sellerA.id });
    expect(await removedEvents(sellerB.id)).toEqual([]);
    expect(await installed(sellerB)).toEqual({ installedApplications: [{ applicationId: appId, name: 'Frete Facil' }] });

    const again = await graphql(server.url, UNINSTALL, { headers: sellerA.headers, variables: { applicationId: appId } });
    expect(again.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await removedEvents(sellerA.id)).toHaveLength(1);
    expect(await installed(sellerA)).toEqual({ installedApplications: [] });
  });

  it('refuses an unknown app and a token without the webhooks scopes', async () => {
    const { sellerA, appId } = await fresh();
    const unknown = await install(sellerA, '01a20107-0000-7000-8000-000000000000');
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const ordersOnly = await createTestSeller(server.orm, { scopes: ['orders:read'] });
    const denied = await install(ordersOnly, appId);
    expect(denied.status).toBe(403);
    expect(denied.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await installed(sellerA)).toEqual({ installedApplications: [] });
  });

  it('needs orders:read besides webhooks:write to install: an app receives tracking, settlement and support data', async () => {
    const { appId } = await fresh();
    const webhooksOnly = await createTestSeller(server.orm, { scopes: ['webhooks:read', 'webhooks:write', 'catalog:read'] });
    const denied = await graphql(server.url, INSTALL, { headers: webhooksOnly.headers, variables: { applicationId: appId } });
    expect(denied.status).toBe(403);
    expect(denied.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'orders:read' });
    expect((await graphql(server.url, INSTALLED, { headers: webhooksOnly.headers })).body.data).toEqual({ installedApplications: [] });
  });
});
