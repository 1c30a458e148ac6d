import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { transactionTime } from '../db/transaction-time.js';
import { AppError, notFound, validationFailed, type FieldError } from '../errors.js';
import { recordEvent } from '../events/outbox.js';
import { isValidInvoiceAccessKey } from './brazilian-documents.js';
import { orderStatusChanged } from './orders.events.js';
import { OrderItem } from './order-item.entity.js';
import { OrderStatusChange } from './order-status-change.entity.js';
import { moveStock, reservedLinesOf } from './order-stock.js';
import { loadOrderViews } from './order.views.js';
import { Order } from './order.entity.js';
import { isUuid } from '../db/ids.js';
import type { OrderView, StatusChangeInput } from './orders.schemas.js';
import { allowedTransitions, canTransition, stockEffect, type OrderStatus } from './status-machine.js';

/** Loads the order with a row lock: concurrent changes of one order apply one after another. */
export async function lockOrder(tx: EntityManager, id: string): Promise<Order> {
  const order = isUuid(id) ? await tx.findOne(Order, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
  if (!order) throw notFound('Order');
  return order;
}

export function invalidTransition(from: OrderStatus, to: string): AppError {
  const allowed = allowedTransitions(from);
  const options = allowed.length > 0 ? `allowed from ${from}: ${allowed.join(', ')}` : `${from} is final`;
  return new AppError('INVALID_TRANSITION', `An order cannot move from ${from} to ${to}; ${options}`, { from, to, allowed });
}

/**
 * The one way an order changes status, for every caller: checks the machine, moves stock
 * as the machine says, appends to the history and records `pedido.status_alterado`, all
 * in the caller's transaction.
 */
export async function transitionOrder(
  tx: EntityManager,
  sellerId: string,
  order: Order,
  to: OrderStatus,
  change: { at: Date; note: string | null },
): Promise<void> {
  const from = order.status;
  if (!canTransition(from, to)) throw invalidTransition(from, to);
  const effect = stockEffect(from, to);
  if (effect !== 'none') {
    const items = await tx.find(OrderItem, { order: order.id }, { orderBy: { position: 'asc' } });
    const lines = reservedLinesOf(items);
    if (lines.length > 0) await moveStock(tx, sellerId, effect, lines);
  }
  order.status = to;
  order.updatedAt = change.at;
  tx.create(OrderStatusChange, { seller: sellerId, order: order.id, status: to, at: change.at, note: change.note });
  await tx.flush();
  await recordEvent(tx, sellerId, orderStatusChanged(order, { from, to, ...change }));
}

/** PATCH /pedidos/{id}/status and its GraphQL twin. */
export async function changeOrderStatus(em: EntityManager, sellerId: string, id: string, input: StatusChangeInput): Promise<OrderView> {
  assertTargetDetails(input);
  return em.transactional(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!canTransition(order.status, input.status)) throw invalidTransition(order.status, input.status);
    if (input.status === 'faturado') order.invoice = input.invoice!;
    if (input.status === 'enviado') order.shipment = { trackingUrl: null, ...input.shipment! };
    if (input.status === 'cancelado') order.cancellationReason = input.reason!;
    const note = input.note ?? (input.status === 'cancelado' ? input.reason! : null);
    await transitionOrder(tx, sellerId, order, input.status, { at: await transactionTime(tx), note });
    return (await loadOrderViews(tx, [order]))[0]!;
  });
}

/** What each target needs (docs/orders.md, "Rules"): an invoice, a shipment, a reason. */
function assertTargetDetails(input: StatusChangeInput): void {
  const errors: FieldError[] = [];
  if (input.status === 'faturado') {
    if (!input.invoice) errors.push({ path: '/invoice', message: 'is required to move to faturado' });
    else if (!isValidInvoiceAccessKey(input.invoice.accessKey)) {
      errors.push({ path: '/invoice/accessKey', message: 'is not a valid NF-e access key (44 digits, check digit)' });
    }
  }
  if (input.status === 'enviado' && !input.shipment) errors.push({ path: '/shipment', message: 'is required to move to enviado' });
  if (input.status === 'cancelado' && !input.reason) errors.push({ path: '/reason', message: 'is required to cancel' });
  for (const [field, target] of [['invoice', 'faturado'], ['shipment', 'enviado'], ['reason', 'cancelado']] as const) {
    if (input[field] !== undefined && input.status !== target) errors.push({ path: `/${field}`, message: `belongs only to a move to ${target}` });
  }
  if (errors.length > 0) throw validationFailed(errors, 'The status change is not valid');
}
