import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { putChannel } from '../../src/catalog/channel.service.js';
import type { InboundWorker } from '../../src/channels/inbound-worker.js';
import { forkForSeller, type Orm } from '../../src/db/orm.js';
import { call, createTestSeller, type TestApp, type TestSeller } from '../support/app.js';
import { createSellableSku } from '../support/catalog.js';
import { waitUntil } from '../webhooks/receiver.js';

/** A platform's published sample (test/channels/fixtures, each folder's README names its page). */
export const fixture = (path: string) => readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8');

/** base64 HMAC-SHA256 of the raw body: Shopify's and WooCommerce's webhook signature. */
export const sign = (secret: string, body: string | Buffer) => createHmac('sha256', secret).update(body).digest('base64');

/** A seller with the samples' two SKUs (10 units each) and a channel `code`. */
export async function sellerWith(orm: Orm, code: string): Promise<TestSeller> {
  const seller = await createTestSeller(orm);
  await putChannel(forkForSeller(orm, seller.id), seller.id, code, { name: code });
  for (const sku of ['CANECA-PONTE', 'CAMISETA-AZUL-M']) await createSellableSku(orm, seller.id, { sku, onHand: 10 });
  return seller;
}

/** A platform's request to an inbound URL, as the platform sends it (JSON unless the headers say otherwise). */
export const postInbound = (url: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

/** Shopify's webhook headers for a body signed with `secret`. */
export const shopifyHeaders = (secret: string, body: string | Buffer, webhookId: string, topic = 'orders/create') => ({
  'x-shopify-topic': topic,
  'x-shopify-hmac-sha256': sign(secret, body),
  'x-shopify-webhook-id': webhookId,
  'x-shopify-shop-domain': 'minha-loja.myshopify.com',
  'x-shopify-api-version': '2026-01',
});

/** WooCommerce's webhook headers for a body signed with `secret`. */
export const wooHeaders = (secret: string, body: string | Buffer, deliveryId: string, topic = 'order.created') => ({
  'x-wc-webhook-topic': topic,
  'x-wc-webhook-resource': 'order',
  'x-wc-webhook-event': topic.split('.')[1]!,
  'x-wc-webhook-signature': sign(secret, body),
  'x-wc-webhook-delivery-id': deliveryId,
  'x-wc-webhook-source': 'http://127.0.0.1:9/',
});

export const ordersOf = async (server: TestApp, seller: TestSeller, channel: string) => (await call(server, seller, 'GET', `/pedidos?channel=${channel}`)).body.data;

/** Rows of channel_inbound, across sellers. */
export const storedNotifications = async (orm: Orm) => (await orm.em.fork().execute<{ n: number }[]>('select count(*)::int as n from channel_inbound'))[0]!.n;

export interface InboundState {
  status: string;
  attempts: number;
  error: string | null;
}

export async function inboundState(orm: Orm, connectionOf: { channel: string; sellerId: string }, deliveryId: string): Promise<InboundState | undefined> {
  const [row] = await orm.em.fork().execute<InboundState[]>(
    `select i.status, i.attempts, i.error from channel_inbound i join channel_connection c on c.id = i.connection_id
      where c.seller_id = ? and c.channel = ? and i.delivery_id = ?`,
    [connectionOf.sellerId, connectionOf.channel, deliveryId],
  );
  return row;
}

/** Waits until nothing pending is due, then until the worker is idle. */
export async function settled(orm: Orm, worker: InboundWorker): Promise<void> {
  await waitUntil(async () => {
    const [{ pending }] = await orm.em.fork().execute<[{ pending: number }]>(`select count(*)::int as pending from channel_inbound where status = 'pending' and next_attempt_at <= now()`);
    if (pending > 0) worker.wake();
    return pending === 0;
  }, 15_000);
  await worker.idle();
}
