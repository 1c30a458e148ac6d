import type { EntityManager } from '@mikro-orm/postgresql';
import { releaseStock } from '../catalog/stock.service.js';
import { RESERVING_STATUSES } from '../orders/status-machine.js';
import { requireSandbox, type SandboxCaller } from './sandbox.js';

export interface WipedData {
  orders: number;
  events: number;
  deliveries: number;
}

/** Aggregates whose events go with the orders: the orders' own, and settlement cycles summing their payments. */
const WIPED_AGGREGATES = ['order', 'settlement_cycle'];

/**
 * `DELETE /simulador/dados`: a sandbox seller starts its tests again. Every order of the
 * seller, on every channel, goes, with what hangs on it (items, payments, history,
 * shipments with their tracking and carrier chat, settlement cycles), their events and
 * those events' webhook deliveries and attempts; idempotency keys of order creation too,
 * since they would answer with orders that no longer exist. The catalogue stays: the
 * units the orders held reserved are released, which records `estoque.alterado` as any
 * release does. One transaction: a failure wipes nothing.
 */
export async function wipeSandboxData(em: EntityManager, caller: SandboxCaller): Promise<WipedData> {
  requireSandbox(caller);
  const { sellerId } = caller;
  return em.transactional(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(hashtext('ponte:sandbox-wipe:' || ?))`, [sellerId]);
    const orderIds = (await tx.execute<{ id: string }[]>(`select id from sales_order where seller_id = ? for update`, [sellerId])).map((row) => row.id);
    const reserved = await tx.execute<{ sku: string; quantity: number }[]>(
      `select i.sku, sum(i.quantity)::int as quantity
         from order_item i join sales_order o on o.id = i.order_id
        where o.seller_id = ? and o.status in (?)
        group by i.sku order by i.sku`,
      [sellerId, [...RESERVING_STATUSES]],
    );
    const events = `select id from outbox_event where seller_id = ? and aggregate_type in (?)`;
    const eventParams = [sellerId, WIPED_AGGREGATES];
    await tx.execute(`delete from webhook_attempt where delivery_id in (select id from webhook_delivery where event_id in (${events}))`, eventParams);
    const deliveries = await tx.execute<{ id: string }[]>(`delete from webhook_delivery where event_id in (${events}) returning id`, eventParams);
    await tx.execute(`delete from webhook_fanout_queue where event_id in (${events})`, eventParams);
    const deleted = await tx.execute<{ id: string }[]>(`delete from outbox_event where seller_id = ? and aggregate_type in (?) returning id`, eventParams);
    await tx.execute(`delete from aggregate_sequence where seller_id = ? and aggregate_type in (?)`, eventParams);
    await tx.execute(`delete from settlement_entry where seller_id = ?`, [sellerId]);
    await tx.execute(`delete from settlement_cycle where seller_id = ?`, [sellerId]);
    await tx.execute(`delete from idempotency_key where seller_id = ? and scope = 'order.create'`, [sellerId]);
    if (orderIds.length > 0) await tx.execute(`delete from sales_order where seller_id = ?`, [sellerId]);
    if (reserved.length > 0) await releaseStock(tx, sellerId, reserved);
    return { orders: orderIds.length, events: deleted.length, deliveries: deliveries.length };
  });
}
