import { randomBytes } from 'node:crypto';
import { Registry } from 'prom-client';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInboundRetention, purgeInboundNotifications } from '../../src/channels/inbound-retention.js';
import { InboundWorker } from '../../src/channels/inbound-worker.js';
import { createLogger } from '../../src/logger.js';
import { call, startTestApp, type TestApp } from '../support/app.js';
import { recordedEvents } from '../support/catalog.js';
import { waitUntil } from '../webhooks/receiver.js';
import * as world from './world.js';
import { fixture, shopifyHeaders } from './world.js';

const DAY_MS = 86_400_000;
const WINDOW_MS = 30 * DAY_MS;

describe('retention of channel notifications', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ env: { SECRETS_KEY: randomBytes(32).toString('base64') } });
  });
  afterAll(() => server.close());

  const sql = <T = unknown>(query: string, params: unknown[] = []) => server.orm.em.fork().execute<T[]>(query, params);
  const deliveries = async () => (await sql<{ delivery_id: string }>('select delivery_id from channel_inbound order by delivery_id')).map((row) => row.delivery_id);

  /** Makes a notification `days` old: its id (UUID v7, made on arrival) is the time it arrived. */
  const arrivedDaysAgo = (deliveryId: string, days: number) =>
    sql(`update channel_inbound set id = ?, received_at = now() - make_interval(days => ?) where delivery_id = ?`, [v7({ msecs: Date.now() - days * DAY_MS }), days, deliveryId]);

  it('purges finished notifications past the window in batches, keeps pending and recent ones, and a late resend makes no second order', async () => {
    const seller = await world.sellerWith(server.orm, 'loja-shopify');
    const secret = 'shpss_retention';
    const put = await call(server, seller, 'PUT', '/canais/loja-shopify/conexao', {
      platform: 'shopify',
      shopDomain: 'minha-loja.myshopify.com',
      accessToken: 'shpat_x',
      webhookSecret: secret,
      locationId: 'gid://shopify/Location/1',
    });
    const body = fixture('shopify/orders-create.json');
    const send = (deliveryId: string) => world.postInbound(put.body.inboundUrl, body, shopifyHeaders(secret, body, deliveryId));

    // One imported for real, by a worker.
    const worker = new InboundWorker({ config: server.config, orm: server.orm, logger: createLogger(server.config) });
    await worker.start();
    await send('old-imported');
    await world.settled(server.orm, worker);
    await worker.stop();
    expect(await world.ordersOf(server, seller, 'loja-shopify')).toHaveLength(1);

    // The others as they end up: no worker runs from here on.
    for (const id of ['old-failed', 'old-ignored', 'old-pending', 'recent-imported']) await send(id);
    await sql(`update channel_inbound set status = 'failed', error = 'x' where delivery_id = 'old-failed'`);
    await sql(`update channel_inbound set status = 'ignored' where delivery_id = 'old-ignored'`);
    await sql(`update channel_inbound set status = 'processed' where delivery_id = 'recent-imported'`);
    for (const id of ['old-imported', 'old-failed', 'old-ignored', 'old-pending']) await arrivedDaysAgo(id, 31);
    await arrivedDaysAgo('recent-imported', 29);

    const purged = await purgeInboundNotifications(server.orm, WINDOW_MS, 1);
    expect(purged).toEqual({ channel_inbound: 3 });
    expect(await deliveries()).toEqual(['old-pending', 'recent-imported']);
    expect(await purgeInboundNotifications(server.orm, WINDOW_MS, 1)).toEqual({ channel_inbound: 0 });

    // Shopify resending the purged delivery much later: stored again, but the order stays one.
    expect(await (await send('old-imported')).json()).toEqual({ received: true, duplicate: false });
    await sql(`update channel_inbound set status = 'failed' where delivery_id in ('old-pending', 'recent-imported')`);
    const again = new InboundWorker({ config: server.config, orm: server.orm, logger: createLogger(server.config) });
    await again.start();
    await world.settled(server.orm, again);
    await again.stop();
    expect(await world.ordersOf(server, seller, 'loja-shopify')).toHaveLength(1);
    expect(await recordedEvents(server.orm, seller.id, 'pedido.criado')).toHaveLength(1);
  });

  it('runs as a worker that counts what it purged, by table', async () => {
    await sql(`update channel_inbound set status = 'processed'`);
    for (const id of await deliveries()) await arrivedDaysAgo(id, 40);
    const metrics = new Registry();
    const purge = createInboundRetention({ config: server.config, orm: server.orm, logger: createLogger(server.config), metrics });
    await purge.start();
    await waitUntil(async () => (await deliveries()).length === 0);
    await purge.stop();
    expect(await metrics.getSingleMetricAsString('ponte_retention_purged_rows_total')).toMatch(/ponte_retention_purged_rows_total\{table="channel_inbound"\} [1-9]/);
  });
});
