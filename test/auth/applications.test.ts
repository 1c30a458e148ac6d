import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../../src/auth/applications.js';
import { forkForSeller } from '../../src/db/orm.js';
import { OutboxEvent } from '../../src/events/outbox-event.entity.js';
import { createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';

const INSTALLED = '{ installedApplications { applicationId name } }';
const INSTALL = 'mutation ($applicationId: ID!) { installApplication(applicationId: $applicationId) { applicationId name } }';
const UNINSTALL = 'mutation ($applicationId: ID!) { uninstallApplication(applicationId: $applicationId) }';

describe('applications and installations', () => {
  let server: TestApp;
  let sellerA: TestSeller;
  let sellerB: TestSeller;
  let appId: string;

  beforeAll(async () => {
    server = await startTestApp();
    sellerA = await createTestSeller(server.orm, { name: 'A' });
    sellerB = await createTestSeller(server.orm, { name: 'B' });
    appId = (await createApplication(server.orm.em.fork(), 'Frete Facil')).application.id;
  });
  afterAll(() => server.close());

  const removedEvents = (sellerId: string) =>
    forkForSeller(server.orm, sellerId).find(OutboxEvent, { type: 'aplicativo.removido' });

  it('installs per seller and lists only the caller\'s installations', async () => {
    const installed = await graphql(server.url, INSTALL, { headers: sellerA.headers, variables: { applicationId: appId } });
    expect(installed.body.data).toEqual({ installApplication: { applicationId: appId, name: 'Frete Facil' } });
    // Installing twice changes nothing.
    await graphql(server.url, INSTALL, { headers: sellerA.headers, variables: { applicationId: appId } });

    expect((await graphql(server.url, INSTALLED, { headers: sellerA.headers })).body.data).toEqual({
      installedApplications: [{ applicationId: appId, name: 'Frete Facil' }],
    });
    expect((await graphql(server.url, INSTALLED, { headers: sellerB.headers })).body.data).toEqual({ installedApplications: [] });
  });

  it('uninstalling records aplicativo.removido once, for that seller only', async () => {
    const removed = await graphql(server.url, UNINSTALL, { headers: sellerA.headers, variables: { applicationId: appId } });
    expect(removed.body.data).toEqual({ uninstallApplication: true });
    const events = await removedEvents(sellerA.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ applicationId: appId, applicationName: 'Frete Facil', sellerId: sellerA.id });
    expect(await removedEvents(sellerB.id)).toEqual([]);

    const again = await graphql(server.url, UNINSTALL, { headers: sellerA.headers, variables: { applicationId: appId } });
    expect(again.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await removedEvents(sellerA.id)).toHaveLength(1);
    expect((await graphql(server.url, INSTALLED, { headers: sellerA.headers })).body.data).toEqual({ installedApplications: [] });
  });

  it('refuses an unknown app and a token without the webhooks scopes', async () => {
    const unknown = await graphql(server.url, INSTALL, {
      headers: sellerA.headers,
      variables: { applicationId: '01a20107-0000-7000-8000-000000000000' },
    });
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const ordersOnly = await createTestSeller(server.orm, { scopes: ['orders:read'] });
    const denied = await graphql(server.url, INSTALL, { headers: ordersOnly.headers, variables: { applicationId: appId } });
    expect(denied.status).toBe(403);
  });

  it('needs orders:read besides webhooks:write to install: an app receives tracking, settlement and support data', async () => {
    const webhooksOnly = await createTestSeller(server.orm, { scopes: ['webhooks:read', 'webhooks:write', 'catalog:read'] });
    const denied = await graphql(server.url, INSTALL, { headers: webhooksOnly.headers, variables: { applicationId: appId } });
    expect(denied.status).toBe(403);
    expect(denied.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'orders:read' });
    expect((await graphql(server.url, INSTALLED, { headers: webhooksOnly.headers })).body.data).toEqual({ installedApplications: [] });
  });
});
