/**
 * A seller with something on every console page: orders in each status on two channels
 * (one order per status, a pendente among them), stock, a healthy and a failing webhook
 * subscription with finished deliveries, an installed application with a registration,
 * one more application to install, and a few tokens. The screenshots and the
 * accessibility test both look at it.
 */
import { putChannel } from '../../src/catalog/channel.service.js';
import { createApplication } from '../../src/auth/application.service.js';
import { forkForSeller } from '../../src/db/orm.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { orderBody, orderIn } from '../orders/fixtures.js';
import { createTestApplication } from '../platforms/fixtures.js';
import { createTestSeller, createTestToken, type TestSeller } from '../support/app.js';
import { createSellableSku } from '../support/catalog.js';
import { deliveriesOf, startDispatcher, subscribe, type DeliveryRecord } from '../webhooks/fixtures.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/receiver.js';
import type { ConsoleWorld } from './browser.js';

export interface Showcase {
  seller: TestSeller;
  orderId: string;
  failedDeliveryId: string;
  close(): Promise<void>;
}

export async function seedShowcase(world: ConsoleWorld): Promise<Showcase> {
  const { server } = world;
  const seller = await createTestSeller(server.orm, { name: 'Loja Exemplo' });
  const em = forkForSeller(server.orm, seller.id);
  await putChannel(em, seller.id, 'loja-propria', { name: 'Loja própria', sharePercent: 100 });
  await putChannel(em, seller.id, 'mercadolivre', { name: 'Mercado Livre', sharePercent: 60, safetyStock: 2, maxQuantity: 50 });
  await createSellableSku(server.orm, seller.id, { sku: 'SKU-A', onHand: 120, product: { title: 'Caneca esmaltada' } });
  await createSellableSku(server.orm, seller.id, { sku: 'SKU-B', onHand: 35, product: { title: 'Prato fundo' } });
  await createSellableSku(server.orm, seller.id, { sku: 'SKU-C', onHand: 0, product: { title: 'Jarra de vidro' } });

  const healthy = await startReceiver();
  const failing = await startReceiver(() => ({ status: 503, body: 'upstream maintenance' }));
  const receivers: Receiver[] = [healthy, failing];
  const dispatcher: Dispatcher = await startDispatcher(server, { env: { WEBHOOK_MAX_ATTEMPTS: '1' } });
  await subscribe(server, seller, { url: healthy.url, events: ['*'], description: 'ERP' });
  await subscribe(server, seller, { url: failing.url, events: ['pedido.criado'], description: 'Marketplace bridge' });

  const customers = ['Ana Souza', 'João da Conceição', 'Maria Oliveira', 'José Santos', 'Antônia Lima', 'Pedro Alves', 'Beatriz Rocha'];
  const statuses = ['aprovado', 'faturado', 'enviado', 'entregue', 'cancelado', 'pendente', 'aprovado'];
  let orderId = '';
  for (const [index, status] of statuses.entries()) {
    const body = orderBody({ channel: index % 2 ? 'mercadolivre' : 'loja-propria', customer: { name: customers[index], email: 'cliente@example.com', document: '529.982.247-25' } });
    const order = await orderIn(server, seller, status, body);
    orderId ||= order.id;
  }
  let deliveries: DeliveryRecord[] = [];
  await waitUntil(async () => {
    deliveries = await deliveriesOf(server, seller);
    return deliveries.some((delivery) => delivery.status === 'failed') && deliveries.every((delivery) => !['pending', 'retrying'].includes(delivery.status));
  }, 60_000);
  const failedDeliveryId = deliveries.find((delivery) => delivery.status === 'failed')!.id;

  const app = await createTestApplication(server.orm, { name: 'Frete Fácil', installedBy: [seller] });
  await createApplication(server.orm.em.fork(), 'Atende Já');
  const registered = await fetch(`${server.url}/logistica/api/v1/webhook/novo`, {
    method: 'POST',
    headers: app.headers,
    body: JSON.stringify({ url: 'http://127.0.0.1:9/frete-facil', events: ['rastreio.atualizado'] }),
  });
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`);

  const used = await createTestToken(server.orm, seller.id, ['orders:read']);
  await fetch(`${server.url}/pedidos?limit=1`, { headers: used.headers });
  await createTestToken(server.orm, seller.id, ['catalog:read', 'catalog:write']);
  return {
    seller,
    orderId,
    failedDeliveryId,
    close: async () => {
      await dispatcher.stop();
      for (const receiver of receivers) await receiver.close();
    },
  };
}
