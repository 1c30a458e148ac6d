import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putChannel } from '../../src/catalog/channel.service.js';
import { getStock } from '../../src/catalog/stock.service.js';
import { inboundLeaseMs } from '../../src/channels/inbound-worker.js';
import { forkForSeller } from '../../src/db/orm.js';
import { createTestSeller, type TestSeller } from '../support/app.js';
import { createSellableSku, recordedEvents } from '../support/catalog.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { startService, type Service } from '../support/process.js';
import { waitUntil } from '../webhooks/receiver.js';
import { StandIn } from './stand-in.js';
import { fixture, shopifyHeaders } from './world.js';

const SECRETS_KEY = randomBytes(32).toString('base64');
/** Platform requests give up after this long: a dead worker's lease (ten of them) outlasts starting another process, and runs out within the test. */
const CHANNEL_TIMEOUT_MS = 2000;

interface InboundRow {
  status: string;
  attempts: number;
  /** Epoch milliseconds. */
  lease_ms: number | null;
  order_id: string | null;
}

/**
 * Real service processes on one database, killed with SIGKILL: a notification answered
 * 200 is imported after a restart, exactly once; an import cut short by the kill is taken
 * by another process once the dead one's lease runs out.
 */
describe('channel notifications across processes killed with SIGKILL', () => {
  let database: TestDatabase;
  let seller: TestSeller;
  const services: Service[] = [];

  const start = async (role: 'api' | 'all' | 'dispatcher') => {
    const service = await startService(
      {
        DATABASE_URL: database.url,
        ROLE: role,
        SECRETS_KEY,
        CHANNEL_TIMEOUT_MS: String(CHANNEL_TIMEOUT_MS),
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_BACKOFF_BASE_MS: '20',
        WEBHOOK_BACKOFF_MAX_MS: '200',
      },
      ['--no-migrate'],
    );
    services.push(service);
    return service;
  };
  const kill = async (service: Service) => {
    service.process.child.kill('SIGKILL');
    await service.process.exited;
  };
  const rest = async (service: Service, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${service.url}${path}`, { method, headers: seller.headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const inbound = async (deliveryId: string) =>
    (await database.orm.em.fork().execute<InboundRow[]>('select status, attempts, (extract(epoch from lease_expires_at) * 1000)::float8 as lease_ms, order_id from channel_inbound where delivery_id = ?', [deliveryId]))[0];
  const ordersOf = async (channel: string) =>
    database.orm.em.fork().execute<{ id: string }[]>('select id from sales_order where seller_id = ? and channel = ?', [seller.id, channel]);
  /** The inbound URL's key: each process answers the URL with its own address. */
  const keyOf = (inboundUrl: string) => new URL(inboundUrl).pathname.split('/').pop()!;

  beforeAll(async () => {
    database = await createTestDatabase();
    seller = await createTestSeller(database.orm);
    const em = forkForSeller(database.orm, seller.id);
    for (const code of ['loja-shopify', 'mercadolivre']) await putChannel(em, seller.id, code, { name: code });
    for (const sku of ['CANECA-PONTE', 'CAMISETA-AZUL-M']) await createSellableSku(database.orm, seller.id, { sku, onHand: 10 });
  });

  afterAll(async () => {
    await Promise.all(services.map(kill));
    await database?.drop();
  });

  it('imports a notification answered 200 just before a SIGKILL once the service is back, exactly once', async () => {
    const secret = 'shpss_kill_secret';
    const body = fixture('shopify/orders-create.json');
    const headers = { 'content-type': 'application/json', ...shopifyHeaders(secret, body, 'kill-delivery-1') };
    // The accepting process runs no worker (ROLE=api): whatever is imported later was stored before the answer.
    const accepting = await start('api');
    const put = await rest(accepting, 'PUT', '/canais/loja-shopify/conexao', {
      platform: 'shopify',
      apiBaseUrl: 'http://127.0.0.1:9',
      shopDomain: 'minha-loja.myshopify.com',
      accessToken: 'shpat_kill',
      webhookSecret: secret,
      locationId: 'gid://shopify/Location/1',
    });
    expect(put.status).toBe(200);
    const key = keyOf(put.body.inboundUrl);

    const answer = await fetch(`${accepting.url}/entrada/${key}`, { method: 'POST', headers, body });
    await kill(accepting);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, duplicate: false });
    expect(await inbound('kill-delivery-1')).toMatchObject({ status: 'pending', attempts: 0, order_id: null });
    expect(await ordersOf('loja-shopify')).toEqual([]);

    const restarted = await start('all');
    await waitUntil(async () => (await inbound('kill-delivery-1'))?.status === 'processed', 60_000, () => JSON.stringify(restarted.process.output().slice(-2000)));
    // Shopify sends it again (it never saw an answer it trusted): nothing more is stored.
    const again = await fetch(`${restarted.url}/entrada/${key}`, { method: 'POST', headers, body });
    expect(await again.json()).toEqual({ received: true, duplicate: true });

    expect(await ordersOf('loja-shopify')).toHaveLength(1);
    expect(await recordedEvents(database.orm, seller.id, 'pedido.criado')).toHaveLength(1);
    expect((await getStock(forkForSeller(database.orm, seller.id), seller.id, 'CAMISETA-AZUL-M')).reserved).toBe(2);
    expect(await inbound('kill-delivery-1')).toMatchObject({ status: 'processed', attempts: 1 });
    await kill(restarted);
  }, 180_000);

  it('leaves an import cut short by a SIGKILL to another process once its lease runs out', async () => {
    let hang = true;
    const reads: number[] = [];
    const platform = await new StandIn([
      [
        /^GET \/orders\/\d+$/,
        async (request) => {
          reads.push(Date.now());
          // The first read never answers: the worker dies waiting for it.
          while (hang) await new Promise((resolve) => setTimeout(resolve, 20));
          return { status: 200, body: { ...JSON.parse(fixture('mercadolivre/order.json')), id: Number(request.path.split('/')[2]), seller: { id: 468424240 } } };
        },
      ],
      [/^GET \/shipments\/\d+$/, () => ({ status: 200, body: JSON.parse(fixture('mercadolivre/shipment.json')) })],
    ]).start();
    try {
      const first = await start('all');
      const put = await rest(first, 'PUT', '/canais/mercadolivre/conexao', {
        platform: 'mercadolivre',
        apiBaseUrl: platform.url,
        userId: '468424240',
        clientId: '5503910054141466',
        clientSecret: 'client-secret',
        accessToken: 'APP_USR-valid',
        refreshToken: 'TG-refresh-1',
      });
      expect(put.status).toBe(200);
      const notification = fixture('mercadolivre/notification.json');
      const deliveryId = JSON.parse(notification)._id as string;
      const answer = await fetch(`${first.url}/entrada/${keyOf(put.body.inboundUrl)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: notification });
      expect(answer.status).toBe(200);

      await waitUntil(() => reads.length === 1, 30_000, () => first.process.output().slice(-2000));
      await kill(first);
      const claimed = (await inbound(deliveryId))!;
      expect(claimed).toMatchObject({ status: 'pending', attempts: 1, order_id: null });
      expect(claimed.lease_ms!).toBeGreaterThan(Date.now());
      hang = false;

      const next = await start('dispatcher');
      await waitUntil(async () => (await inbound(deliveryId))?.status === 'processed', 60_000, () => next.process.output().slice(-2000));
      // The order was read again only after the dead worker's lease ran out, and imported once.
      expect(reads).toHaveLength(2);
      expect(reads[1]!).toBeGreaterThanOrEqual(claimed.lease_ms!);
      expect(claimed.lease_ms! - reads[0]!).toBeLessThanOrEqual(inboundLeaseMs(CHANNEL_TIMEOUT_MS));
      expect(await inbound(deliveryId)).toMatchObject({ status: 'processed', attempts: 2 });
      expect(await ordersOf('mercadolivre')).toHaveLength(1);
      const created = await recordedEvents(database.orm, seller.id, 'pedido.criado');
      expect(created.filter((event) => event.payload.channel === 'mercadolivre')).toHaveLength(1);
    } finally {
      hang = false;
      await platform.close();
    }
  }, 180_000);
});
