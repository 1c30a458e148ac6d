import type { EntityManager } from '@mikro-orm/postgresql';
import { requireScope, type Principal } from '../auth/auth.service.js';
import type { Scope } from '../auth/scopes.js';
import { getPrices, setPrices } from '../catalog/price.service.js';
import { upsertProducts } from '../catalog/product.service.js';
import { getStock, updateStock } from '../catalog/stock.service.js';
import { notFound, validationFailed } from '../errors.js';
import { invoiceAccessKeyOf } from '../orders/brazilian-documents.js';
import { changeOrderStatus } from '../orders/order-status.service.js';
import { findOrder } from '../orders/order.queries.js';
import type { OrderView } from '../orders/orders.schemas.js';
import { formatMoney, multiplyMoney, parseMoney } from '../money.js';
import { addTrackingEvent, createShipment, postCarrierChatMessage } from '../platforms/logistics/shipment.service.js';
import { addSupportMessage, closeSupportCase, openSupportCase } from '../platforms/support/support-case.service.js';
import { requireSandbox, SIMULATOR_CHANNEL } from './sandbox.js';
import { paySimulatedOrder, placeSimulatedOrders } from './simulator.service.js';
import type { Random } from './simulated-order.js';
import { isTriggerable, TRIGGERABLE_EVENTS, type TriggerableEvent } from './triggerable-events.js';

/** Who triggers: a sandbox seller's token, whose scopes must allow the change made. */
export type TriggerCaller = Principal;

interface TriggerContext {
  em: EntityManager;
  caller: TriggerCaller;
  random: Random;
}

interface Recipe {
  /** The scope the change itself needs, as if the caller made it through the API. */
  scope: Scope;
  /** Makes the change; answers what it did, in a sentence. */
  run(context: TriggerContext): Promise<string>;
}

const digits = (random: Random, count: number) => Array.from({ length: count }, () => Math.floor(random() * 10)).join('');
const describeOrder = (order: OrderView) =>
  `order #${order.number} (${order.externalId}, ${order.items.map((item) => `${item.quantity} × ${item.sku}`).join(', ')}, total ${order.amounts.total})`;

/** The oldest `simulador` order in this status, if any. */
async function oldestInStatus(context: TriggerContext, status: OrderView['status']): Promise<OrderView | undefined> {
  const [row] = await context.em.execute<{ id: string }[]>(
    `select id from sales_order where seller_id = ? and channel = ? and status = ? order by created_at, id limit 1`,
    [context.caller.sellerId, SIMULATOR_CHANNEL, status],
  );
  return row ? findOrder(context.em, row.id) : undefined;
}

async function waitingOrder(context: TriggerContext): Promise<{ order: OrderView; steps: string[] }> {
  const waiting = await oldestInStatus(context, 'pendente');
  if (waiting) return { order: waiting, steps: [] };
  const [placed] = await placeSimulatedOrders(context.em, context.caller, { count: 1, pending: true }, context.random);
  return { order: placed!, steps: [`placed ${describeOrder(placed!)} on ${SIMULATOR_CHANNEL}, waiting for a boleto`] };
}

async function approvedOrder(context: TriggerContext): Promise<{ order: OrderView; steps: string[] }> {
  const approved = await oldestInStatus(context, 'aprovado');
  if (approved) return { order: approved, steps: [] };
  const { order, steps } = await waitingOrder(context);
  const paid = await paySimulatedOrder(context.em, context.caller, order.id);
  return { order: paid, steps: [...steps, `the marketplace confirmed the payment of order #${paid.number} (pendente → aprovado)`] };
}

async function invoicedOrder(context: TriggerContext): Promise<{ order: OrderView; steps: string[] }> {
  const { order, steps } = await approvedOrder(context);
  const accessKey = invoiceAccessKeyOf(`35${new Date().toISOString().slice(2, 4)}${new Date().toISOString().slice(5, 7)}12345678000195550010${String(order.number).padStart(8, '0')}1${digits(context.random, 8)}`);
  const invoiced = await changeOrderStatus(context.em, context.caller.sellerId, order.id, {
    status: 'faturado',
    invoice: { number: String(order.number), series: '1', accessKey },
  });
  return { order: invoiced, steps: [...steps, `invoiced order #${order.number} with NF-e ${order.number}, series 1 (aprovado → faturado)`] };
}

async function trackedShipment(context: TriggerContext): Promise<string[]> {
  const { order, steps } = await invoicedOrder(context);
  const shipmentInput = { carrier: 'Correios', trackingCode: `SI${digits(context.random, 9)}BR` };
  await changeOrderStatus(context.em, context.caller.sellerId, order.id, { status: 'enviado', shipment: shipmentInput });
  const shipment = await createShipment(context.em, context.caller.sellerId, order.id, shipmentInput);
  await addTrackingEvent(context.em, context.caller.sellerId, shipment.id, { status: 'posted', description: 'Objeto postado', location: 'São Paulo - SP' });
  return [...steps, `shipped order #${order.number} with Correios ${shipmentInput.trackingCode} (faturado → enviado) and recorded its first tracking event (posted)`];
}

/** The seller's first sellable SKU (by SKU), for the catalogue's events. */
async function sampleSku(context: TriggerContext): Promise<string> {
  const [row] = await context.em.execute<{ sku: string }[]>(`select sku from stock where seller_id = ? and sellable order by sku limit 1`, [context.caller.sellerId]);
  if (!row) throw notFound('Sellable SKU (create a product first: PUT /produtos)');
  return row.sku;
}

/** A product of the simulator's own whose publication the trigger switches, so the seller's catalogue is left alone. */
const SAMPLE_PRODUCT = { sku: 'SIMULADOR-AMOSTRA', title: 'Produto de amostra do simulador (ponte trigger)' } as const;

async function openCase(context: TriggerContext): Promise<{ id: string; steps: string[] }> {
  const [row] = await context.em.execute<{ id: string }[]>(
    `select id from support_case where seller_id = ? and status = 'open' order by created_at, id limit 1`,
    [context.caller.sellerId],
  );
  if (row) return { id: row.id, steps: [] };
  const opened = await openSupportCase(context.em, context.caller.sellerId, {
    channel: 'chat',
    subject: 'Onde está meu pedido?',
    customerName: 'Cliente do simulador',
    message: 'Olá, comprei ontem e ainda não recebi o código de rastreio.',
  });
  return { id: opened.id, steps: [`opened support case ${opened.id} (chat) with the customer's first message`] };
}

const RECIPES: Record<TriggerableEvent, Recipe> = {
  'pedido.criado': {
    scope: 'orders:write',
    run: async (context) => {
      const [order] = await placeSimulatedOrders(context.em, context.caller, { count: 1 }, context.random);
      return `placed ${describeOrder(order!)} on ${SIMULATOR_CHANNEL}, now ${order!.status}`;
    },
  },
  'pedido.status_alterado': { scope: 'orders:write', run: async (context) => (await invoicedOrder(context)).steps.join('; ') },
  'pagamento.alterado': {
    scope: 'orders:write',
    run: async (context) => {
      const { order, steps } = await waitingOrder(context);
      const paid = await paySimulatedOrder(context.em, context.caller, order.id);
      return [...steps, `the marketplace confirmed the payment of order #${paid.number}: ${paid.amounts.total} approved (pendente → aprovado)`].join('; ');
    },
  },
  'frete.rastreio': { scope: 'orders:write', run: async (context) => (await trackedShipment(context)).join('; ') },
  'rastreio.atualizado': { scope: 'orders:write', run: async (context) => (await trackedShipment(context)).join('; ') },
  'estoque.alterado': {
    scope: 'catalog:write',
    run: async (context) => {
      const sku = await sampleSku(context);
      const { onHand } = await getStock(context.em, context.caller.sellerId, sku);
      // Up one, or back down: repeated triggers keep the figure where the seller left it, give or take one.
      const next = onHand % 2 === 0 ? onHand + 1 : onHand - 1;
      await updateStock(context.em, context.caller.sellerId, sku, { onHand: next });
      return `set the stock of ${sku}: onHand ${onHand} → ${next}`;
    },
  },
  'produto.preco_alterado': {
    scope: 'catalog:write',
    run: async (context) => {
      const sku = await sampleSku(context);
      const { prices } = await getPrices(context.em, context.caller.sellerId, sku);
      const base = prices.find((entry) => entry.channel === SIMULATOR_CHANNEL) ?? prices.find((entry) => entry.channel === null);
      if (!base) throw notFound(`Price of ${sku} (set one first: PATCH /produtos/${sku}/preco)`);
      const promo = base.promo ? undefined : formatMoney(multiplyMoney(parseMoney(base.sale), 9) / 10n);
      await setPrices(context.em, context.caller.sellerId, sku, [{ channel: SIMULATOR_CHANNEL, sale: base.sale, ...(promo ? { promo } : {}) }]);
      return promo
        ? `put ${sku} on promotion on ${SIMULATOR_CHANNEL}: ${promo} instead of ${base.sale}`
        : `ended the promotion of ${sku} on ${SIMULATOR_CHANNEL}: back to ${base.sale}`;
    },
  },
  'produto.publicacao_alterada': {
    scope: 'catalog:write',
    run: async (context) => {
      const [row] = await context.em.execute<{ publication_status: string }[]>(`select publication_status from product where seller_id = ? and sku = ?`, [
        context.caller.sellerId,
        SAMPLE_PRODUCT.sku,
      ]);
      const to = row?.publication_status === 'published' ? 'paused' : 'published';
      await upsertProducts(context.em, context.caller.sellerId, [{ ...SAMPLE_PRODUCT, publicationStatus: to, channels: [SIMULATOR_CHANNEL] }]);
      return `${row ? `switched ${SAMPLE_PRODUCT.sku} from ${row.publication_status} to ${to}` : `created ${SAMPLE_PRODUCT.sku}, published on ${SIMULATOR_CHANNEL}`}`;
    },
  },
  chatTransportadora: {
    scope: 'orders:write',
    run: async (context) => {
      const { order, steps } = await approvedOrder(context);
      await postCarrierChatMessage(context.em, context.caller.sellerId, order.id, {
        sender: 'carrier',
        authorName: 'Correios',
        message: 'Coleta agendada para amanhã entre 9h e 12h.',
      });
      return [...steps, `the carrier wrote in the chat of order #${order.number}`].join('; ');
    },
  },
  'atendimento.criado': {
    scope: 'orders:write',
    run: async (context) => {
      const opened = await openSupportCase(context.em, context.caller.sellerId, { channel: 'chat', subject: 'Dúvida sobre o produto', customerName: 'Cliente do simulador' });
      return `opened support case ${opened.id} (chat)`;
    },
  },
  'atendimento.mensagem': {
    scope: 'orders:write',
    run: async (context) => {
      const { id, steps } = await openCase(context);
      await addSupportMessage(context.em, context.caller.sellerId, id, { direction: 'entrada', message: 'Alguma novidade sobre o meu pedido?' });
      return [...steps, `the customer wrote in support case ${id}`].join('; ');
    },
  },
  'atendimento.encerrado': {
    scope: 'orders:write',
    run: async (context) => {
      const { id, steps } = await openCase(context);
      await closeSupportCase(context.em, context.caller.sellerId, id);
      return [...steps, `closed support case ${id}`].join('; ');
    },
  },
};

export interface TriggeredEvent {
  evento: string;
  /** What was done, in a sentence or a few separated by `;`. */
  summary: string;
}

/**
 * `POST /simulador/eventos` and `ponte trigger <evento>`: makes, for a sandbox seller, the
 * real change that records the event (through the same services as the API), so a
 * receiver sees it as it would in production; changes it needs first (an order paid before
 * it is invoiced) are made too and listed. A live seller is refused before anything changes.
 */
export async function triggerEvent(em: EntityManager, caller: TriggerCaller, evento: string, random: Random = Math.random): Promise<TriggeredEvent> {
  requireSandbox(caller);
  if (!isTriggerable(evento)) {
    throw validationFailed([{ path: '/evento', message: `cannot be triggered; one of: ${TRIGGERABLE_EVENTS.join(', ')}` }]);
  }
  const recipe = RECIPES[evento];
  requireScope(caller, recipe.scope);
  return { evento, summary: await recipe.run({ em, caller, random }) };
}
