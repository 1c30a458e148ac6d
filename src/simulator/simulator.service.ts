import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, notFound, validationFailed } from '../errors.js';
import { formatMoney, parseMoney } from '../money.js';
import { approvedTotal } from '../orders/order-preparation.js';
import { changeOrderStatus, invalidTransition } from '../orders/order-status.service.js';
import { findOrder } from '../orders/order.queries.js';
import type { OrderView } from '../orders/orders.schemas.js';
import { recordPayment } from '../orders/payment.service.js';
import { importMarketplaceOrder } from './marketplace-import.js';
import { currentOffers } from './offers.js';
import { requireSandbox, SIMULATOR_CHANNEL, type SandboxCaller } from './sandbox.js';
import { simulatedOrder, type Offer, type Random } from './simulated-order.js';

export interface PlaceOrdersInput {
  count?: number;
  skus?: string[];
}

/**
 * `POST /simulador/pedidos`: the simulated marketplace sells `count` orders (default 1)
 * of what it offers (the SKUs published to `simulador`, or those of `skus`), each entering
 * Ponte as a channel's order does. Each order is its own transaction, as each would be a
 * notification of its own; when the stock runs out before `count`, fewer are placed.
 */
export async function placeSimulatedOrders(
  em: EntityManager,
  caller: SandboxCaller,
  input: PlaceOrdersInput,
  random: Random = Math.random,
  options: { pending?: boolean } = {},
): Promise<OrderView[]> {
  requireSandbox(caller);
  let offers = await offersFor(em, caller.sellerId, input.skus);
  const placed: OrderView[] = [];
  for (let index = 0; index < (input.count ?? 1) && offers.length > 0; index++) {
    const order = await importMarketplaceOrder(em, caller.sellerId, simulatedOrder(offers, random, options));
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
 * `POST /simulador/pedidos/{id}/pagamento`: the buyer pays what is still owed, as the
 * marketplace reports it: the waiting payment (a boleto, a pix) becomes approved for the
 * outstanding amount, or a pix is added when none waits; the order becomes `aprovado`.
 */
export async function paySimulatedOrder(em: EntityManager, caller: SandboxCaller, orderId: string): Promise<OrderView> {
  const order = await marketplaceOrder(em, caller, orderId);
  if (order.status !== 'pendente') throw invalidTransition(order.status, 'aprovado');
  const outstanding = formatMoney(parseMoney(order.amounts.total) - approvedTotal(order.payments));
  const waiting = order.payments.find((payment) => payment.status === 'pending' && payment.transactionId);
  const { order: paid } = await recordPayment(em, caller.sellerId, order.id, {
    method: waiting?.method ?? 'pix',
    status: 'approved',
    amount: outstanding,
    transactionId: waiting?.transactionId ?? `SIM-PAY-${order.number}-${Date.now()}`,
    paidAt: new Date().toISOString(),
  });
  return paid;
}

/**
 * `POST /simulador/pedidos/{id}/cancelamento`: the buyer cancels on the marketplace. The
 * order becomes `cancelado` (its reservation released) and what was paid is refunded, in
 * one transaction.
 */
export async function cancelSimulatedOrder(em: EntityManager, caller: SandboxCaller, orderId: string, reason?: string): Promise<OrderView> {
  const order = await marketplaceOrder(em, caller, orderId);
  return em.transactional(async (tx) => {
    let cancelled = await changeOrderStatus(tx, caller.sellerId, order.id, {
      status: 'cancelado',
      reason: reason ?? `Cancelled by the buyer on ${SIMULATOR_CHANNEL}`,
    });
    for (const payment of cancelled.payments.filter((candidate) => candidate.status === 'approved' && candidate.transactionId)) {
      const { id: _id, paidAt, ...rest } = payment;
      ({ order: cancelled } = await recordPayment(tx, caller.sellerId, order.id, {
        ...rest,
        status: 'refunded',
        transactionId: payment.transactionId!,
        ...(paidAt ? { paidAt } : {}),
      }));
    }
    return cancelled;
  });
}
