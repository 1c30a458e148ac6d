import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';

/**
 * The GraphQL-over-HTTP conformance audits of graphql-http, every one of them, against the
 * real server. They run as a client with a token: every real client sends one, and a
 * request without it is refused as a possible CSRF when nothing else forces a preflight.
 */
describe('GraphQL over HTTP (graphql-http audits)', () => {
  let server: TestApp;
  let seller: TestSeller;
  beforeAll(async () => {
    server = await startTestApp();
    seller = await createTestSeller(server.orm);
  });
  afterAll(() => server.close());

  const withToken = (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', seller.headers.authorization!);
    return fetch(input, { ...init, headers });
  };

  for (const audit of serverAudits({ url: () => `${server.url}/graphql`, fetchFn: withToken })) {
    it(audit.name, async () => {
      const result = await audit.fn();
      expect(result.status === 'ok' ? 'ok' : `${result.status}: ${result.reason}`).toBe('ok');
    });
  }

  it('refuses a GET query without a token or a preflight header as a possible CSRF, and runs it with a token', async () => {
    const url = `${server.url}/graphql?query=${encodeURIComponent('{ viewer { tokenId } }')}`;
    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(400);
    expect(await anonymous.text()).toMatch(/Cross-Site Request Forgery/);
    const withAuthorization = await fetch(url, { headers: { authorization: seller.headers.authorization! } });
    expect(withAuthorization.status).toBe(200);
    expect(await withAuthorization.json()).toMatchObject({ data: { viewer: { tokenId: expect.any(String) } } });
  });

  it('refuses a batch of operations, so one request is one priced operation', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: seller.headers,
      body: JSON.stringify([{ query: '{ viewer { tokenId } }' }, { query: '{ viewer { tokenId } }' }]),
    });
    expect(response.status).toBe(400);
  });

  it('answers request errors with 400 unless the client asks for application/json only', async () => {
    const invalid = (accept?: string) =>
      fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { ...seller.headers, ...(accept ? { accept } : {}) },
        body: JSON.stringify({ query: '{ viewer { nope } }' }),
      }).then((response) => response.status);
    expect(await invalid()).toBe(400);
    expect(await invalid('*/*')).toBe(400);
    expect(await invalid('application/graphql-response+json, application/json;q=0.9')).toBe(400);
    expect(await invalid('application/json')).toBe(200);
  });
});
