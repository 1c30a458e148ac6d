import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBGRAPH_PATH } from '../../src/graphql/subgraph-access.js';
import { GATEWAY_ENV, gatewayHeaders, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { recordStatements } from '../support/statements.js';
import { ACCESS_KEY, createOrder, orderBody, orderIn, orderSeller } from './fixtures.js';

const ORDER_FIELDS = `
  id number channel externalId status placedAt createdAt updatedAt cancellationReason
  customer { name email document } deliveryAddress { city state postalCode country }
  amounts { items shipping discount total }
  items { sku title quantity unitPrice discount total }
  payments { id method status amount installments paidAt transactionId }
  statusHistory { status at note }
  invoice { number series accessKey } shipment { carrier trackingCode trackingUrl }`;

const ORDERS = `query ($first: Int, $after: String, $filter: OrderFilterInput, $sort: OrderSort) {
  orders(first: $first, after: $after, filter: $filter, sort: $sort) {
    edges { cursor node { ${ORDER_FIELDS} } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;
const ORDER = `query ($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`;
const CREATE = `mutation ($input: CreateOrderInput!) {
  createOrder(input: $input) { created order { ${ORDER_FIELDS} } }
}`;
const CHANGE = `mutation ($input: ChangeOrderStatusInput!) { changeOrderStatus(input: $input) { order { id status invoice { accessKey } statusHistory { status note } } } }`;
const PAY = `mutation ($id: ID!, $input: PaymentInput!) { recordOrderPayment(input: { orderId: $id, payment: $input }) { order { id status payments { status amount } } } }`;
const ENTITIES = `query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on Order { id number items { sku } } } }`;

describe('orders over GraphQL', () => {
  let server: TestApp;
  let seller: TestSeller;
  beforeAll(async () => {
    server = await startTestApp({ env: GATEWAY_ENV });
    seller = await orderSeller(server);
  });
  afterAll(() => server.close());

  const ask = <T = any>(query: string, variables: Record<string, unknown> = {}, as: TestSeller = seller) =>
    graphql<T>(server.url, query, { variables, headers: as.headers });
  /** As a federation gateway asks on a caller's behalf (`_entities`). */
  const askAsGateway = <T = any>(query: string, variables: Record<string, unknown>, as: TestSeller = seller) =>
    graphql<T>(server.url, query, { variables, headers: gatewayHeaders(as), path: SUBGRAPH_PATH });

  it('creates an order with the same rules and answer as REST, honouring an idempotency key', async () => {
    const input = orderBody({ placedAt: '2026-03-04T05:06:07.000Z' });
    const first = await ask(CREATE, { input: { ...input, idempotencyKey: 'gql-1' } });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.createOrder.created).toBe(true);
    const order = first.body.data.createOrder.order;
    expect(order).toMatchObject({ status: 'pendente', amounts: { total: '120.00' }, placedAt: '2026-03-04T05:06:07.000Z' });
    expect(order.items).toHaveLength(2);

    const replay = await ask(CREATE, { input: { ...input, idempotencyKey: 'gql-1' } });
    expect(replay.body.data.createOrder).toEqual({ created: false, order });
    const mismatch = await ask(CREATE, { input: { ...orderBody(), idempotencyKey: 'gql-1' } });
    expect(mismatch.body.errors?.[0]?.extensions?.code).toBe('IDEMPOTENCY_MISMATCH');

    const invalid = await ask(CREATE, { input: orderBody({ total: '1.00', deliveryAddress: { ...(input.deliveryAddress as object), state: 'XX' } }) });
    expect(invalid.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED' });
    const paths = (invalid.body.errors?.[0]?.extensions?.errors as { path: string }[]).map((error) => error.path).sort();
    expect(paths).toEqual(['/deliveryAddress/state', '/total']);

    const fetched = await ask(ORDER, { id: order.id });
    expect(fetched.body.data.order).toEqual(order);
  });

  it('changes status through the same machine, with INVALID_TRANSITION listing the allowed moves', async () => {
    const order = await orderIn(server, seller, 'pendente');
    const refused = await ask(CHANGE, { input: { orderId: order.id, status: 'enviado', shipment: { carrier: 'Correios', trackingCode: 'X' } } });
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_TRANSITION', from: 'pendente', to: 'enviado', allowed: ['aprovado', 'cancelado'] });

    const paid = await ask(PAY, { id: order.id, input: { method: 'pix', status: 'approved', amount: '120.00' } });
    expect(paid.body.data.recordOrderPayment.order).toMatchObject({ status: 'aprovado', payments: [{ status: 'approved', amount: '120.00' }] });

    const invoiced = await ask(CHANGE, { input: { orderId: order.id, status: 'faturado', invoice: { number: '9', series: '1', accessKey: ACCESS_KEY }, note: 'NF 9' } });
    expect(invoiced.body.data.changeOrderStatus.order).toMatchObject({ status: 'faturado', invoice: { accessKey: ACCESS_KEY } });
    expect(invoiced.body.data.changeOrderStatus.order.statusHistory.map((entry: { status: string }) => entry.status)).toEqual(['pendente', 'aprovado', 'faturado']);

    const noKey = await ask(CHANGE, { input: { orderId: order.id, status: 'enviado' } });
    expect(noKey.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '/shipment' }] });
  });

  it('pages a Relay connection with filters, refusing first above the maximum', async () => {
    const other = await orderSeller(server);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await createOrder(server, other, orderBody())).body.id);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const reply: { body: any } = await ask(ORDERS, { first: 2, after }, other);
      const connection: any = reply.body.data.orders;
      seen.push(...connection.edges.map((edge: { node: { id: string } }) => edge.node.id));
      expect(connection.pageInfo.endCursor).toBe(connection.edges.at(-1)?.cursor ?? null);
      after = connection.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;
    } while (after);
    expect(seen).toEqual([...ids].reverse());

    const filtered = await ask(ORDERS, { filter: { status: ['aprovado'], channel: 'loja-propria' } }, other);
    expect(filtered.body.data.orders.edges).toEqual([]);
    const tooMany = await ask(ORDERS, { first: 201 }, other);
    expect(tooMany.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '/limit' }] });
  });

  it('answers null for another seller\'s order, in order(id) and in the gateway\'s _entities', async () => {
    const order = await orderIn(server, seller, 'pendente');
    const stranger = await orderSeller(server);
    expect((await ask(ORDER, { id: order.id }, stranger)).body.data).toEqual({ order: null });
    const change = await ask(CHANGE, { input: { orderId: order.id, status: 'cancelado', reason: 'x' } }, stranger);
    expect(change.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const representations = [{ __typename: 'Order', id: order.id }];
    expect((await askAsGateway(ENTITIES, { representations }, stranger)).body.data._entities).toEqual([null]);
    expect((await askAsGateway(ENTITIES, { representations })).body.data._entities).toEqual([
      { id: order.id, number: order.number, items: [{ sku: 'SKU-A' }, { sku: 'SKU-B' }] },
    ]);
  });

  /** The table each statement of a request reads first, sorted: which statements ran, not only how many. */
  const tablesRead = (statements: string[]) => statements.map((sql) => /\bfrom "?(\w+)"?/i.exec(sql)?.[1] ?? sql).sort();

  it('reads a page of orders with their items, payments and history in a number of statements independent of the page size', async () => {
    const busy = await orderSeller(server);
    for (let i = 0; i < 50; i++) await createOrder(server, busy, orderBody({ payments: [{ method: 'pix', status: 'pending', amount: '1.00' }] }));
    const tablesOfPage = async (first: number) => {
      const { result: { body }, statements } = await recordStatements(server.orm, () => ask(ORDERS, { first }, busy));
      expect(body.data.orders.edges).toHaveLength(first);
      expect(body.data.orders.edges[first - 1].node.payments).toHaveLength(1);
      return tablesRead(statements);
    };
    // The page and one batch each for items, payments and history: the same four
    // statements for 5 orders as for 50 (the token, used before, is in the credential cache).
    const expected = ['order_item', 'order_payment', 'order_status_change', 'sales_order'];
    expect(await tablesOfPage(5)).toEqual(expected);
    expect(await tablesOfPage(50)).toEqual(expected);
  });

  it('reads with a page only the children its query selects, through nodes and fragments as through edges', async () => {
    const busy = await orderSeller(server);
    const created = (await createOrder(server, busy, orderBody({ payments: [{ method: 'pix', status: 'pending', amount: '1.00' }] }))).body;
    const page = async (query: string) => {
      const { result: { body }, statements } = await recordStatements(server.orm, () => ask(query, {}, busy));
      expect(body.errors).toBeUndefined();
      return { orders: body.data.orders, tables: tablesRead(statements) };
    };
    const bare = await page('{ orders(first: 5) { nodes { id } } }');
    expect(bare.tables).toEqual(['sales_order']);
    const fragments = await page(`query {
      orders(first: 5) { nodes { ...Lines } edges { node { ... on Order { paid: payments { amount } } } } }
    } fragment Lines on Order { items { sku quantity } }`);
    expect(fragments.tables).toEqual(['order_item', 'order_payment', 'sales_order']);
    expect(fragments.orders.nodes).toEqual([{ items: created.items.map(({ sku, quantity }: { sku: string; quantity: number }) => ({ sku, quantity })) }]);
    expect(fragments.orders.edges).toEqual([{ node: { paid: [{ amount: '1.00' }] } }]);
  });

  it('resolves _entities orders in a number of statements independent of how many are asked for', async () => {
    const busy = await orderSeller(server);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await createOrder(server, busy, orderBody())).body.id);
    const tablesOfEntities = async (wanted: string[]) => {
      const representations = [...wanted, 'not-a-uuid'].map((id) => ({ __typename: 'Order', id }));
      const { result: { body }, statements } = await recordStatements(server.orm, () => askAsGateway(ENTITIES, { representations }, busy));
      expect(body.data._entities.map((entity: { id: string } | null) => entity?.id ?? null)).toEqual([...wanted, null]);
      expect(body.data._entities[0].items).toEqual([{ sku: 'SKU-A' }, { sku: 'SKU-B' }]);
      return tablesRead(statements);
    };
    // The orders and one batch of items (the token is in the credential cache).
    const expected = ['order_item', 'sales_order'];
    expect(await tablesOfEntities(ids.slice(0, 2))).toEqual(expected);
    expect(await tablesOfEntities(ids)).toEqual(expected);
  });
});
