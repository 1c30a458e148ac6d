import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestApplication, type TestApplication } from './fixtures.js';

/** A request with its own Host header, as DNS or a Host-keeping proxy would bring it to this server. */
function requestOnHost(server: TestApp, host: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const { port } = new URL(server.url);
  return new Promise<{ status: number; headers: Record<string, unknown>; body: any }>((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path, headers: { ...headers, host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode!, headers: response.headers, body: text ? JSON.parse(text) : undefined });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * LOGISTICS_URL, PAYMENTS_URL, SUPPORT_URL: a request whose Host is a product's host gets
 * that product's paths at the host's root (below the URL's path, when it has one).
 */
describe('product hosts', () => {
  let server: TestApp;
  let app: TestApplication;

  beforeAll(async () => {
    server = await startTestApp({
      env: { LOGISTICS_URL: 'https://logistica.example.test', PAYMENTS_URL: 'http://gateway.example.test:8080/pagamentos-v1' },
    });
    app = await createTestApplication(server.orm);
  });
  afterAll(() => server.close());

  it('serves {LOGISTICS_URL}/api/v1/webhook/novo at the logistics host\'s root, with links on that host', async () => {
    const created = await requestOnHost(server, 'logistica.example.test', 'POST', '/api/v1/webhook/novo', app.headers, {
      url: 'https://example.com/rastreio',
      events: ['rastreio.atualizado'],
    });
    expect(created).toMatchObject({ status: 201, body: { product: 'logistics', url: 'https://example.com/rastreio' } });
    expect(created.headers.location).toBe(`https://logistica.example.test/api/v1/webhook/${created.body.id}`);
    // Host names are case-insensitive, and a client may write the default port.
    for (const host of ['LOGISTICA.example.test', 'logistica.example.test:443']) {
      const listed = await requestOnHost(server, host, 'GET', '/api/v1/webhook', app.headers);
      expect(listed.body.data.map((registration: { id: string }) => registration.id)).toEqual([created.body.id]);
    }
    // The same registration under the mount path on the main host.
    const mounted = await fetch(`${server.url}/logistica/api/v1/webhook`, { headers: app.headers });
    expect(((await mounted.json()) as any).data).toHaveLength(1);
  });

  it('a base URL with a path and a port: the product answers below that path on that host and port only', async () => {
    const listed = await requestOnHost(server, 'gateway.example.test:8080', 'GET', '/pagamentos-v1/api/v1/webhook/entregas', app.headers);
    expect(listed).toMatchObject({ status: 200, body: { data: [], nextCursor: null } });
    expect((await requestOnHost(server, 'gateway.example.test', 'GET', '/pagamentos-v1/api/v1/webhook', app.headers)).status).toBe(404);
    expect((await requestOnHost(server, 'gateway.example.test:8080', 'GET', '/api/v1/webhook', app.headers)).status).toBe(404);
  });

  it('other hosts and other paths are not rewritten', async () => {
    // The main host has no product at its root.
    expect((await requestOnHost(server, `127.0.0.1:${new URL(server.url).port}`, 'GET', '/api/v1/webhook', app.headers)).status).toBe(404);
    // A product host still serves the rest of the API unchanged (health here), and another product's paths stay under their mount.
    expect((await requestOnHost(server, 'logistica.example.test', 'GET', '/health/live', {})).status).toBe(200);
    const support = await requestOnHost(server, 'logistica.example.test', 'GET', '/atendimento/api/v1/webhook', app.headers);
    expect(support).toMatchObject({ status: 200, body: { data: [] } });
  });
});
