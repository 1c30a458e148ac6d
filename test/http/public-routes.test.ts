import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { metric } from '../support/live.js';

const randomToken = () => `ponte_sk_${randomBytes(32).toString('base64url')}`;

/** Routes anyone may call, without budget: they take no credential either. */
const PUBLIC_PATHS = ['/health/live', '/health/ready', '/openapi.json', '/openapi/orders.json', '/problems', '/problems/not-found', '/console'];

describe('public routes', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('never look a credential up: made-up tokens on them cost no query, and spend no budget', async () => {
    const lookups = () => metric(server.url, 'ponte_auth_lookups_total');
    const before = await lookups();
    for (const path of PUBLIC_PATHS) {
      for (let i = 0; i < 10; i++) {
        const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${randomToken()}` } });
        expect(response.status, path).toBeLessThan(500);
        expect(response.status, path).not.toBe(429);
        await response.arrayBuffer();
      }
    }
    expect(await lookups()).toBe(before);
  });

  it('serve the error pages with a Content-Security-Policy and nosniff', async () => {
    for (const path of ['/problems', '/problems/rate-limited']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toMatch(/default-src 'none'/);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      // Served over plain HTTP (a proxy terminates TLS): HSTS is the proxy's to send.
      expect(response.headers.get('strict-transport-security')).toBeNull();
      await response.text();
    }
  });
});
