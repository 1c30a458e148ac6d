/**
 * Each bench run gets its own database on DATABASE_URL's server (the machine's
 * PostgreSQL), migrated and seeded the way a new user would: one seller with an API
 * token, one channel and 50 products with stock. Orders in bulk are made by SQL
 * (generate_series), so a million of them takes a minute rather than hours.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createSeller, createToken, OPERATOR } from '../../src/auth/auth.service.js';
import { putChannel } from '../../src/catalog/channel.service.js';
import { upsertProducts } from '../../src/catalog/product.service.js';
import { updateStock } from '../../src/catalog/stock.service.js';
import { createDatabase, dropDatabase } from '../../src/db/databases.js';
import { createOrm, forkForSeller, migrate } from '../../src/db/orm.js';
import { ENTITIES } from '../../src/modules.js';

export const CHANNEL = 'loja-propria';
export const PRODUCTS = 50;
export const skuOf = (index: number): string => `SKU-${String(index % PRODUCTS).padStart(3, '0')}`;

export interface BenchDatabase {
  url: string;
  sellerId: string;
  token: string;
  drop(): Promise<void>;
}

export function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('npm run bench needs DATABASE_URL (a PostgreSQL server; each run creates and drops its own database)');
  return url;
}

/** `server`: another PostgreSQL server than DATABASE_URL's (the `replica` scenario's own primary). */
export async function createBenchDatabase(options: { onHand?: number; server?: string } = {}): Promise<BenchDatabase> {
  const server = options.server ?? serverUrl();
  const name = `ponte_bench_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(server, name);
  const orm = await createOrm(url, { entities: ENTITIES });
  try {
    await migrate(orm);
    const seller = await seedSeller(orm, 'Bench', options.onHand);
    return { url, ...seller, drop: () => dropDatabase(server, name) };
  } finally {
    await orm.close(true);
  }
}

/** One more seller in a bench database, seeded like the first (its own token, channel, products and stock). */
export async function addBenchSeller(url: string, name: string): Promise<{ sellerId: string; token: string }> {
  const orm = await createOrm(url, { entities: ENTITIES });
  try {
    return await seedSeller(orm, name);
  } finally {
    await orm.close(true);
  }
}

async function seedSeller(orm: Awaited<ReturnType<typeof createOrm>>, name: string, onHand = 100_000_000): Promise<{ sellerId: string; token: string }> {
  const seller = await createSeller(orm.em.fork(), name);
  const { token } = await createToken(orm.em.fork(), { sellerId: seller.id, issuer: OPERATOR });
  const em = () => forkForSeller(orm, seller.id);
  await putChannel(em(), seller.id, CHANNEL, { name: 'Loja própria' });
  const skus = Array.from({ length: PRODUCTS }, (_, index) => skuOf(index));
  await upsertProducts(em(), seller.id, skus.map((sku) => ({ sku, title: `Produto ${sku}` })));
  for (const sku of skus) await updateStock(em(), seller.id, sku, { onHand });
  return { sellerId: seller.id, token };
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const CUSTOMER = { name: 'Maria', email: 'maria@example.com', phone: null, document: '52998224725' };
const ADDRESS = {
  recipient: 'Maria', street: 'Rua', number: '1', complement: null, district: 'Centro',
  city: 'São Paulo', state: 'SP', postalCode: '01310100', country: 'BR',
};

/**
 * `count` orders of 3 items and one payment each, as the service would have stored them,
 * one second apart and ending now. Written in chunks so a million stays within memory.
 */
export async function seedOrders(url: string, sellerId: string, count: number): Promise<void> {
  const chunk = 100_000;
  await withClient(url, async (client) => {
    for (let start = 1; start <= count; start += chunk) {
      const end = Math.min(count, start + chunk - 1);
      await client.query('begin');
      await client.query(
        `insert into sales_order (id, seller_id, number, channel, external_id, status, customer, delivery_address,
           items_amount, shipping_amount, discount_amount, total_amount, placed_at, created_at, updated_at)
         select gen_random_uuid(), $1, n, $2, 'seed-' || n, 'aprovado', $3::jsonb, $4::jsonb, '30.00', '0.00', '0.00', '30.00', t, t, t
           from generate_series($5::int, $6::int) n,
                lateral (select date_trunc('milliseconds', now() - ($7::int - n) * interval '1 second') as t) x`,
        [sellerId, CHANNEL, JSON.stringify(CUSTOMER), JSON.stringify(ADDRESS), start, end, count],
      );
      const chunkOrders = `select id, seller_id, created_at from sales_order where seller_id = $1 and number between $2 and $3`;
      await client.query(
        `insert into order_item (id, seller_id, order_id, position, sku, title, quantity, unit_price, discount, total)
         select gen_random_uuid(), o.seller_id, o.id, p, 'SKU-00' || p, 'Produto SKU-00' || p, 1, '10.00', '0.00', '10.00'
           from (${chunkOrders}) o, generate_series(0, 2) p`,
        [sellerId, start, end],
      );
      await client.query(
        `insert into order_payment (id, seller_id, order_id, method, status, amount, installments, paid_at, transaction_id, created_at)
         select gen_random_uuid(), o.seller_id, o.id, 'pix', 'approved', '30.00', 1, null, null, o.created_at from (${chunkOrders}) o`,
        [sellerId, start, end],
      );
      await client.query(
        `insert into order_status_change (id, seller_id, order_id, status, at, note)
         select gen_random_uuid(), o.seller_id, o.id, 'aprovado', o.created_at, null from (${chunkOrders}) o`,
        [sellerId, start, end],
      );
      await client.query('commit');
    }
    await client.query(
      `insert into order_number_sequence (seller_id, last_number) values ($1, $2)
       on conflict (seller_id) do update set last_number = excluded.last_number`,
      [sellerId, count],
    );
    // Vacuumed as well as analysed: otherwise autovacuum visits the freshly inserted
    // millions of rows during the figures that follow.
    await client.query('vacuum analyze');
  });
}

/**
 * Waits until no statement or transaction of the service or the baseline is still under
 * way in the database. autocannon stops sending at the end of a run, not the server
 * working: without this, the next figure would start with the last one's stragglers
 * (and the naive baseline, which takes its locks in another order, could deadlock with
 * the service's).
 */
export async function settle(url: string, timeoutMs = 60_000): Promise<void> {
  await withClient(url, async (client) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ busy: number }>(
        `select count(*)::int as busy from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state not in ('idle') and backend_type = 'client backend'`,
      );
      if (rows[0]!.busy === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
}
