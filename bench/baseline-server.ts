/**
 * The same-SQL minimal endpoint the bench compares the service with: `node:http` and
 * `pg`, running the statements the service runs (as its SQL log shows them) on the same
 * tables, with the same pool size, and answering the same JSON. No framework, no ORM, no
 * validation beyond what the SQL needs: what is left is the cost of the database and
 * of JSON, the floor the service is measured against.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { v7 } from 'uuid';

// numeric and timestamptz as the service sees them: text money, Dates.
pg.types.setTypeParser(1700, (value) => value);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

type Row = Record<string, any>;

async function sellerOf(client: pg.PoolClient | pg.Pool, request: IncomingMessage): Promise<string | undefined> {
  const secret = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  const hash = createHash('sha256').update(secret).digest('hex');
  const { rows } = await client.query(
    `select t.id, t.secret_hash, t.scopes, s.id as seller_id, s.name as seller_name
       from api_token t join seller s on s.id = t.seller_id
      where t.secret_hash = $1 and t.revoked_at is null`,
    [hash],
  );
  return rows[0]?.seller_id;
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

function orderView(order: Row, items: Row[], payments: Row[], history: Row[]): Row {
  return {
    id: order.id,
    number: order.number,
    channel: order.channel,
    externalId: order.external_id,
    status: order.status,
    customer: order.customer,
    deliveryAddress: order.delivery_address,
    amounts: { items: order.items_amount, shipping: order.shipping_amount, discount: order.discount_amount, total: order.total_amount },
    invoice: order.invoice,
    shipment: order.shipment,
    cancellationReason: order.cancellation_reason,
    placedAt: iso(order.placed_at),
    createdAt: iso(order.created_at),
    updatedAt: iso(order.updated_at),
    items: items.map((item) => ({ sku: item.sku, title: item.title, quantity: item.quantity, unitPrice: item.unit_price, discount: item.discount, total: item.total })),
    payments: payments.map((payment) => ({
      id: payment.id, method: payment.method, status: payment.status, amount: payment.amount,
      installments: payment.installments, paidAt: iso(payment.paid_at), transactionId: payment.transaction_id,
    })),
    statusHistory: history.map((entry) => ({ status: entry.status, at: iso(entry.at), note: entry.note })),
  };
}

function groupByOrder(rows: Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.order_id);
    if (group) group.push(row);
    else groups.set(row.order_id, [row]);
  }
  return groups;
}

async function listOrders(sellerId: string, limit: number): Promise<{ views: Row[]; more: boolean }> {
  const { rows } = await pool.query(
    `select "o0".* from "sales_order" as "o0" where "o0"."seller_id" = $1 order by "o0"."created_at" desc, "o0"."id" desc limit $2`,
    [sellerId, limit + 1],
  );
  const orders = rows.slice(0, limit);
  const ids = orders.map((order) => order.id);
  const child = (table: string, orderBy: string) =>
    pool.query(
      `select "o0".* from "${table}" as "o0" where "o0"."order_id" = any($2) and "o0"."seller_id" = $1 order by ${orderBy}`,
      [sellerId, ids],
    );
  const [items, payments, history] = await Promise.all([
    child('order_item', '"o0"."order_id" asc, "o0"."position" asc'),
    child('order_payment', '"o0"."created_at" asc, "o0"."id" asc'),
    child('order_status_change', '"o0"."at" asc, "o0"."id" asc'),
  ]);
  const byOrder = [groupByOrder(items.rows), groupByOrder(payments.rows), groupByOrder(history.rows)];
  const views = orders.map((order) => orderView(order, byOrder[0]!.get(order.id) ?? [], byOrder[1]!.get(order.id) ?? [], byOrder[2]!.get(order.id) ?? []));
  return { views, more: rows.length > limit };
}

function cursorOf(view: Row): string {
  return Buffer.from(JSON.stringify([view.createdAt, view.id])).toString('base64url');
}

async function restList(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const sellerId = await sellerOf(pool, request);
  if (!sellerId) return send(response, 401, { title: 'Unauthorized' });
  const limit = Number(new URL(request.url!, 'http://x').searchParams.get('limit') ?? 50);
  const { views, more } = await listOrders(sellerId, limit);
  send(response, 200, { data: views, nextCursor: more ? cursorOf(views[views.length - 1]!) : null });
}

/** The answer to bench's GraphQL list query (the fields it asks for), from the same rows. */
async function graphqlList(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = JSON.parse(await readBody(request)) as { variables?: { first?: number } };
  const sellerId = await sellerOf(pool, request);
  if (!sellerId) return send(response, 401, { errors: [{ message: 'Unauthorized' }] });
  const { views, more } = await listOrders(sellerId, body.variables?.first ?? 50);
  const edges = views.map((view) => ({
    node: {
      id: view.id, number: view.number, status: view.status, amounts: { total: view.amounts.total }, customer: { name: view.customer.name },
      items: view.items.map((item: Row) => ({ sku: item.sku, quantity: item.quantity, total: item.total })),
      payments: view.payments.map((payment: Row) => ({ method: payment.method, amount: payment.amount })),
      statusHistory: view.statusHistory.map((entry: Row) => ({ status: entry.status, at: entry.at })),
    },
  }));
  const last = views[views.length - 1];
  send(response, 200, { data: { orders: { edges, pageInfo: { hasNextPage: more, endCursor: last ? cursorOf(last) : null } } } });
}

const money = (cents: number): string => (cents / 100).toFixed(2);
const centsOf = (value: string): number => Math.round(Number(value) * 100);

/** The service's 22 statements for one order, in its order, in one transaction. */
async function createOrder(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const input = JSON.parse(await readBody(request)) as Row;
  const client = await pool.connect();
  try {
    const sellerId = await sellerOf(client, request);
    if (!sellerId) return send(response, 401, { title: 'Unauthorized' });
    await client.query('begin');
    const channels = await client.query('select code from channel where seller_id = $1 and code = any($2)', [sellerId, [input.channel]]);
    if (channels.rowCount === 0) throw Object.assign(new Error('channel'), { status: 422 });
    const { rows: [{ now }] } = await client.query(`select date_trunc('milliseconds', now()) as now`);
    const { rows: [{ last_number: number }] } = await client.query(
      `insert into order_number_sequence (seller_id, last_number) values ($1, 1)
       on conflict (seller_id) do update set last_number = order_number_sequence.last_number + 1 returning last_number`,
      [sellerId],
    );
    const items = (input.items as Row[]).map((item, position): Row => ({ ...item, position, total: money(centsOf(item.unitPrice) * item.quantity) }));
    const total = money(items.reduce((sum, item) => sum + centsOf(item.total), 0));
    const orderId = randomUUID();
    const customer = { phone: null, ...input.customer };
    const address = { complement: null, country: 'BR', ...input.deliveryAddress };
    const status = 'aprovado';
    await client.query(
      `insert into "sales_order" ("id", "seller_id", "number", "channel", "external_id", "status", "customer", "delivery_address", "items_amount", "shipping_amount", "discount_amount", "total_amount", "invoice", "shipment", "cancellation_reason", "placed_at", "created_at", "updated_at")
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, '0.00', '0.00', $9, null, null, null, $10, $10, $10)`,
      [orderId, sellerId, number, input.channel, input.externalId, status, customer, address, total, now],
    );
    await client.query(
      `insert into "order_status_change" ("id", "seller_id", "order_id", "status", "at", "note") values ($1, $2, $3, $4, $5, null)`,
      [randomUUID(), sellerId, orderId, status, now],
    );
    const payments = (input.payments as Row[]).map((payment): Row => ({ id: randomUUID(), ...payment }));
    for (const payment of payments) {
      await client.query(
        `insert into "order_payment" ("id", "seller_id", "order_id", "method", "status", "amount", "installments", "paid_at", "transaction_id", "created_at")
         values ($1, $2, $3, $4, $5, $6, 1, null, null, $7)`,
        [payment.id, sellerId, orderId, payment.method, payment.status, payment.amount, now],
      );
    }
    const values = items.map((_, index) => `($${index * 7 + 1}, $${index * 7 + 2}, $${index * 7 + 3}, $${index * 7 + 4}, $${index * 7 + 5}, $${index * 7 + 5}, $${index * 7 + 6}, $${index * 7 + 7}, '0.00', $${index * 7 + 7})`);
    await client.query(
      `insert into "order_item" ("id", "seller_id", "order_id", "position", "sku", "title", "quantity", "unit_price", "discount", "total") values ${values.join(', ')}`,
      items.flatMap((item) => [randomUUID(), sellerId, orderId, item.position, item.sku, item.quantity, item.unitPrice]),
    );
    const skus = [...new Set(items.map((item) => item.sku as string))].sort();
    const { rows: stock } = await client.query(
      'select id, sku, sellable, on_hand, reserved, available, channels from stock where seller_id = $1 and sku = any($2) order by sku for update',
      [sellerId, skus],
    );
    await client.query('select code, name, active, share_percent, safety_stock, max_quantity from channel where seller_id = $1 order by code', [sellerId]);
    const wanted = new Map<string, number>();
    for (const item of items) wanted.set(item.sku, (wanted.get(item.sku) ?? 0) + item.quantity);
    const short = stock.filter((row) => wanted.get(row.sku)! > row.available);
    if (short.length > 0 || stock.length !== skus.length) throw Object.assign(new Error('short'), { status: 409 });
    const figures = stock.map((row) => {
      const reserved = row.reserved + wanted.get(row.sku)!;
      const available = row.on_hand - reserved;
      return { sku: row.sku, on_hand: row.on_hand, reserved, available, channels: [{ channel: input.channel, quantity: available }] };
    });
    await client.query(
      `update stock s set on_hand = v.on_hand, reserved = v.reserved, available = v.available, channels = v.channels, updated_at = now()
         from jsonb_to_recordset($1::jsonb) as v(sku text, on_hand int, reserved int, available int, channels jsonb)
        where s.seller_id = $2 and s.sku = v.sku`,
      [JSON.stringify(figures), sellerId],
    );
    const view = {
      id: orderId, number, channel: input.channel, externalId: input.externalId, status, customer, deliveryAddress: address,
      amounts: { items: total, shipping: '0.00', discount: '0.00', total }, invoice: null, shipment: null, cancellationReason: null,
      placedAt: now.toISOString(), createdAt: now.toISOString(), updatedAt: now.toISOString(),
      items: items.map((item) => ({ sku: item.sku, title: item.sku, quantity: item.quantity, unitPrice: item.unitPrice, discount: '0.00', total: item.total })),
      payments: payments.map((payment) => ({ id: payment.id, method: payment.method, status: payment.status, amount: payment.amount, installments: 1, paidAt: null, transactionId: null })),
      statusHistory: [{ status, at: now.toISOString(), note: null }],
    };
    const events: [string, string, string, unknown][] = [
      ...figures.map((figure) => ['estoque.alterado', 'sku', figure.sku, figure] as [string, string, string, unknown]),
      ['pedido.criado', 'order', orderId, view],
      ...payments.map((payment) => ['pagamento.alterado', 'order', orderId, { orderId, paymentId: payment.id, status: payment.status, amount: payment.amount }] as [string, string, string, unknown]),
    ];
    for (const [type, aggregateType, aggregateId, payload] of events) {
      const { rows: [{ last_sequence: sequence }] } = await client.query(
        `insert into aggregate_sequence (seller_id, aggregate_type, aggregate_id, last_sequence) values ($1, $2, $3, 1)
         on conflict (seller_id, aggregate_type, aggregate_id) do update set last_sequence = aggregate_sequence.last_sequence + 1 returning last_sequence`,
        [sellerId, aggregateType, aggregateId],
      );
      await client.query(
        `insert into "outbox_event" ("id", "seller_id", "type", "aggregate_type", "aggregate_id", "sequence", "payload", "created_at") values ($1, $2, $3, $4, $5, $6, $7, now())`,
        // A UUID v7, as the service's: the outbox is partitioned by its ids' weeks.
        [v7(), sellerId, type, aggregateType, aggregateId, sequence, JSON.stringify(payload)],
      );
    }
    await client.query('commit');
    send(response, 201, view);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    const status = (error as { status?: number }).status;
    send(response, status ?? 500, { title: status ? 'Refused' : String(error) });
  } finally {
    client.release();
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

const server = createServer((request, response) => {
  const path = request.url!.split('?')[0];
  const route =
    path === '/health' ? async () => send(response, 200, { status: 'ok' })
    : path === '/pedidos' && request.method === 'GET' ? () => restList(request, response)
    : path === '/pedidos' && request.method === 'POST' ? () => createOrder(request, response)
    : path === '/graphql' && request.method === 'POST' ? () => graphqlList(request, response)
    : async () => send(response, 404, { title: 'Not Found' });
  route().catch((error: unknown) => send(response, 500, { title: String(error) }));
});
server.keepAliveTimeout = 10_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
