import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InboundWorker } from '../../src/channels/inbound-worker.js';
import { createLogger } from '../../src/logger.js';
import { call, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { waitUntil } from '../webhooks/receiver.js';
import { mercadoLivreStandIn, type PlatformStandIn } from './platform-stand-ins.js';
import * as world from './world.js';
import { fixture, postInbound, shopifyHeaders } from './world.js';

const SECRETS_KEY = randomBytes(32).toString('base64');
/** Imports one process runs at once (CHANNEL_INBOUND_CONCURRENCY's default). */
const CONCURRENCY = 64;
/** The default headroom (CHANNEL_INBOUND_RESERVED_SLOTS): slots only connections and sellers under their caps may take. */
const HEADROOM = 8;
/** What a connection alone may hold: its cap, and the idle slots beyond the headroom. */
const ALONE = CONCURRENCY - HEADROOM;
/** Seller A's burst: several times the slots there are. */
const BURST = 200;
/** Waits for the worker: generous, the machine may be loaded with other suites. */
const WAIT_MS = 60_000;

interface InboundCounts {
  pending: number;
  processed: number;
  /** Notifications claimed more than once. */
  retaken: number;
}

/**
 * One seller's burst of Mercado Livre notifications, whose orders its platform is slow to
 * give, against another seller's Shopify order, through the inbound worker with the
 * default caps and concurrency. The Mercado Livre stand-in holds every order read until
 * the test lets go (as slow as the test wants, no timed assertion): seller B's order is
 * imported while every one of A's is still held, A holds no more than its share, and
 * once its platform answers A's backlog is imported in full, each notification once.
 */
describe('fair claiming of channel imports across sellers and connections', () => {
  let server: TestApp;
  let worker: InboundWorker;
  let ml: PlatformStandIn;

  beforeAll(async () => {
    // Requests wait far longer than the test does for B: A's held reads do not time out.
    server = await startTestApp({ env: { SECRETS_KEY, CHANNEL_TIMEOUT_MS: String(4 * WAIT_MS) } });
    worker = new InboundWorker({ config: server.config, orm: server.orm, logger: createLogger(server.config) });
    await worker.start();
    ml = await mercadoLivreStandIn();
  });
  afterAll(async () => {
    // A failed test may leave A's reads held: the worker's stop waits for them.
    ml.state.release();
    await worker.stop();
    await ml.server.close();
    await server.close();
  });

  async function connected(code: string, connection: Record<string, unknown>): Promise<{ seller: TestSeller; inboundUrl: string }> {
    const seller = await world.sellerWith(server.orm, code);
    const put = await call(server, seller, 'PUT', `/canais/${code}/conexao`, connection);
    expect(put.status).toBe(200);
    return { seller, inboundUrl: put.body.inboundUrl };
  }

  /** Read from the database: polling the API would spend the seller's rate limit. */
  async function ordersIn(seller: TestSeller, channel: string): Promise<number> {
    const [{ orders }] = await server.orm.em.fork().execute<[{ orders: number }]>('select count(*)::int as orders from sales_order where seller_id = ? and channel = ?', [seller.id, channel]);
    return orders;
  }

  async function countsOf(seller: TestSeller): Promise<InboundCounts> {
    const [counts] = await server.orm.em.fork().execute<InboundCounts[]>(
      `select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'processed')::int as processed,
              count(*) filter (where attempts > 1)::int as retaken
         from channel_inbound where seller_id = ?`,
      [seller.id],
    );
    return counts!;
  }

  it("imports B's Shopify order while A's Mercado Livre platform holds every order read of A's burst, then imports all of A's once", async () => {
    const a = await connected('mercadolivre', {
      platform: 'mercadolivre',
      apiBaseUrl: ml.server.url,
      userId: '468424240',
      clientId: 'app',
      clientSecret: 'secret',
      accessToken: 'APP_USR-access',
      refreshToken: 'TG-refresh',
    });
    const secret = 'shpss_fair_secret';
    const b = await connected('loja-shopify', {
      platform: 'shopify',
      apiBaseUrl: 'http://127.0.0.1:9',
      shopDomain: 'minha-loja.myshopify.com',
      accessToken: 'shpat_fair',
      webhookSecret: secret,
      locationId: 'gid://shopify/Location/1',
    });

    ml.state.hold();
    const notification = JSON.parse(fixture('mercadolivre/notification.json')) as Record<string, unknown>;
    for (let start = 0; start < BURST; start += 20) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          postInbound(a.inboundUrl, JSON.stringify({ ...notification, _id: `burst-${start + i}`, resource: `/orders/${3_000_000_000 + start + i}` })),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    }
    // A's platform now holds every order read it gets: as many as A may have in flight alone.
    await waitUntil(() => ml.state.open >= ALONE, WAIT_MS, () => `${ml.state.open} held by A's platform`);

    const body = fixture('shopify/orders-create.json');
    expect((await postInbound(b.inboundUrl, body, shopifyHeaders(secret, body, 'fair-delivery-1'))).status).toBe(200);
    await waitUntil(async () => (await ordersIn(b.seller, 'loja-shopify')) === 1, WAIT_MS, () => "B's order not imported");
    // Not one of A's has been answered: B's went through the headroom, A holds what it did alone.
    expect(await countsOf(a.seller)).toEqual({ pending: BURST, processed: 0, retaken: 0 });
    expect(ml.state.open).toBe(ALONE);
    expect(ml.state.mostOpen).toBe(ALONE);

    ml.state.release();
    let counts: InboundCounts | undefined;
    await waitUntil(async () => (counts = await countsOf(a.seller)).processed === BURST, 2 * WAIT_MS, () => JSON.stringify(counts));
    // Each notification claimed once, each order imported once.
    expect(await countsOf(a.seller)).toEqual({ pending: 0, processed: BURST, retaken: 0 });
    expect(await ordersIn(a.seller, 'mercadolivre')).toBe(BURST);
    expect(ml.state.mostOpen).toBe(ALONE);
  }, 5 * WAIT_MS);
});
