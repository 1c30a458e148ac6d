import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSeller, startTestApp, type TestApp } from '../support/app.js';
import { createTestApplication, type TestApplication } from '../platforms/fixtures.js';

interface Credential {
  id: string;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
  credential?: string;
}

const as = (credential: string) => ({ authorization: `Bearer ${credential}` });

/** An application's credentials belong to the app: it lists, rotates and revokes its own. */
describe('application credentials', () => {
  let server: TestApp;
  let app: TestApplication;
  let other: TestApplication;
  beforeAll(async () => {
    server = await startTestApp();
    app = await createTestApplication(server.orm, { name: 'Frete Facil' });
    other = await createTestApplication(server.orm, { name: 'Outro' });
  });
  afterAll(() => server.close());

  const list = async (credential: string) => {
    const response = await fetch(`${server.url}/aplicativo/credenciais`, { headers: as(credential) });
    return { status: response.status, body: (await response.json()) as { data: Credential[] } };
  };
  const registrations = (credential: string) => fetch(`${server.url}/logistica/api/v1/webhook`, { headers: as(credential) });

  it('rotates without downtime: a new credential works beside the old until the old is revoked', async () => {
    const issued = await fetch(`${server.url}/aplicativo/credenciais`, { method: 'POST', headers: as(app.credential) });
    expect(issued.status).toBe(201);
    const fresh = (await issued.json()) as Credential;
    expect(fresh.credential).toMatch(/^ponte_app_[A-Za-z0-9_-]{43}$/);
    expect(fresh.prefix).toBe(fresh.credential!.slice(0, 'ponte_app_'.length + 6));

    expect((await registrations(app.credential)).status).toBe(200);
    expect((await registrations(fresh.credential!)).status).toBe(200);
    const both = await list(fresh.credential!);
    expect(both.body.data).toHaveLength(2);
    expect(JSON.stringify(both.body)).not.toContain(app.credential);

    const old = both.body.data.find((credential) => credential.id !== fresh.id)!;
    const revoked = await fetch(`${server.url}/aplicativo/credenciais/${old.id}`, { method: 'DELETE', headers: as(fresh.credential!) });
    expect(revoked.status).toBe(204);
    expect((await registrations(app.credential)).status).toBe(401);
    expect((await registrations(fresh.credential!)).status).toBe(200);
    expect((await list(fresh.credential!)).body.data.find((credential) => credential.id === old.id)?.revokedAt).toMatch(/Z$/);
    app.credential = fresh.credential!;
  });

  it('keeps applications apart: another app\'s credential is 404, and tokens are not credentials', async () => {
    const theirs = (await list(other.credential)).body.data[0]!;
    const refused = await fetch(`${server.url}/aplicativo/credenciais/${theirs.id}`, { method: 'DELETE', headers: as(app.credential) });
    expect(refused.status).toBe(404);
    expect((await registrations(other.credential)).status).toBe(200);

    const seller = await createTestSeller(server.orm);
    expect((await list(seller.token)).status).toBe(401);
    expect((await fetch(`${server.url}/aplicativo/credenciais`)).status).toBe(401);
  });
});
