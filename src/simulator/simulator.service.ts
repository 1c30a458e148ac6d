import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, notFound, validationFailed } from '../errors.js';
import { formatMoney, parseMoney } from '../money.js';
import { importOrder } from '../orders/order-import.service.js';
import { approvedTotal } from '../orders/order-preparation.js';
import { invalidTransition } from '../orders/order-status.service.js';
import { findOrder } from '../orders/order.queries.js';
import type { ChannelOrderInput, OrderView, PaymentInput } from '../orders/orders.schemas.js';
import { canTransition } from '../orders/status-machine.js';
import { currentOffers } from './offers.js';
import { requireSandbox, SIMULATOR_CHANNEL, type SandboxCaller } from './sandbox.js';
import { simulatedOrder, type Offer, type Random } from './simulated-order.js';

export interface PlaceOrdersInput {
  count?: number;
  skus?: string[];
  /** Every order waits for its payment (a boleto): `pendente` until paid. */
  pending?: boolean;
}

/**
 * `POST /simulador/pedidos`: the simulated marketplace sells `count` orders (default 1)
 * of what it offers (the SKUs published to `simulador`, or those of `skus`), each entering
 * through importOrder, the path a connector's sales take. Each is its own transaction, as
 * each would be a notification of its own; when the stock runs out before `count`, fewer
 * are placed.
 */
export async function placeSimulatedOrders(
  em: EntityManager,
  caller: SandboxCaller,
  input: PlaceOrdersInput,
  random: Random = Math.random,
): Promise<OrderView[]> {
  requireSandbox(caller);
  let offers = await offersFor(em, caller.sellerId, input.skus);
  const placed: OrderView[] = [];
  for (let index = 0; index < (input.count ?? 1) && offers.length > 0; index++) {
    const { order } = await importOrder(em, caller.sellerId, simulatedOrder(offers, random, { pending: input.pending }));
    placed.push(order);
    offers = withoutSold(offers, order);
  }
  return placed;
}

async function offersFor(em: EntityManager, sellerId: string, skus: string[] | undefined): Promise<Offer[]> {
  const offers = await currentOffers(em, sellerId, skus);
  if (skus) {
    const offered = new Set(offers.map((offer) => offer.sku));
    const missing = skus.map((sku, index) => ({ sku, index })).filter(({ sku }) => !offered.has(sku));
    if (missing.length > 0) {
      throw validationFailed(
        missing.map(({ sku, index }) => ({
          path: `/skus/${index}`,
          message: `${sku} is not on sale on ${SIMULATOR_CHANNEL}: it needs to be published, listed on ${SIMULATOR_CHANNEL}, priced, and have a quantity published there`,
        })),
      );
    }
  }
  if (offers.length === 0) {
    throw new AppError(
      'INSUFFICIENT_STOCK',
      `Nothing is on sale on ${SIMULATOR_CHANNEL}: publish a product listed on it (channels: ["${SIMULATOR_CHANNEL}"]) with a price and stock`,
      { channel: SIMULATOR_CHANNEL },
    );
  }
  return offers;
}

/** The offers left once this order's units are reserved (the published quantity shrinks with them). */
function withoutSold(offers: readonly Offer[], order: OrderView): Offer[] {
  return offers
    .map((offer) => {
      const sold = order.items.filter((item) => item.sku === offer.sku).reduce((sum, item) => sum + item.quantity, 0);
      return { ...offer, quantity: offer.quantity - sold };
    })
    .filter((offer) => offer.quantity > 0);
}

/** A `simulador` order of the caller's seller: the simulated marketplace acts only on orders it sold. */
async function marketplaceOrder(em: EntityManager, caller: SandboxCaller, orderId: string): Promise<OrderView> {
  requireSandbox(caller);
  const order = await findOrder(em, orderId);
  if (!order) throw notFound('Order');
  if (order.channel !== SIMULATOR_CHANNEL) {
    throw new AppError('CONFLICT', `Order ${order.number} came from ${order.channel}, not from ${SIMULATOR_CHANNEL}: the simulated marketplace acts only on its own orders`, {
      channel: order.channel,
    });
  }
  return order;
}

/**
 * The order as the marketplace sends it again when something happened to it: the same
 * sale (channel, externalId, buyer, lines), its payments as they stand now, and a
 * cancellation if there was one. importOrder brings the stored order up to date from it.
 */
function resentSale(order: OrderView, payments: PaymentInput[], cancellation?: { reason: string }): ChannelOrderInput {
  return {
    channel: order.channel,
    externalId: order.externalId,
    placedAt: order.placedAt,
    customer: {
      name: order.customer.name,
      ...(order.customer.email ? { email: order.customer.email } : {}),
      ...(order.customer.phone ? { phone: order.customer.phone } : {}),
      ...(order.customer.document ? { document: order.customer.document } : {}),
    },
    deliveryAddress: { ...order.deliveryAddress, complement: order.deliveryAddress.complement ?? undefined },
    items: order.items.map(({ sku, title, quantity, unitPrice, discount }) => ({ sku, title, quantity, unitPrice, discount })),
    shipping: order.amounts.shipping,
    discount: order.amounts.discount,
    payments,
    ...(cancellation ? { cancellation } : {}),
  };
}

function paymentInputOf(payment: OrderView['payments'][number]): PaymentInput {
  return {
    method: payment.method,
    status: payment.status,
    amount: payment.amount,
    installments: payment.installments,
    ...(payment.transactionId ? { transactionId: payment.transactionId } : {}),
    ...(payment.paidAt ? { paidAt: payment.paidAt } : {}),
  };
}

/**
 * `POST /simulador/pedidos/{id}/pagamento`: the buyer pays what is still owed, and the
 * marketplace sends the order again with it: the waiting payment (a boleto, a pix) now
 * approved, or a pix added when none waits. Through importOrder, the order becomes `aprovado`.
 */
export async function paySimulatedOrder(em: EntityManager, caller: SandboxCaller, orderId: string): Promise<OrderView> {
  const order = await marketplaceOrder(em, caller, orderId);
  if (order.status !== 'pendente') throw invalidTransition(order.status, 'aprovado');
  const paidAt = new Date().toISOString();
  const outstanding = formatMoney(parseMoney(order.amounts.total) - approvedTotal(order.payments));
  const waiting = order.payments.find((payment) => payment.status === 'pending' && payment.transactionId);
  const payments = order.payments.map(paymentInputOf).map((payment) =>
    waiting && payment.transactionId === waiting.transactionId ? { ...payment, status: 'approved' as const, amount: outstanding, paidAt } : payment,
  );
  if (!waiting) payments.push({ method: 'pix', status: 'approved', amount: outstanding, transactionId: `SIM-PAY-${order.number}-${Date.now()}`, paidAt });
  return (await importOrder(em, caller.sellerId, resentSale(order, payments))).order;
}

/**
 * `POST /simulador/pedidos/{id}/cancelamento`: the buyer cancels on the marketplace, which
 * sends the order again cancelled, its approved payments refunded. Through importOrder the
 * refunds are recorded and the order becomes `cancelado` (its reservation released).
 */
export async function cancelSimulatedOrder(em: EntityManager, caller: SandboxCaller, orderId: string, reason?: string): Promise<OrderView> {
  const order = await marketplaceOrder(em, caller, orderId);
  if (!canTransition(order.status, 'cancelado')) throw invalidTransition(order.status, 'cancelado');
  const payments = order.payments.map(paymentInputOf).map((payment) => (payment.status === 'approved' ? { ...payment, status: 'refunded' as const } : payment));
  return (await importOrder(em, caller.sellerId, resentSale(order, payments, { reason: reason ?? `Cancelled by the buyer on ${SIMULATOR_CHANNEL}` }))).order;
}
