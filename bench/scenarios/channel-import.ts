/**
 * Shopify-signed `orders/create` webhooks into a connected channel's inbound URL at 32
 * connections, against the same orders (3 of the 50 products, one approved payment)
 * sent to POST /pedidos in the same run. For both, each order's time is from the moment
 * its request was sent to its `pedido.criado` (the event row's clock_timestamp), and
 * throughput is orders over the time from the first send to the last event: the
 * webhook's own answer comes before the import, so its request rate says nothing.
 * Saturated (every connection sending as fast as it is answered) and paced (half the
 * rate POST /pedidos sustained, where neither path queues).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Pool } from 'undici';
import { CHANNEL, createBenchDatabase, settle, skuOf, withClient } from '../lib/database.js';
import { orderBody } from '../lib/orders.js';
import { startService } from '../lib/processes.js';
import { percentile, report } from '../lib/report.js';

const CONNECTIONS = 32;
const SECONDS = 8;
const SHOPIFY_CHANNEL = 'loja-shopify';
const SECRET = 'bench-webhook-secret';
/** Shopify's published orders/create sample (test/channels/fixtures/shopify/README.md names its page); npm run bench runs from the repository. */
const SAMPLE = JSON.parse(readFileSync(resolve('test/channels/fixtures/shopify/orders-create.json'), 'utf8')) as Record<string, unknown>;

interface Sender {
  path: string;
  /** The request for order `n`: its external id, body and headers. */
  request(n: number): { externalId: string; body: string; headers: Record<string, string> };
  channel: string;
}

let orderNumber = 0;

/** The sample with the bench order's lines and amounts: 3 products at 10.00, paid, no shipping. */
function shopifyOrder(n: number): { externalId: string; body: string } {
  const id = 7_000_000_000 + n;
  const lines = [skuOf(n), skuOf(n + 17), skuOf(n + 33)].map((sku, index) => ({
    ...(SAMPLE.line_items as Record<string, unknown>[])[0],
    id: id * 10 + index,
    sku,
    quantity: 1,
    price: '10.00',
    total_discount: '0.00',
    discount_allocations: [],
  }));
  const body = JSON.stringify({
    ...SAMPLE,
    id,
    name: `#${id}`,
    financial_status: 'paid',
    total_price: '30.00',
    subtotal_price: '30.00',
    total_line_items_price: '30.00',
    total_discounts: '0.00',
    total_shipping_price_set: { shop_money: { amount: '0.00', currency_code: 'BRL' }, presentment_money: { amount: '0.00', currency_code: 'BRL' } },
    shipping_lines: [],
    line_items: lines,
  });
  return { externalId: String(id), body };
}

interface Run {
  orders: number;
  ordersPerSecond: number;
  p50: number;
  p99: number;
  /** Webhooks only (NaN otherwise): median from sending to the notification's row, and from that row to pedido.criado. */
  storedP50: number;
  importedP50: number;
  statuses: Record<string, number>;
}

/**
 * Sends for `seconds` on CONNECTIONS connections (paced at `rate` a second when given),
 * waits for every accepted order's pedido.criado, and reads each order's time from the
 * database's event rows.
 */
async function drive(url: string, databaseUrl: string, sellerId: string, sender: Sender, seconds: number, rate?: number): Promise<Run> {
  const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1 });
  const sentAt = new Map<string, number>();
  const statuses: Record<string, number> = {};
  const started = Date.now();
  const end = started + seconds * 1000;
  let ticket = 0;
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (;;) {
          const mine = ticket++;
          if (rate) {
            const due = started + (mine * 1000) / rate;
            if (due >= end) return;
            if (due > Date.now()) await new Promise((done) => setTimeout(done, due - Date.now()));
          } else if (Date.now() >= end) return;
          const { externalId, body, headers } = sender.request(orderNumber++);
          sentAt.set(externalId, Date.now());
          const answer = await pool.request({ method: 'POST', path: sender.path, headers: { 'content-type': 'application/json', ...headers }, body });
          await answer.body.dump();
          statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
          if (answer.statusCode >= 300) sentAt.delete(externalId);
        }
      }),
    );
  } finally {
    await pool.close();
  }
  const created = await withClient(databaseUrl, async (client) => {
    const read = () =>
      client.query<{ external_id: string; at: number; stored: number | null }>(
        `select o.external_id, (extract(epoch from e.created_at) * 1000)::float8 as at,
                (select (extract(epoch from min(i.received_at)) * 1000)::float8 from channel_inbound i where i.order_id = o.id) as stored
           from sales_order o join outbox_event e on e.aggregate_id = o.id::text and e.type = 'pedido.criado'
          where o.seller_id = $1 and o.channel = $2 and o.external_id = any($3::text[])`,
        [sellerId, sender.channel, [...sentAt.keys()]],
      );
    // Every accepted order is imported, or the figure says how many were not after two minutes.
    const deadline = Date.now() + 120_000;
    for (let rows = await read(); ; rows = await read()) {
      if (rows.rows.length >= sentAt.size || Date.now() > deadline) return rows.rows;
      await new Promise((done) => setTimeout(done, 100));
    }
  });
  const latencies = created.map((row) => row.at - sentAt.get(row.external_id)!);
  // The webhook's two legs: sent → stored (the answer's work), stored → imported (the worker's).
  const stored = created.filter((row) => row.stored !== null);
  const first = Math.min(...sentAt.values());
  const last = Math.max(...created.map((row) => row.at));
  if (created.length < sentAt.size) console.warn(`channel-import: ${sentAt.size - created.length} accepted orders never made pedido.criado`);
  return {
    orders: created.length,
    ordersPerSecond: (created.length * 1000) / (last - first),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    storedP50: percentile(stored.map((row) => row.stored! - sentAt.get(row.external_id)!), 50),
    importedP50: percentile(stored.map((row) => row.at - row.stored!), 50),
    statuses,
  };
}

export async function channelImport(): Promise<void> {
  const database = await createBenchDatabase();
  const service = await startService(database.url, 'all', {
    SECRETS_KEY: randomBytes(32).toString('base64'),
    // One store sending at the bench's rate for minutes: far above the default per connection.
    CHANNEL_INBOUND_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  try {
    const api = async (method: string, path: string, body: unknown) => {
      const response = await fetch(`${service.url}${path}`, { method, headers: { authorization: `Bearer ${database.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as Record<string, string>;
    };
    await api('PUT', `/canais/${SHOPIFY_CHANNEL}`, { name: 'Shopify' });
    const connection = await api('PUT', `/canais/${SHOPIFY_CHANNEL}/conexao`, {
      platform: 'shopify',
      apiBaseUrl: 'http://127.0.0.1:9',
      shopDomain: 'bench.myshopify.com',
      accessToken: 'shpat_bench',
      webhookSecret: SECRET,
      locationId: 'gid://shopify/Location/1',
    });
    const webhooks: Sender = {
      path: new URL(connection.inboundUrl!).pathname,
      channel: SHOPIFY_CHANNEL,
      request: (n) => {
        const { externalId, body } = shopifyOrder(n);
        return {
          externalId,
          body,
          headers: {
            'x-shopify-topic': 'orders/create',
            'x-shopify-hmac-sha256': createHmac('sha256', SECRET).update(body).digest('base64'),
            'x-shopify-webhook-id': `bench-${externalId}`,
            'x-shopify-shop-domain': 'bench.myshopify.com',
          },
        };
      },
    };
    const orders: Sender = {
      path: '/pedidos',
      channel: CHANNEL,
      request: () => {
        const body = orderBody();
        return { externalId: (JSON.parse(body) as { externalId: string }).externalId, body, headers: { authorization: `Bearer ${database.token}` } };
      },
    };
    const run = async (sender: Sender, seconds: number, rate?: number) => {
      const result = await drive(service.url, database.url, database.sellerId, sender, seconds, rate);
      await settle(database.url);
      return result;
    };
    await run(orders, 2);
    await run(webhooks, 2);

    const direct = await run(orders, SECONDS);
    const inbound = await run(webhooks, SECONDS);
    const detail = (measured: Run, base: Run) =>
      `p50 ${measured.p50.toFixed(0)} ms (sent → stored ${measured.storedP50.toFixed(0)}, stored → pedido.criado ${measured.importedP50.toFixed(0)}) p99 ${measured.p99.toFixed(0)} ms vs ${base.p50.toFixed(0)}/${base.p99.toFixed(0)} ms; ${measured.orders} vs ${base.orders} orders; answers ${JSON.stringify(measured.statuses)} vs ${JSON.stringify(base.statuses)}`;
    report({ scenario: 'channel-import', name: `webhooks → pedido.criado, ${CONNECTIONS} conn`, value: inbound.ordersPerSecond, unit: 'orders/s', baseline: direct.ordersPerSecond, detail: `baseline: POST /pedidos; ${detail(inbound, direct)}` });
    report({ scenario: 'channel-import', name: 'p99 send → pedido.criado, saturated', value: inbound.p99, unit: 'ms', baseline: direct.p99, detail: 'lower is better; the webhook path queues imports behind answers that came first' });

    const rate = Math.floor(direct.ordersPerSecond / 2);
    const pacedDirect = await run(orders, SECONDS, rate);
    const pacedInbound = await run(webhooks, SECONDS, rate);
    report({ scenario: 'channel-import', name: `p99 send → pedido.criado, ${rate}/s paced`, value: pacedInbound.p99, unit: 'ms', baseline: pacedDirect.p99, detail: `lower is better; ${detail(pacedInbound, pacedDirect)}` });
  } finally {
    await service.stop();
    await database.drop();
  }
}
