import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { addPayment, call, createOrder, orderBody, orderSeller } from '../orders/fixtures.js';
import { graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { bearer } from '../support/live.js';
import { subscribe as subscribeWebhook } from '../webhooks/fixtures.js';

/** The largest amount an order's field takes, 12 whole digits. */
const LARGEST = '999999999999.99';
const YEAR_ZERO = '0000-01-01T00:00:00Z';
const cursorOf = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

/**
 * Input that used to answer 500: each must be a 4xx with a code (or a GraphQL error with a
 * client code), never INTERNAL.
 */
describe('client input never answers 5xx', () => {
  let server: TestApp;
  let seller: TestSeller;
  beforeAll(async () => {
    server = await startTestApp();
    seller = await orderSeller(server);
  });
  afterAll(() => server.close());

  const gql = (query: string, variables?: Record<string, unknown>, headers: Record<string, string> = seller.headers) => graphql(server.url, query, { variables, headers });

  it('an order whose total passes numeric(14,2): 422 naming the total, REST and GraphQL', async () => {
    const body = orderBody({ items: [{ sku: 'SKU-A', quantity: 2, unitPrice: LARGEST }], shipping: '0', discount: '0' });
    const rest = await createOrder(server, seller, body);
    expect(rest.status, JSON.stringify(rest.body)).toBe(422);
    expect(rest.body.errors.map((error: { path: string }) => error.path)).toContain('/items/0');
    const graph = await gql('mutation ($input: CreateOrderInput!) { createOrder(input: $input) { created } }', {
      input: { ...body, externalId: `${body.externalId}-g`, idempotencyKey: `big-${body.externalId}` },
    });
    expect(graph.body.errors?.[0]?.extensions?.code, JSON.stringify(graph.body)).toBe('VALIDATION_FAILED');
    // The largest total that fits is taken.
    const fits = await createOrder(server, seller, orderBody({ items: [{ sku: 'SKU-A', quantity: 1, unitPrice: LARGEST }], shipping: '0', discount: '0' }));
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
  });

  it('a settlement cycle whose gross passes numeric(14,2): 422, and the period closes once split', async () => {
    const paidAt = ['2025-03-01T10:00:00Z', '2025-03-02T10:00:00Z'];
    for (const at of paidAt) {
      const order = await createOrder(server, seller, orderBody({ items: [{ sku: 'SKU-B', quantity: 1, unitPrice: LARGEST }], shipping: '0', discount: '0' }));
      expect((await addPayment(server, seller, order.body.id, { method: 'pix', status: 'approved', amount: LARGEST, paidAt: at })).status).toBe(201);
    }
    const close = (periodStart: string, periodEnd: string) => call(server, seller, 'POST', '/ciclos', { periodStart, periodEnd });
    const whole = await close('2025-03-01T00:00:00Z', '2025-03-03T00:00:00Z');
    expect(whole.status, JSON.stringify(whole.body)).toBe(422);
    expect(whole.body.errors[0].path).toBe('/periodEnd');
    expect((await close('2025-03-01T00:00:00Z', '2025-03-02T00:00:00Z')).status).toBe(201);
    expect((await close('2025-03-02T00:00:00Z', '2025-03-03T00:00:00Z')).status).toBe(201);
  });

  it('a stock delta that would pass the largest figure: 422, stock unchanged', async () => {
    expect((await call(server, seller, 'PATCH', '/estoque/SKU-A', { onHand: 1_000_000_000 })).status).toBe(200);
    for (const delta of [1_000_000_000, 1]) {
      const reply = await call(server, seller, 'PATCH', '/estoque/SKU-A', { delta }, { 'idempotency-key': `delta-${delta}` });
      expect(reply.status, JSON.stringify(reply.body)).toBe(422);
      expect(reply.body.errors[0].path).toBe('/delta');
    }
    expect((await call(server, seller, 'GET', '/estoque/SKU-A')).body.onHand).toBe(1_000_000_000);
  });

  it('year-0000 instants in filters, prices, payments, cycles and recovery: 422', async () => {
    const order = (await createOrder(server, seller)).body;
    const subscription = await subscribeWebhook(server, seller, { url: 'https://receiver.example.com/hook', events: ['pedido.criado'] });
    const replies = [
      await call(server, seller, 'GET', `/pedidos?createdFrom=${YEAR_ZERO}`),
      await call(server, seller, 'GET', `/pedidos?updatedSince=${YEAR_ZERO}`),
      await call(server, seller, 'GET', '/pedidos?placedFrom=0001-01-01T00:00:00%2B01:00'),
      await call(server, seller, 'GET', '/pedidos?placedTo=2026-06-30T23:59:60Z'),
      await call(server, seller, 'GET', `/produtos/SKU-A/preco?at=${YEAR_ZERO}`),
      await addPayment(server, seller, order.id, { method: 'pix', status: 'approved', amount: '1.00', paidAt: YEAR_ZERO }),
      await call(server, seller, 'POST', '/ciclos', { periodStart: YEAR_ZERO, periodEnd: '2025-01-01T00:00:00Z' }),
      await call(server, seller, 'POST', `/webhooks/assinaturas/${subscription.id}/recuperacao`, { since: YEAR_ZERO }),
      await call(server, seller, 'GET', `/pedidos?cursor=${cursorOf(['+275760-09-13T00:00:00.000Z', order.id])}`),
      await call(server, seller, 'GET', `/pedidos?cursor=${cursorOf(['0000-01-01T00:00:00.000Z', order.id])}`),
    ];
    for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(422);
    // DateTimeISO refuses year 0000 itself: in a variable GraphQL's coercion answers
    // BAD_USER_INPUT, in the document its validation GRAPHQL_VALIDATION_FAILED; nothing runs.
    const graph: [Awaited<ReturnType<typeof gql>>, string][] = [
      [await gql('query ($at: DateTimeISO) { effectivePrice(sku: "SKU-A", at: $at) { price } }', { at: YEAR_ZERO }), 'BAD_USER_INPUT'],
      [await gql(`{ effectivePrice(sku: "SKU-A", at: "${YEAR_ZERO}") { price } }`), 'GRAPHQL_VALIDATION_FAILED'],
      [await gql('query ($f: OrderFilterInput) { orders(filter: $f) { nodes { id } } }', { f: { createdFrom: '0000-06-01T00:00:00Z' } }), 'BAD_USER_INPUT'],
      [
        await gql('mutation ($input: RecordOrderPaymentInput!) { recordOrderPayment(input: $input) { order { id } } }', {
          input: { orderId: order.id, payment: { method: 'pix', status: 'approved', amount: '1.00', paidAt: YEAR_ZERO } },
        }),
        'BAD_USER_INPUT',
      ],
      [await gql('mutation ($input: CloseSettlementCycleInput!) { closeSettlementCycle(input: $input) { settlementCycle { id } } }', { input: { periodStart: YEAR_ZERO, periodEnd: '2025-01-01T00:00:00Z' } }), 'BAD_USER_INPUT'],
    ];
    for (const [reply, code] of graph) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(400);
      expect(reply.body.data, JSON.stringify(reply.body)).toBeUndefined();
      expect(reply.body.errors?.map((error: { extensions?: { code?: string } }) => error.extensions?.code)).toEqual([code]);
      expect(reply.body.errors?.[0]?.message).toContain('DateTimeISO must be an instant from year 0001 to 9999');
    }
  });

  it('GraphQL variables nested 5,000 deep: a client error, without a token, with one, and on the socket', async () => {
    // Written by hand: JSON.stringify itself runs out of stack on such a value.
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const query = 'query ($v: String!) { __type(name: $v) { name } }';
    for (const headers of [{ 'content-type': 'application/json' }, seller.headers]) {
      const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers, body: `{"query":${JSON.stringify(query)},"variables":{"v":${deep}}}` });
      const body = (await response.json()) as any;
      expect(response.status, JSON.stringify(body).slice(0, 300)).toBeLessThan(500);
      expect(body.errors?.[0]?.extensions?.code ?? 'none').not.toBe('INTERNAL');
    }
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    const messages: { type: string; payload?: any }[] = [];
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: bearer(seller.token) }));
    await vi.waitFor(() => expect(messages.map((message) => message.type)).toContain('connection_ack'));
    socket.send(`{"id":"1","type":"subscribe","payload":{"query":${JSON.stringify(query)},"variables":{"v":${deep}}}}`);
    await vi.waitFor(() => expect(messages.some((message) => message.type === 'next' || message.type === 'error') || socket.readyState !== WebSocket.OPEN).toBe(true));
    const answer = messages.find((message) => message.type === 'next' || message.type === 'error');
    expect(socket.readyState, `closed with ${socket.readyState === WebSocket.OPEN ? '-' : await closed}`).toBe(WebSocket.OPEN);
    const errors = answer?.type === 'error' ? answer.payload : answer?.payload?.errors ?? [];
    expect(errors[0]?.extensions?.code ?? 'none').not.toBe('INTERNAL');
    socket.close();
  });

  it('an automatic persisted query whose hash does not match: 400 BAD_REQUEST, not INTERNAL', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: seller.headers,
      body: JSON.stringify({ query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } } }),
    });
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });
});
