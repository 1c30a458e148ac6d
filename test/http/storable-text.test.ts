import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storableText, unstorableTextPaths } from '../../src/db/storable-text.js';
import { orderBody, orderSeller, VALID_CPF } from '../orders/fixtures.js';
import { bearer, connectLive } from '../support/live.js';
import { graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';

const MESSAGE = expect.stringContaining('NUL');

describe('text PostgreSQL cannot store', () => {
  it('finds NUL characters and unpaired surrogates in strings and member names, as JSON pointers', () => {
    const value = { name: 'a\u0000b', ok: 'fine 😀', list: ['x', 'lone \uD800 high'], nested: { 'we/ird\u0000': 1, low: '\uDC00' } };
    expect(unstorableTextPaths(value)).toEqual(['/name', '/list/1', '/nested/we~1ird\uFFFD', '/nested/low']);
    expect(unstorableTextPaths('\u0000')).toEqual(['/']);
    expect(unstorableTextPaths({ text: 'ação – 😀' })).toEqual([]);
  });

  it('walks input nested deeper than the call stack without overflowing', () => {
    let deep: unknown = '\u0000';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(unstorableTextPaths(deep)).toHaveLength(1);
  });

  it('makes a third party\'s text storable by replacing what cannot be stored with U+FFFD', () => {
    expect(storableText('a\u0000b\uD800c😀')).toBe('a\uFFFDb\uFFFDc😀');
    expect(storableText(null)).toBeNull();
  });
});

describe('requests carrying a NUL character or an unpaired surrogate', () => {
  let server: TestApp;
  let seller: TestSeller;

  beforeAll(async () => {
    server = await startTestApp();
    seller = await orderSeller(server);
  });
  afterAll(() => server.close());

  const send = (method: string, path: string, body?: string) =>
    fetch(`${server.url}${path}`, { method, headers: seller.headers, ...(body === undefined ? {} : { body }) });

  async function expectRefused(response: Response, errors: { path: string; in: string }[]): Promise<void> {
    expect(response.status).toBe(422);
    const problem = (await response.json()) as { code: string; errors: { path: string; in: string; message: string }[] };
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors).toEqual(errors.map((error) => ({ ...error, message: MESSAGE })));
  }

  it('refuses a REST body with 422 naming the field, and stores nothing', async () => {
    await expectRefused(await send('PUT', '/canais/loja', JSON.stringify({ name: 'Loja\u0000' })), [{ path: '/name', in: 'body' }]);
    expect((await send('GET', '/canais/loja')).status).toBe(404);

    const order = orderBody({ customer: { name: 'Ana\u0000', document: VALID_CPF } });
    await expectRefused(await send('POST', '/pedidos', JSON.stringify(order)), [{ path: '/customer/name', in: 'body' }]);
  });

  it('refuses an unpaired surrogate, which PostgreSQL would silently turn into U+FFFD', async () => {
    // JSON.stringify would escape it as \ud800; written by hand, as an attacker would.
    await expectRefused(await send('PUT', '/canais/loja', '{"name": "Loja \\ud800"}'), [{ path: '/name', in: 'body' }]);
  });

  it('refuses query strings and path parameters the same way', async () => {
    await expectRefused(await send('GET', '/pedidos?channel=%00'), [{ path: '/channel', in: 'query' }]);
    await expectRefused(await send('GET', '/webhooks/entregas?event=pedido%00'), [{ path: '/event', in: 'query' }]);
    await expectRefused(await send('GET', '/produtos/SKU%00'), [{ path: '/sku', in: 'path' }]);
    await expectRefused(await send('GET', '/estoque/SKU%00'), [{ path: '/sku', in: 'path' }]);
  });

  it('never lets a NUL in a header reach a handler (the HTTP parser refuses the request)', async () => {
    const port = new URL(server.url).port;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.end(`PATCH /estoque/SKU-1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${seller.token}\r\nIdempotency-Key: a\u0000b\r\nContent-Length: 0\r\n\r\n`, 'latin1'),
      );
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('refuses GraphQL variables and literals with VALIDATION_FAILED naming where they are', async () => {
    const byVariable = await graphql(server.url, 'mutation ($input: PutChannelInput!) { putChannel(input: $input) { created } }', {
      headers: seller.headers,
      variables: { input: { code: 'loja', name: 'Loja\u0000' } },
    });
    expect(byVariable.status).toBe(422);
    expect(byVariable.body.data).toBeUndefined();
    expect(byVariable.body.errors).toEqual([
      expect.objectContaining({ extensions: { code: 'VALIDATION_FAILED', errors: [{ path: '/variables/input/name', message: MESSAGE }] } }),
    ]);

    const byLiteral = await graphql(server.url, '{ a: order(id: "x") { id } b: orders(filter: { status: [aprovado], channel: "\\u0000" }) { edges { cursor } } }', {
      headers: seller.headers,
    });
    expect(byLiteral.status).toBe(422);
    expect(byLiteral.body.errors?.[0]?.extensions).toEqual({
      code: 'VALIDATION_FAILED',
      errors: [{ path: '/b/filter/channel', message: expect.stringMatching(/NUL.*line 1, column \d+/) }],
    });
    expect((await send('GET', '/canais/loja')).status).toBe(404);
  });

  it('refuses a query text asked again as the first time: its variables, then its literals', async () => {
    const query = 'query ($channel: String) { a: orders(filter: { channel: $channel }) { edges { cursor } } b: orders(filter: { channel: "\\u0000" }) { edges { cursor } } }';
    const ask = (channel: string) => graphql(server.url, query, { headers: seller.headers, variables: { channel } });
    const literal = { path: '/b/filter/channel', message: expect.stringMatching(/NUL.*line 1, column \d+/) };
    for (const channel of ['loja\u0000', 'loja', 'loja\u0000']) {
      const refused = await ask(channel);
      expect(refused.status).toBe(422);
      const variable = channel === 'loja' ? [] : [{ path: '/variables/channel', message: MESSAGE }];
      expect(refused.body.errors?.[0]?.extensions).toEqual({ code: 'VALIDATION_FAILED', errors: [...variable, literal] });
    }
  });

  it('refuses them over graphql-ws too', async () => {
    const live = connectLive(server.url, bearer(seller.token));
    try {
      const outcome = await new Promise<unknown>((resolve) => {
        live.client.subscribe(
          { query: 'mutation ($input: PutChannelInput!) { putChannel(input: $input) { created } }', variables: { input: { code: 'loja', name: '\u0000' } } },
          { next: resolve, error: resolve, complete: () => resolve('completed') },
        );
      });
      expect(outcome).toEqual([expect.objectContaining({ extensions: { code: 'VALIDATION_FAILED', errors: [{ path: '/variables/input/name', message: MESSAGE }] } })]);
    } finally {
      await live.client.dispose();
    }
  });
});
