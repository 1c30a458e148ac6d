import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { startTestApp, type TestApp } from '../support/app.js';

const PROBLEM = 'application/problem+json';

describe('problem+json errors', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp({
      beforeListen: (app) => {
        app.post(
          '/test/echo',
          {
            schema: {
              hide: true,
              body: Type.Object({
                sku: Type.String({ maxLength: 60, pattern: '^\\S+$' }),
                items: Type.Array(Type.Object({ quantity: Type.Integer({ minimum: 1 }) })),
              }),
              querystring: Type.Object({ limit: Type.Optional(Type.Integer({ maximum: 200 })) }),
            },
          },
          async (request) => ({ received: request.body, limit: request.query.limit ?? null }),
        );
        app.get('/test/crash', { schema: { hide: true } }, async () => {
          throw new Error('select * from secret_table -- internal detail');
        });
        app.get('/test/conflict', { schema: { hide: true } }, async () => {
          throw new AppError('INVALID_TRANSITION', 'pendente cannot move to enviado', { allowed: ['aprovado', 'cancelado'] });
        });
      },
    });
  });
  afterAll(() => server.close());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const response = await post('/test/echo', '{"sku": ');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain(PROBLEM);
    expect(await response.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST', title: 'Bad request' });
  });

  it('answers an unknown route with 404 NOT_FOUND', async () => {
    const response = await fetch(`${server.url}/pedidos-que-nao-existem`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain(PROBLEM);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND', type: expect.stringContaining('not-found') });
  });

  it('answers a body over 1 MiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await post('/graphql', JSON.stringify({ query: `{ viewer { tokenId } } #${'x'.repeat(1024 * 1024)}` }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers invalid fields with 422 and every path', async () => {
    const response = await post('/test/echo?limit=500', JSON.stringify({ sku: 'A1', items: [{ quantity: 1 }] }));
    expect(response.status).toBe(422);
    const problem = (await response.json()) as { code: string; errors: { path: string; in: string }[] };
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors.map((error) => `${error.in}:${error.path}`).sort()).toEqual(['query:/limit']);

    const bodyErrors = await post('/test/echo', JSON.stringify({ sku: 'has space', items: [{ quantity: 0 }, {}] }));
    const paths = ((await bodyErrors.json()) as { errors: { path: string }[] }).errors.map((error) => error.path).sort();
    expect(paths).toEqual(['/items/0/quantity', '/items/1/quantity', '/sku']);
  });

  it('does not coerce body types but does coerce query strings', async () => {
    const wrongType = await post('/test/echo', JSON.stringify({ sku: 'A1', items: [{ quantity: '2' }] }));
    expect(wrongType.status).toBe(422);
    const ok = await post('/test/echo?limit=5', JSON.stringify({ sku: 'A1', items: [{ quantity: 2 }] }));
    expect(await ok.json()).toEqual({ received: { sku: 'A1', items: [{ quantity: 2 }] }, limit: 5 });
  });

  it('answers a body that is not JSON with 415 UNSUPPORTED_MEDIA_TYPE, whatever the route', async () => {
    const body = JSON.stringify({ sku: 'A1', items: [] });
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await post('/test/echo', body, { 'content-type': type });
      expect(response.status, type).toBe(415);
      expect(await response.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', title: 'Unsupported media type' });
    }
    const untyped = await fetch(`${server.url}/test/echo`, { method: 'POST', body: new Blob([body]) });
    expect(untyped.status).toBe(415);
    const graphqlAsText = await post('/graphql', JSON.stringify({ query: '{ viewer { tokenId } }' }), { 'content-type': 'text/plain' });
    expect(graphqlAsText.status).toBe(415);
    expect((await post('/test/echo', body, { 'content-type': 'application/json; charset=utf-8' })).status).toBe(200);
  });

  it('keeps a client\'s x-request-id only when it is short and plain, and otherwise issues its own', async () => {
    const idOf = async (sent: string) => (await fetch(`${server.url}/test/conflict`, { headers: { 'x-request-id': sent } })).headers.get('x-request-id');
    expect(await idOf('0b7a5c1e-trace_id.01:A')).toBe('0b7a5c1e-trace_id.01:A');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const forged of ['x'.repeat(129), 'two words', 'line\tbreak', '{"level":60}', 'caf\u00e9', '']) {
      const response = await fetch(`${server.url}/test/conflict`, { headers: { 'x-request-id': forged } });
      expect(response.headers.get('x-request-id'), forged).toMatch(uuid);
      expect(((await response.json()) as { requestId: string }).requestId).toBe(response.headers.get('x-request-id'));
    }
  });

  it('maps domain errors to their status and keeps their details', async () => {
    const response = await fetch(`${server.url}/test/conflict`);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'INVALID_TRANSITION', allowed: ['aprovado', 'cancelado'] });
  });

  it('masks unexpected errors as 500 INTERNAL with a request id and no internals', async () => {
    const response = await fetch(`${server.url}/test/crash`, { headers: { 'x-request-id': 'req-123' } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toMatch(/secret_table|select|at .*\.ts/);
    expect(JSON.parse(text)).toMatchObject({ code: 'INTERNAL', requestId: 'req-123' });
    expect(response.headers.get('x-request-id')).toBe('req-123');
  });
});
