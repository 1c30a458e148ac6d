import { SIMULATOR_CHANNEL } from '../../src/simulator/sandbox.js';
import { fanOutBatch } from '../../src/webhooks/fanout.js';
import { orderBody, orderIn } from '../orders/fixtures.js';
import { gql } from '../platforms/fixtures.js';
import type { TestApp } from './app.js';
import { buildWorld, PLATFORM_PRODUCTS, SHOPIFY_CONNECTION, SIMULATED_SKU, type World } from './bad-input-world.js';

/**
 * The world of bad-input-world.ts, with values of its own seller's: every text a client
 * writes carries `marker`, and prices and stock are figures no other world uses. Two
 * marked worlds share every natural key (SKUs, channel codes, order shapes, hook URLs),
 * so only a seller filter keeps one's reads from showing the other's values.
 */
export interface MarkedWorld extends World {
  marker: string;
  /** The SKU's catalogue price and its price on the world's channel. */
  prices: [string, string];
  onHand: number;
  /** Resources made with the marker in their text, beside the world's own. */
  marked: { order: string; supportCase: string };
  /** A delivery of the world's application's registration on each product, by mount path. */
  applicationDeliveries: Record<string, string>;
}

export interface Marks {
  marker: string;
  prices: [string, string];
  onHand: number;
}

export async function buildMarkedWorld(server: TestApp, marks: Marks): Promise<MarkedWorld> {
  const world = await buildWorld(server);
  const { marker } = marks;
  const send = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, { method, headers: world.seller.headers, body: JSON.stringify(body) });
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Record<string, any>;
  };
  const titled = (sku: string) => ({ sku, title: `${marker} ${sku}`, description: `${marker} description`, brand: `${marker} brand` });
  await send('PUT', '/produtos', {
    products: [titled('SKU-A'), titled('SKU-B'), { ...titled(SIMULATED_SKU), publicationStatus: 'published', channels: [SIMULATOR_CHANNEL] }],
  });
  await send('PATCH', `/produtos/${world.sku}/preco`, { prices: [{ channel: null, sale: marks.prices[0] }, { channel: world.channel, sale: marks.prices[1] }] });
  await send('PATCH', `/estoque/${world.sku}`, { onHand: marks.onHand });
  // Every channel connected, so a read of every channel's listings has a connection to read them through.
  await send('PUT', '/canais/mercadolivre/conexao', SHOPIFY_CONNECTION);
  await send('PUT', `/canais/${world.channel}`, { name: `${marker} loja`, active: true, sharePercent: 100, safetyStock: 0, maxQuantity: null });

  const person = { name: `${marker} Maria`, email: 'maria@example.com', document: '529.982.247-25' };
  const order = await orderIn(server, world.seller, 'faturado', orderBody({ customer: person }));
  const supportCase = await send('POST', '/atendimentos', { channel: 'chat', subject: `${marker} atraso`, customerName: person.name, orderId: order.id, message: `${marker} cadê?` });
  await send('POST', `/atendimentos/${supportCase.id}/mensagens`, { direction: 'saida', message: `${marker} chega amanhã`, channel: 'email' });
  await send('POST', `/pedidos/${world.ids.invoicedOrder}/chat-transportadora`, { sender: 'carrier', authorName: `${marker} transportadora`, message: `${marker} coleta` });
  await send('POST', `/envios/${world.ids.shipment}/rastreio`, { status: 'in_transit', description: `${marker} em trânsito`, location: `${marker} Curitiba`, at: '2026-01-02T03:04:05Z' });
  await gql(server, world.seller, `mutation ($input: UpdateWebhookSubscriptionInput!) { updateWebhookSubscription(input: $input) { subscription { id } } }`, {
    input: { subscriptionId: world.ids.subscription, description: `${marker} hook` },
  });
  // A cycle opened after the registrations: the payments product has an event to deliver too.
  await send('POST', '/ciclos', { periodStart: '1991-01-01T00:00:00Z', periodEnd: '1991-01-02T00:00:00Z' });
  // The marked writes' events become deliveries too, so the delivery logs hold the marker.
  while ((await fanOutBatch(server.orm)) > 0);
  const applicationDeliveries: Record<string, string> = {};
  for (const mount of Object.keys(PLATFORM_PRODUCTS)) {
    const response = await fetch(`${server.url}${mount}/api/v1/webhook/entregas`, { headers: world.application.headers });
    const [delivery] = ((await response.json()) as { data: { id: string }[] }).data;
    if (!delivery) throw new Error(`${mount}: the application has no delivery to read`);
    applicationDeliveries[mount] = delivery.id;
  }
  return { ...world, ...marks, marked: { order: order.id, supportCase: supportCase.id }, applicationDeliveries };
}

/**
 * Where `other`'s values show in `value`: its marker in any text, any of its ids, its
 * prices or its stock figure. Paths of what was found; empty when nothing leaked.
 */
export function leaksOf(value: unknown, other: MarkedWorld): string[] {
  const ids = new Set(idsOf(other));
  const found: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      if (node.includes(other.marker) || ids.has(node) || other.prices.includes(node)) found.push(`${path} = ${node.slice(0, 80)}`);
    } else if (typeof node === 'number') {
      if (node === other.onHand) found.push(`${path} = ${node}`);
    } else if (Array.isArray(node)) node.forEach((entry, index) => walk(entry, `${path}[${index}]`));
    else if (node && typeof node === 'object') for (const [key, entry] of Object.entries(node)) walk(entry, `${path}.${key}`);
  };
  walk(value, '$');
  return found;
}

/**
 * Every id a world's seller owns or is. Not its application's: an application is in the
 * store for every seller to see; what it keeps per seller (registrations, credentials,
 * deliveries) is listed.
 */
export function idsOf(world: MarkedWorld): string[] {
  const { registrations, ...ids } = world.ids;
  return [
    world.seller.id,
    ...Object.values(ids),
    ...Object.values(registrations),
    ...Object.values(world.marked),
    ...Object.values(world.applicationDeliveries),
  ];
}
