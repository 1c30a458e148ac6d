import type { EntityManager } from '@mikro-orm/postgresql';
import { transactionTime } from '../db/transaction-time.js';
import { recordEvent } from '../events/outbox.js';
import { paymentChanged } from './orders.events.js';
import { parseMoney } from '../money.js';
import { OrderPayment } from './order-payment.entity.js';
import { loadOrderViews, toPaymentView } from './order.views.js';
import { approvedTotal, preparePayment } from './order-preparation.js';
import type { OrderView, PaymentInput } from './orders.schemas.js';
import { lockOrder, transitionOrder } from './order-status.service.js';
import { claimQuota } from '../db/quota.js';
import { ORDER_PAYMENTS_MAX } from './orders.schemas.js';

export interface RecordedPayment {
  order: OrderView;
  /** False when the payment's transactionId matched an existing payment, which was updated. */
  created: boolean;
}

/**
 * POST /pedidos/{id}/pagamentos and the GraphQL payment confirmation. A gateway resending
 * a payment by transactionId updates it; once approved payments cover the total, a
 * `pendente` order becomes `aprovado` in the same transaction.
 */
export async function recordPayment(em: EntityManager, sellerId: string, orderId: string, input: PaymentInput): Promise<RecordedPayment> {
  const prepared = preparePayment(input);
  return em.transactional(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const at = await transactionTime(tx);
    const existing = prepared.transactionId
      ? await tx.findOne(OrderPayment, { order: order.id, transactionId: prepared.transactionId })
      : null;
    if (!existing) {
      await claimQuota(tx, {
        key: `order-payments:${order.id}`,
        limit: ORDER_PAYMENTS_MAX,
        what: 'payments of an order',
        remedy: 'update one by its transactionId instead',
        count: () => tx.count(OrderPayment, { order: order.id }),
      });
    }
    const payment = existing ?? tx.create(OrderPayment, { seller: sellerId, order: order.id, createdAt: at, ...prepared });
    Object.assign(payment, prepared);
    order.updatedAt = at;
    await tx.flush();
    await recordEvent(tx, sellerId, paymentChanged(order.id, toPaymentView(payment)));
    if (order.status === 'pendente' && (await coversTotal(tx, order.id, order.totalAmount))) {
      await transitionOrder(tx, sellerId, order, 'aprovado', { at, note: 'payment confirmed' });
    }
    return { order: (await loadOrderViews(tx, [order]))[0]!, created: !existing };
  });
}

async function coversTotal(tx: EntityManager, orderId: string, total: string): Promise<boolean> {
  const payments = await tx.find(OrderPayment, { order: orderId });
  return approvedTotal(payments) >= parseMoney(total);
}
