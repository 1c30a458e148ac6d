/**
 * 1,000 linked SKUs whose stock changes 10 times each in a burst (a SKU's changes one
 * after another, as a busy SKU's orders and restocks come), on a channel connected to
 * WooCommerce and one connected to Mercado Livre (stand-ins on 127.0.0.1 answering after
 * PLATFORM_LATENCY_MS, as a platform's API does): how many calls
 * the platforms get (without coalescing: one per change and platform), how long until
 * every stand-in holds every final figure, and how many values arrived after a newer one
 * (stale: must be 0). Each SKU's onHand only grows, so its published quantity never goes
 * back: a value below one received before is stale.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createBenchDatabase } from '../lib/database.js';
import { startService } from '../lib/processes.js';
import { report } from '../lib/report.js';

const SKUS = 1000;
const CHANGES = 10;
const CONNECTIONS = 16;
/** What a platform's write API takes to answer; while one call is out, a SKU's newer changes wait and coalesce. */
const PLATFORM_LATENCY_MS = 100;
const sku = (index: number) => `SYNC-${String(index).padStart(4, '0')}`;

/** A platform stand-in recording each listing's values in arrival order (WooCommerce's or Mercado Livre's PUT). */
async function standIn(field: 'stock_quantity' | 'available_quantity') {
  const received = new Map<string, number[]>();
  let calls = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls++;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, number>;
      const key = request.url!.split('/').pop()!;
      if (body[field] !== undefined) received.set(key, [...(received.get(key) ?? []), body[field]]);
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: key })), PLATFORM_LATENCY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, received, calls: () => calls, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Runs `work(i)` for i < count, `concurrency` at a time. */
async function pool(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await work(next++);
  }));
}

export async function channelSync(): Promise<void> {
  const database = await createBenchDatabase();
  const service = await startService(database.url, 'all', { SECRETS_KEY: randomBytes(32).toString('base64') });
  const woo = await standIn('stock_quantity');
  const ml = await standIn('available_quantity');
  const api = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${service.url}${path}`, { method, headers: { authorization: `Bearer ${database.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  };
  try {
    for (const code of ['bench-woo', 'bench-ml']) await api('PUT', `/canais/${code}`, { name: code });
    for (let start = 0; start < SKUS; start += 100) {
      await api('PUT', '/produtos', { products: Array.from({ length: 100 }, (_, offset) => ({ sku: sku(start + offset), title: `Sync ${start + offset}`, publicationStatus: 'published' })) });
    }
    await api('PUT', '/canais/bench-woo/conexao', { platform: 'woocommerce', siteUrl: woo.url, consumerKey: 'ck', consumerSecret: 'cs', webhookSecret: 'wh' });
    await api('PUT', '/canais/bench-ml/conexao', { platform: 'mercadolivre', apiBaseUrl: ml.url, userId: '1', clientId: 'c', clientSecret: 's', accessToken: 'APP_USR-x', refreshToken: 'TG-x' });
    for (let start = 0; start < SKUS; start += 500) {
      const range = Array.from({ length: 500 }, (_, offset) => start + offset);
      await api('PUT', '/canais/bench-woo/anuncios', { links: range.map((index) => ({ sku: sku(index), listingId: String(1000 + index) })) });
      await api('PUT', '/canais/bench-ml/anuncios', { links: range.map((index) => ({ sku: sku(index), listingId: `MLB${1000 + index}` })) });
    }
    const holdsAll = (quantity: number) =>
      Array.from({ length: SKUS }, (_, index) => index).every((index) => woo.received.get(String(1000 + index))?.at(-1) === quantity && ml.received.get(`MLB${1000 + index}`)?.at(-1) === quantity);
    while (!holdsAll(0)) await new Promise((resolve) => setTimeout(resolve, 50));
    const callsBefore = woo.calls() + ml.calls();
    const started = performance.now();
    // Each SKU's ten changes in a burst (onHand 1, 2, … 10, one after another), SKUs side by side.
    await pool(SKUS, CONNECTIONS, async (index) => {
      for (let change = 1; change <= CHANGES; change++) await api('PATCH', `/estoque/${sku(index)}`, { onHand: change });
    });
    const changedMs = performance.now() - started;
    while (!holdsAll(CHANGES)) await new Promise((resolve) => setTimeout(resolve, 20));
    const syncedMs = performance.now() - started;
    const calls = woo.calls() + ml.calls() - callsBefore;
    let stale = 0;
    for (const values of [...woo.received.values(), ...ml.received.values()]) values.forEach((value, index) => index > 0 && value < values[index - 1]! && stale++);
    const uncoalesced = SKUS * CHANGES * 2;
    report({ scenario: 'channel-sync', name: `platform calls for ${SKUS * CHANGES} stock changes × 2 platforms`, value: calls, unit: 'calls', baseline: uncoalesced, detail: 'baseline: one call per change and platform, no coalescing' });
    report({ scenario: 'channel-sync', name: 'until every stand-in holds every final figure', value: syncedMs / 1000, unit: 's', detail: `the ${SKUS * CHANGES} PATCH /estoque took ${(changedMs / 1000).toFixed(1)} s at ${CONNECTIONS} connections` });
    report({ scenario: 'channel-sync', name: 'stale values (an older value after a newer one)', value: stale, unit: 'values' });
  } finally {
    await service.stop();
    await woo.close();
    await ml.close();
    await database.drop();
  }
}
