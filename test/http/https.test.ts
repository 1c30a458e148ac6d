import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestCertificates, type TestCertificates } from '../support/test-ca.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';

/** TLS_CERT_FILE and TLS_KEY_FILE: the service itself speaks HTTPS (and wss) on its port. */
describe('serving HTTPS', () => {
  let certificates: TestCertificates;
  let server: TestApp;
  let agent: Agent;
  let base: string;

  beforeAll(async () => {
    certificates = createTestCertificates();
    const dir = dirname(certificates.caPath);
    writeFileSync(join(dir, 'served.pem'), certificates.cert);
    writeFileSync(join(dir, 'served.key'), certificates.key);
    server = await startTestApp({ env: { TLS_CERT_FILE: join(dir, 'served.pem'), TLS_KEY_FILE: join(dir, 'served.key') } });
    base = server.url.replace('http://', 'https://');
    agent = new Agent({ connect: { ca: readFileSync(certificates.caPath, 'utf8') } });
  });
  afterAll(async () => {
    await agent?.close();
    await server?.close();
    certificates?.remove();
  });

  it('answers over TLS with a certificate of the configured CA, and refuses plain HTTP on that port', async () => {
    const live = await request(`${base}/health/live`, { dispatcher: agent });
    expect(live.statusCode).toBe(200);
    // Browsers that reached it over HTTPS are told to come back only that way.
    expect(live.headers['strict-transport-security']).toBe('max-age=31536000');
    await live.body.dump();
    const unauthenticated = await request(`${base}/pedidos`, { dispatcher: agent });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['content-type']).toMatch(/^application\/problem\+json/);
    await unauthenticated.body.dump();

    // Plain HTTP to a TLS port gets no HTTP answer.
    await expect(fetch(`${server.url}/health/live`)).rejects.toThrow();
    // A client that does not trust the CA refuses the server's certificate.
    await expect(request(`${base}/health/live`)).rejects.toMatchObject({ code: expect.stringMatching(/CERT|SIGNATURE|SELF_SIGNED|UNABLE/) });
  });

  it('serves GraphQL subscriptions over wss on the same port', async () => {
    const socket = new WebSocket(`${base.replace('https://', 'wss://')}/graphql`, 'graphql-transport-ws', { ca: readFileSync(certificates.caPath, 'utf8') });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: 'Bearer ponte_sk_wrong' } }));
    // The TLS connection reached the live endpoint: it judged the token (4401/4403), not the transport.
    expect([4401, 4403]).toContain(await closed);
  });
});

describe('TLS settings', () => {
  it('need both files, readable', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: 'package.json' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE go together/);
    expect(() => loadConfig({ TLS_CERT_FILE: '/nonexistent/cert.pem', TLS_KEY_FILE: 'package.json' })).toThrow(/TLS_CERT_FILE must name a readable file/);
    expect(loadConfig({}).tlsCertFile).toBeUndefined();
  });
});
