import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { putChannel } from '../../src/catalog/channel.service.js';
import { SyncWorker } from '../../src/channels/sync-worker.js';
import { forkForSeller } from '../../src/db/orm.js';
import { createLogger } from '../../src/logger.js';
import { call, createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { createSellableSku } from '../support/catalog.js';
import { waitUntil } from '../webhooks/receiver.js';
import { startStallingReceiver, type StallingReceiver } from '../webhooks/stalling-receiver.js';
import { wooCommerceStandIn, type PlatformStandIn } from './platform-stand-ins.js';

const SECRETS_KEY = randomBytes(32).toString('base64');
/** Sync attempts one process runs at once (WEBHOOK_CONCURRENCY's default). */
const CONCURRENCY = 80;
/** The default cap (WEBHOOK_DESTINATION_MAX_IN_FLIGHT): what one connection may hold while others wait. */
const CONNECTION_CAP = 16;
/** The default headroom (WEBHOOK_RESERVED_SLOTS): slots only work under its caps may take. */
const HEADROOM = 16;
/** What a connection alone may hold: its cap, and the idle slots beyond the headroom. */
const ALONE = CONCURRENCY - HEADROOM;
/** More linked SKUs than A may sync at once: its backlog alone could take every slot. */
const LINKED_BY_A = 100;
const LINKED_BY_B = 20;
/** Waits for the workers: generous, the machine may be loaded with other suites. */
const WAIT_MS = 60_000;

/**
 * One seller's slow platform against another seller's, through the sync worker as a
 * process runs it (the default caps and concurrency), on WooCommerce stand-ins on
 * 127.0.0.1. Seller A's platform holds every write until the test lets go (as slow as
 * the test wants, no timed assertion), or never answers at all (the attempt times out).
 * Either way all of seller B's values reach B's platform while A's are still stuck, and A
 * holds no more than its share.
 */
describe('fair claiming of channel syncs across sellers and connections', () => {
  let server: TestApp;
  let worker: SyncWorker | undefined;
  const closing: { close(): Promise<void> }[] = [];
  const platforms: PlatformStandIn[] = [];

  beforeAll(async () => {
    // Requests wait far longer than the test does for B: A's held writes do not time out.
    server = await startTestApp({ env: { SECRETS_KEY, CHANNEL_TIMEOUT_MS: String(2 * WAIT_MS) } });
  });
  afterEach(async () => {
    // A failed test may leave A's writes held: the worker's stop waits for them.
    for (const platform of platforms.splice(0)) platform.state.release();
    await worker?.stop();
    worker = undefined;
    await Promise.all(closing.splice(0).map((stand) => stand.close()));
  });
  afterAll(() => server.close());

  function startWorker(settings: Partial<TestApp['config']> = {}): SyncWorker {
    worker = new SyncWorker({ config: { ...server.config, ...settings }, orm: server.orm, logger: createLogger(server.config) });
    return worker;
  }

  async function wooStandIn(): Promise<PlatformStandIn> {
    const woo = await wooCommerceStandIn();
    closing.push(woo.server);
    platforms.push(woo);
    return woo;
  }

  /** A seller whose channel `loja` is connected to the WooCommerce site at `siteUrl`, with `count` SKUs of 10 units. */
  async function sellerOn(siteUrl: string, prefix: string, count: number): Promise<{ seller: TestSeller; skus: string[] }> {
    const seller = await createTestSeller(server.orm);
    await putChannel(forkForSeller(server.orm, seller.id), seller.id, 'loja', { name: 'loja' });
    const skus = Array.from({ length: count }, (_, n) => `${prefix}-${String(n).padStart(3, '0')}`);
    for (const sku of skus) await createSellableSku(server.orm, seller.id, { sku, onHand: 10 });
    const put = await call(server, seller, 'PUT', '/canais/loja/conexao', { platform: 'woocommerce', siteUrl, consumerKey: 'ck_test', consumerSecret: 'cs_test', webhookSecret: 'whs' });
    expect(put.status).toBe(200);
    return { seller, skus };
  }

  /** Links each SKU to its own product (ids from `firstId`): linking queues each one's quantity. */
  async function link(seller: TestSeller, skus: string[], firstId: number): Promise<void> {
    const linked = await call(server, seller, 'PUT', '/canais/loja/anuncios', { links: skus.map((sku, n) => ({ sku, listingId: String(firstId + n) })) });
    expect(linked.status).toBe(200);
  }

  /** The seller's sync rows by status. */
  async function syncStatuses(seller: TestSeller): Promise<Record<string, number>> {
    const rows = await server.orm.em.fork().execute<{ status: string; n: number }[]>('select status, count(*)::int as n from channel_sync where seller_id = ? group by status', [seller.id]);
    return Object.fromEntries(rows.map((row) => [row.status, row.n]));
  }

  it("sends all of B's values while A's platform holds every request it gets, then drains A, never above what A may hold", async () => {
    const wooA = await wooStandIn();
    const wooB = await wooStandIn();
    const a = await sellerOn(wooA.server.url, 'A', LINKED_BY_A);
    const b = await sellerOn(wooB.server.url, 'B', LINKED_BY_B);
    startWorker();
    await worker!.start();

    wooA.state.hold();
    await link(a.seller, a.skus, 1000);
    // A's platform now holds every write it gets: as many as A may have in flight alone.
    await waitUntil(() => wooA.state.open >= ALONE, WAIT_MS, () => `${wooA.state.open} held by A's platform`);
    await link(b.seller, b.skus, 2000);

    // All of B's, while not one of A's has been answered yet.
    await waitUntil(() => wooB.state.quantities.size === LINKED_BY_B, WAIT_MS, () => `${wooB.state.quantities.size} of B's received`);
    expect([...wooB.state.quantities.values()].every((values) => values.at(-1) === 10)).toBe(true);
    expect(wooA.state.quantities.size).toBe(0);
    // A holds no more than it did alone: B's went through the headroom.
    expect(wooA.state.open).toBe(ALONE);
    expect(wooA.state.mostOpen).toBe(ALONE);
    await waitUntil(async () => (await syncStatuses(b.seller)).synced === LINKED_BY_B, WAIT_MS);

    // Once its platform answers (each write taking a moment, so they overlap), A's backlog drains in full.
    wooA.state.delayMs = 50;
    wooA.state.release();
    let statuses: Record<string, number> = {};
    await waitUntil(async () => (statuses = await syncStatuses(a.seller)).synced === LINKED_BY_A, WAIT_MS, () => JSON.stringify(statuses));
    expect(wooA.state.quantities.size).toBe(LINKED_BY_A);
    expect(wooA.state.mostOpen).toBe(ALONE);
  }, 4 * WAIT_MS);

  it("sends B's values while A's platform never answers, A held to its hard cap: its attempts time out and wait for their retry", async () => {
    const silent: StallingReceiver = await startStallingReceiver('silent');
    closing.push(silent);
    const wooB = await wooStandIn();
    const a = await sellerOn(new URL(silent.url).origin, 'A', LINKED_BY_A);
    const b = await sellerOn(wooB.server.url, 'B', LINKED_BY_B);
    // Hard caps (no slot beyond them, idle or not); A's requests give up after a second and a half.
    startWorker({ webhookReservedSlots: CONCURRENCY, channelTimeoutMs: 1500, webhookBackoffBaseMs: 600_000 });
    await worker!.start();

    await link(a.seller, a.skus, 1000);
    await waitUntil(() => silent.open() >= CONNECTION_CAP, WAIT_MS, () => `${silent.open()} open at A's platform`);
    await link(b.seller, b.skus, 2000);

    await waitUntil(() => wooB.state.quantities.size === LINKED_BY_B, WAIT_MS, () => `${wooB.state.quantities.size} of B's received`);
    expect(silent.mostOpen()).toBeLessThanOrEqual(CONNECTION_CAP);
    // A's attempts end as timeouts and wait for their retry, none lost.
    let statuses: Record<string, number> = {};
    await waitUntil(async () => ((statuses = await syncStatuses(a.seller)).retrying ?? 0) >= CONNECTION_CAP, WAIT_MS, () => JSON.stringify(statuses));
    expect((statuses.pending ?? 0) + (statuses.retrying ?? 0)).toBe(LINKED_BY_A);
    const [timeout] = await server.orm.em.fork().execute<{ error: string }[]>('select error from channel_sync_attempt where seller_id = ? limit 1', [a.seller.id]);
    expect(timeout).toEqual({ error: 'timeout' });
    expect(silent.mostOpen()).toBeLessThanOrEqual(CONNECTION_CAP);
  }, 4 * WAIT_MS);
});
