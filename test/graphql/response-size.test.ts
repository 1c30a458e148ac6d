import { getNamedType, getNullableType, isLeafType, isListType, isObjectType, type GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGraphQLSchemas } from '../../src/graphql/schema.js';
import { loadModuleApis } from '../../src/modules.js';
import { orderIn, orderSeller } from '../orders/fixtures.js';
import { gql as gqlData } from '../platforms/fixtures.js';
import { graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { bearer, connectLive } from '../support/live.js';
import { fanOutBatch } from '../../src/webhooks/fanout.js';

/**
 * Lists of objects that are neither paged nor declare a maximum: each is written whole
 * with its parent (so that write bounds it) and counts once. Every other list of objects
 * is paged (`first`), priced by a list argument, or declares `maxItems`.
 */
const WRITTEN_WHOLE: Record<string, string> = {
  'Order.items': 'at most 500, written with the order',
  'Order.attentionReasons': 'at most one per line, written with the order',
  'Order.statusHistory': 'one entry per status the order reaches: the status machine has no cycle',
  'Product.attributes': 'written with the product, bounded by the body limit',
  'Product.datasheet': 'idem',
  'Product.images': 'idem',
  'Product.variations': 'at most 100, written with the product',
  'ProductVariation.attributes': 'written with the product',
  'ProductVariation.images': 'idem',
  'UpsertProductsPayload.results': 'one per product of the batch (at most 100)',
  'LinkChannelListingsPayload.links': 'one per link of the batch (at most 500)',
  'Query.applications': 'applications are made by the operator, not by a client',
  'Query.installedApplications': 'idem',
  'Query.registrations': 'idem, at most PRODUCT_REGISTRATIONS_MAX per application and product',
};

function unboundedLists(schema: GraphQLSchema): string[] {
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!isListType(getNullableType(field.type)) || isLeafType(getNamedType(field.type))) continue;
      // A connection's edges and nodes are its page: the field that returned it is paged.
      if (type.name.endsWith('Connection') && (field.name === 'edges' || field.name === 'nodes')) continue;
      const paged = field.args.some((arg) => arg.name === 'first' || arg.name === 'last');
      const pricedByArgument = field.args.some((arg) => isListType(getNullableType(arg.type)));
      const declared = typeof field.extensions.maxItems === 'number';
      if (!paged && !pricedByArgument && !declared) found.push(`${type.name}.${field.name}`);
    }
  }
  return found.sort();
}

describe('what one GraphQL response can hold', () => {
  let server: TestApp;
  let seller: TestSeller;
  beforeAll(async () => {
    server = await startTestApp({ env: { GRAPHQL_MAX_RESPONSE_BYTES: '200000' } });
    seller = await orderSeller(server);
  });
  afterAll(() => server.close());

  const run = (query: string, variables?: Record<string, unknown>) =>
    graphql(server.url, query, { variables, headers: seller.headers }) as Promise<{ status: number; body: { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[]; extensions?: Record<string, unknown> } }>;
  const openCase = async (messages: number, length = 10) => {
    const { openSupportCase } = await gqlData(server, seller, 'mutation ($input: OpenSupportCaseInput!) { openSupportCase(input: $input) { supportCase { id } } }', {
      input: { channel: 'chat', subject: 'Pedido' },
    });
    const id = openSupportCase.supportCase.id as string;
    // Written directly: the API would take a request per message.
    await server.orm.em.getConnection().execute(
      `insert into support_message (id, seller_id, support_case_id, channel, direction, message, at)
       select gen_random_uuid(), ?, ?, 'chat', 'entrada', repeat('x', ?), now() from generate_series(1, ?)`,
      [seller.id, id, length, messages],
    );
    return id;
  };

  it('every list of objects is paged, priced by its argument, or declares the most it holds', async () => {
    // The subgraph: every type and field of the client schema, and federation's `_entities`.
    const { subgraph } = await buildGraphQLSchemas((await loadModuleApis()).graphql);
    expect(unboundedLists(subgraph)).toEqual(Object.keys(WRITTEN_WHOLE).sort());
  });

  it('prices a capped list by its maximum: a case\'s messages count 200', async () => {
    const id = await openCase(1);
    const one = await run('query ($id: ID!) { supportCase(id: $id) { messages { message } } }', { id });
    expect(one.body.extensions).toMatchObject({ cost: { requested: 201 } });
    const ids = Array.from({ length: 30 }, (_, index) => `0190a000-0000-7000-8000-${String(index).padStart(12, '0')}`);
    const many = await run('query ($ids: [ID!]!) { nodes(ids: $ids) { ... on SupportCase { messages { message } } } }', { ids });
    expect(many.status).toBe(400);
    expect(many.body.errors?.[0]?.message).toMatch(/^Query cost 6030 exceeds the limit of 5000/);
  });

  it('refuses nodes(ids:) with an id twice, over HTTP and graphql-ws', async () => {
    const id = await openCase(1);
    const QUERY = 'query ($ids: [ID!]!) { nodes(ids: $ids) { id } }';
    const repeated = await run(QUERY, { ids: [id, id.toUpperCase()] });
    expect(repeated.body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '/ids/1' }] });
    expect(repeated.body.data).toBeNull();
    const live = connectLive(server.url, bearer(seller.token));
    try {
      const errors = await new Promise<unknown[]>((resolve) => {
        let result: { errors?: readonly unknown[] } = {};
        live.client.subscribe({ query: QUERY, variables: { ids: [id, id] } }, { next: (value) => (result = value), error: (error) => resolve(error as unknown[]), complete: () => resolve([...(result.errors ?? [])]) });
      });
      expect(errors).toMatchObject([{ extensions: { code: 'VALIDATION_FAILED' } }]);
    } finally {
      await live.client.dispose();
    }
    expect((await run(QUERY, { ids: [id] })).body.data).toEqual({ nodes: [{ id }] });
  });

  it('stops a response above GRAPHQL_MAX_RESPONSE_BYTES, over HTTP and graphql-ws, and serves one below', async () => {
    const big = await openCase(30, 10_000);
    const QUERY = 'query ($id: ID!) { supportCase(id: $id) { messages { message } } }';
    const reply = await run(QUERY, { id: big });
    expect(reply.body.data ?? null).toBeNull();
    expect(reply.body.errors?.[0]?.extensions).toMatchObject({ code: 'LIMIT_EXCEEDED', limit: 'GRAPHQL_MAX_RESPONSE_BYTES', maximum: 200_000 });
    expect(JSON.stringify(reply.body).length).toBeLessThan(2000);
    const live = connectLive(server.url, bearer(seller.token));
    try {
      const result = await new Promise<{ data?: unknown; errors?: { extensions?: Record<string, unknown> }[] }>((resolve, reject) => {
        let value = {};
        live.client.subscribe({ query: QUERY, variables: { id: big } }, { next: (next) => (value = next), error: reject, complete: () => resolve(value) });
      });
      expect(result.data ?? null).toBeNull();
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    } finally {
      await live.client.dispose();
    }
    const small = await openCase(10, 10_000);
    expect((await run(QUERY, { id: small })).body.data).toMatchObject({ supportCase: { messages: expect.any(Array) } });
  });

  it('caps the lists that grow after their parent: the 201st message of a case is QUOTA_EXCEEDED', async () => {
    const id = await openCase(199);
    const MESSAGE = 'mutation ($input: AddSupportMessageInput!) { addSupportMessage(input: $input) { message { id } } }';
    const add = () => run(MESSAGE, { input: { caseId: id, direction: 'saida', message: 'ok' } });
    expect((await add()).body.errors).toBeUndefined();
    expect((await add()).body.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 200 });
  });

  it('caps tracking events per shipment, shipments and payments per order, and channels per seller', async () => {
    const order = await orderIn(server, seller, 'faturado');
    const database = server.orm.em.getConnection();
    const shipment = await run('mutation ($input: CreateShipmentInput!) { createShipment(input: $input) { shipment { id } } }', {
      input: { orderId: order.id, carrier: 'Correios', trackingCode: 'CAP-0' },
    });
    const shipmentId = (shipment.body.data as any).createShipment.shipment.id as string;
    await database.execute(
      `insert into tracking_event (id, seller_id, shipment_id, status, description, at, recorded_at)
       select gen_random_uuid(), ?, ?, 'in_transit', 'scan', now(), now() from generate_series(1, 100)`,
      [seller.id, shipmentId],
    );
    const tracking = await run('mutation ($input: AddTrackingEventInput!) { addTrackingEvent(input: $input) { trackingEvent { id } } }', {
      input: { shipmentId, status: 'in_transit', description: 'one more' },
    });
    expect(tracking.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 100 });

    await database.execute(
      `insert into shipment (id, seller_id, order_id, carrier, tracking_code, created_at, updated_at)
       select gen_random_uuid(), ?, ?, 'Correios', 'CAP-' || n, now(), now() from generate_series(1, 19) n`,
      [seller.id, order.id],
    );
    const shipments = await run('mutation ($input: CreateShipmentInput!) { createShipment(input: $input) { shipment { id } } }', {
      input: { orderId: order.id, carrier: 'Correios', trackingCode: 'CAP-20' },
    });
    expect(shipments.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 20 });

    await database.execute(
      `insert into order_payment (id, seller_id, order_id, method, status, amount, installments, created_at)
       select gen_random_uuid(), ?, ?, 'pix', 'refused', 1, 1, now() from generate_series(1, 9)`,
      [seller.id, order.id],
    );
    const payment = await run('mutation ($id: ID!, $input: PaymentInput!) { recordOrderPayment(input: { orderId: $id, payment: $input }) { order { id } } }', {
      id: order.id,
      input: { method: 'pix', status: 'refused', amount: '1.00' },
    });
    expect(payment.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 10 });

    for (let i = 2; i < 30; i++) {
      expect((await run('mutation ($code: String!) { putChannel(input: { code: $code, name: $code }) { channel { code } } }', { code: `canal-${i}` })).body.errors).toBeUndefined();
    }
    const thirtyFirst = await run('mutation { putChannel(input: { code: "canal-30", name: "x" }) { channel { code } } }');
    expect(thirtyFirst.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 30 });
    // Changing a channel that exists is no new one.
    expect((await run('mutation { putChannel(input: { code: "canal-2", name: "y" }) { channel { code } } }')).body.errors).toBeUndefined();
  });

  it('caps the payments a settlement cycle settles at 1000 and prices its entries at that', async () => {
    const order = await orderIn(server, seller, 'faturado');
    const payIn = (day: string, count: number) =>
      server.orm.em.getConnection().execute(
        `insert into order_payment (id, seller_id, order_id, method, status, amount, installments, paid_at, created_at)
         select gen_random_uuid(), ?, ?, 'pix', 'approved', 1, 1, ?::timestamptz + n * interval '1 second', now() from generate_series(1, ?) n`,
        [seller.id, order.id, day, count],
      );
    const CLOSE = 'mutation ($input: CloseSettlementCycleInput!) { closeSettlementCycle(input: $input) { settlementCycle { id paymentCount } } }';
    await payIn('2020-01-01T00:00:00Z', 1000);
    const full = await run(CLOSE, { input: { periodStart: '2020-01-01T00:00:00Z', periodEnd: '2020-01-02T00:00:00Z' } });
    expect(full.body.data?.closeSettlementCycle.settlementCycle.paymentCount).toBe(1000);
    await payIn('2020-02-01T00:00:00Z', 1001);
    const over = await run(CLOSE, { input: { periodStart: '2020-02-01T00:00:00Z', periodEnd: '2020-02-02T00:00:00Z' } });
    expect(over.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 1000 });
    // Half the period holds 1000 or fewer: it closes.
    const half = await run(CLOSE, { input: { periodStart: '2020-02-01T00:00:00Z', periodEnd: '2020-02-01T00:10:00Z' } });
    expect(half.body.data?.closeSettlementCycle.settlementCycle.paymentCount).toBe(599);

    const id = full.body.data?.closeSettlementCycle.settlementCycle.id as string;
    const read = await run('query ($id: ID!) { settlementCycle(id: $id) { entries { payment } } }', { id });
    expect(read.body.data?.settlementCycle.entries).toHaveLength(1000);
    expect(read.body.extensions).toMatchObject({ cost: { requested: 1001 } });
  });

  it("lists a delivery's latest 20 attempts, oldest first, and prices them at that", async () => {
    const subscription = await (await fetch(`${server.url}/webhooks/assinaturas`, { method: 'POST', headers: seller.headers, body: JSON.stringify({ url: 'http://127.0.0.1:9/hook', events: ['pedido.criado'] }) })).json() as { id: string };
    await orderIn(server, seller, 'pendente');
    while ((await fanOutBatch(server.orm)) > 0);
    const database = server.orm.em.getConnection();
    const [delivery] = await database.execute<{ id: string }[]>(`select id from webhook_delivery where subscription_id = ? limit 1`, [subscription.id]);
    // 30 attempts over several rounds (redeliveries), written directly: the first on the delivery's row.
    await database.execute(
      `update webhook_delivery set status = 'failed', attempt_count = 30, completed_at = now(),
              first_attempt_at = now(), first_attempt_duration_ms = 1, first_attempt_status_code = 500 where id = ?`,
      [delivery!.id],
    );
    await database.execute(
      `insert into webhook_attempt (id, seller_id, delivery_id, number, at, duration_ms, status_code)
       select gen_random_uuid(), ?, ?, n, now(), 1, 500 from generate_series(2, 30) n`,
      [seller.id, delivery!.id],
    );
    const numbers = Array.from({ length: 20 }, (_, index) => index + 11);
    const read = await run('query ($id: ID!) { webhookDelivery(id: $id) { attemptCount attempts { number } } }', { id: delivery!.id });
    expect(read.body.data?.webhookDelivery).toEqual({ attemptCount: 30, attempts: numbers.map((number) => ({ number })) });
    expect(read.body.extensions).toMatchObject({ cost: { requested: 21 } });
    const rest = (await (await fetch(`${server.url}/webhooks/entregas/${delivery!.id}`, { headers: seller.headers })).json()) as { attempts: { number: number }[] };
    expect(rest.attempts.map((attempt) => attempt.number)).toEqual(numbers);
  });
});
