import type { Orm } from '../../src/db/orm.js';
import type { OrderRequest } from './load.js';

/** A seller's stock rows and how many `estoque.alterado` each has had, before a run. */
export type StockSnapshot = Map<string, { onHand: number; reserved: number; available: number; events: number; lastEventReserved: number | null }>;

export async function stockSnapshot(orm: Orm, sellerId: string): Promise<StockSnapshot> {
  const rows = await orm.em.fork().execute<{ sku: string; on_hand: number; reserved: number; available: number; events: string; last_reserved: number | null }[]>(
    `select s.sku, s.on_hand, s.reserved, s.available,
            (select count(*) from outbox_event e where e.seller_id = s.seller_id and e.type = 'estoque.alterado' and e.aggregate_id = s.sku) as events,
            (select (e.payload->>'reserved')::int from outbox_event e
              where e.seller_id = s.seller_id and e.type = 'estoque.alterado' and e.aggregate_id = s.sku
              order by e.sequence desc limit 1) as last_reserved
       from stock s where s.seller_id = ?`,
    [sellerId],
  );
  return new Map(
    rows.map((row) => [
      row.sku,
      { onHand: row.on_hand, reserved: row.reserved, available: row.available, events: Number(row.events), lastEventReserved: row.last_reserved },
    ]),
  );
}

/**
 * Everything a run of order creations must have left, read straight from the database:
 * the orders are exactly the acknowledged ones (none missing, none extra, none twice),
 * each complete (its items, its first status, its `pedido.criado`, its idempotency
 * record), and the stock moved by exactly their quantities with one `estoque.alterado`
 * per reservation whose last figures are the table's. Answers the discrepancies found.
 */
export async function auditOrders(orm: Orm, sellerId: string, requests: OrderRequest[], before: StockSnapshot): Promise<string[]> {
  const problems: string[] = [];
  const em = orm.em.fork();
  const acknowledged = requests.filter((request) => request.acknowledged);
  const stored = await em.execute<{ id: string; external_id: string; items: { sku: string; quantity: number }[]; history: string; created_events: string }[]>(
    `select o.id, o.external_id,
            coalesce((select json_agg(json_build_object('sku', i.sku, 'quantity', i.quantity) order by i.position)
                        from order_item i where i.order_id = o.id), '[]') as items,
            (select count(*) from order_status_change c where c.order_id = o.id) as history,
            (select count(*) from outbox_event e
              where e.seller_id = o.seller_id and e.type = 'pedido.criado' and e.aggregate_id = o.id::text) as created_events
       from sales_order o where o.seller_id = ?`,
    [sellerId],
  );
  const byId = new Map(stored.map((row) => [row.id, row]));
  const keys = await em.execute<{ key: string; order_id: string | null }[]>(
    `select key, response->>'id' as order_id from idempotency_key where seller_id = ? and scope = 'order.create'`,
    [sellerId],
  );
  const keyedOrder = new Map(keys.map((row) => [row.key, row.order_id]));

  const acknowledgedIds = new Set<string>();
  for (const request of acknowledged) {
    const { order } = request.acknowledged!;
    if (acknowledgedIds.has(order.id)) problems.push(`order ${order.id} acknowledged for two requests`);
    acknowledgedIds.add(order.id);
    const row = byId.get(order.id);
    if (!row) {
      problems.push(`order ${order.id} (${request.body.externalId}) was acknowledged but is not stored`);
      continue;
    }
    if (row.external_id !== request.body.externalId) problems.push(`order ${order.id} stored with externalId ${row.external_id}, sent ${request.body.externalId}`);
    const sent = request.body.items.map(({ sku, quantity }) => ({ sku, quantity }));
    if (JSON.stringify(row.items) !== JSON.stringify(sent)) problems.push(`order ${order.id} has items ${JSON.stringify(row.items)}, sent ${JSON.stringify(sent)}`);
    if (Number(row.history) !== 1) problems.push(`order ${order.id} has ${row.history} status history entries, not 1`);
    if (Number(row.created_events) !== 1) problems.push(`order ${order.id} has ${row.created_events} pedido.criado events, not 1`);
    if (keyedOrder.get(request.idempotencyKey) !== order.id) problems.push(`Idempotency-Key ${request.idempotencyKey} does not lead to order ${order.id}`);
  }
  for (const row of stored) {
    if (!acknowledgedIds.has(row.id)) problems.push(`order ${row.id} (${row.external_id}) is stored but was never acknowledged`);
  }

  const after = await stockSnapshot(orm, sellerId);
  for (const [sku, previous] of before) {
    const now = after.get(sku)!;
    const lines = acknowledged.flatMap((request) => request.body.items.filter((item) => item.sku === sku));
    const reservedByOrders = lines.reduce((sum, item) => sum + item.quantity, 0);
    const ordersWithSku = acknowledged.filter((request) => request.body.items.some((item) => item.sku === sku)).length;
    if (now.reserved - previous.reserved !== reservedByOrders) problems.push(`${sku}: reserved moved by ${now.reserved - previous.reserved}, orders hold ${reservedByOrders}`);
    if (now.onHand !== previous.onHand) problems.push(`${sku}: onHand moved from ${previous.onHand} to ${now.onHand}`);
    if (now.available !== now.onHand - now.reserved) problems.push(`${sku}: available ${now.available} is not onHand ${now.onHand} − reserved ${now.reserved}`);
    if (now.events - previous.events !== ordersWithSku) problems.push(`${sku}: ${now.events - previous.events} estoque.alterado events for ${ordersWithSku} reservations`);
    if (ordersWithSku > 0 && now.lastEventReserved !== now.reserved) problems.push(`${sku}: last estoque.alterado says reserved ${now.lastEventReserved}, the table ${now.reserved}`);
  }
  return problems;
}
