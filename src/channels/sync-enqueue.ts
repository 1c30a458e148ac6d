/**
 * How values enter the sync queue (docs/channels.md, "The sync queue"): from the outbox,
 * as the webhook fan-out takes committed events (an audience of the fan-out that makes no
 * delivery: it runs in the fan-out's transaction, once per event, in commit order per
 * SKU and order), and when listings are linked (their current figures, in the linking
 * transaction). Both end in one upsert per (connection, subject, field): the new value
 * replaces the queued one and raises the version.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { textArray } from '../db/array-literal.js';
import { prepared } from '../db/prepared.js';
import type { CommittedEvent, FanoutTarget } from '../webhooks/fanout.js';
import type { RunStatement } from '../webhooks/queue-database.js';

/** The LISTEN/NOTIFY channel that wakes the sync worker when values are queued. */
export const SYNC_NOTIFY_CHANNEL = 'ponte_channel_sync';

const SYNCED_EVENTS = new Set(['estoque.alterado', 'produto.preco_alterado', 'pedido.status_alterado']);

/** The price entry in force for connection `c`'s channel in a price list `prices` (jsonb): its override, else the default. */
const entryFor = (prices: string) => `coalesce(
         (select p from jsonb_array_elements(${prices}) p where p->>'channel' = c.channel limit 1),
         (select p from jsonb_array_elements(${prices}) p where p->'channel' = 'null'::jsonb limit 1))`;

/** The published quantity for connection `c`'s channel in a distribution `channels` (jsonb); a channel without a figure (inactive) publishes 0. */
const quantityFor = (channels: string) => `jsonb_build_object('quantity', coalesce(
         (select x->'quantity' from jsonb_array_elements(${channels}) x where x->>'channel' = c.channel limit 1), '0'::jsonb))`;

/**
 * `wanted (seller_id, connection_id, field, subject, value, ord)` → the queue: the last
 * value (by `ord`) of each row wins. `force`: queue it even when it equals the value held
 * (a link that changed must be sent what the platform may not have); otherwise an equal
 * value changes nothing. Wakes the sync workers on commit when anything was queued.
 */
function upsertSql(wanted: string, { force }: { force: boolean }): string {
  return `with ${wanted}, latest as (
     select distinct on (connection_id, subject, field) * from wanted
      where value is not null
      order by connection_id, subject, field, ord desc
   ), queued as (
     insert into channel_sync (id, seller_id, connection_id, subject, field, value, version, synced_version, status,
                               attempt_count, attempts_in_round, next_attempt_at, created_at, updated_at)
     select gen_random_uuid(), seller_id, connection_id, subject, field, value, 1, 0, 'pending', 0, 0, now(), now(), now() from latest
     on conflict (connection_id, subject, field) do update
        set value = excluded.value,
            version = channel_sync.version + 1,
            -- A row being retried keeps its backoff; one at rest starts a new round now.
            status = case when channel_sync.status in ('synced', 'failed') then 'pending' else channel_sync.status end,
            attempts_in_round = case when channel_sync.status in ('synced', 'failed') then 0 else channel_sync.attempts_in_round end,
            next_attempt_at = case when channel_sync.status in ('synced', 'failed') then now() else channel_sync.next_attempt_at end,
            updated_at = now()
      ${force ? '' : 'where channel_sync.value is distinct from excluded.value'}
     returning 1
   )
   select count(*)::int as queued, case when count(*) > 0 then pg_notify('${SYNC_NOTIFY_CHANNEL}', '') end as woken from queued`;
}

// A batch's events → the rows they change, for every connection of the event's seller:
// a stock change sets the published quantity of the SKU where it is linked, a price
// change the price entry in force for the connection's channel, an order invoiced or
// shipped the order's status on its own channel's connection. An order id that is not a
// uuid (never, from Ponte's own events) matches nothing rather than failing the fan-out.
const FROM_EVENTS = prepared(
  'ponte_channel_sync_from_events',
  upsertSql(
    `event as (
       select e.id, e.seller_id, e.type, e.payload, q.ord
         from unnest(?::uuid[]) with ordinality as q(id, ord)
         join outbox_event e on e.id = q.id
     ), wanted as (
       select c.seller_id, c.id as connection_id, 'quantity' as field, l.sku as subject, ${quantityFor("e.payload->'channels'")} as value, e.ord
         from event e
         join channel_connection c on c.seller_id = e.seller_id
         join channel_listing l on l.connection_id = c.id and l.sku = e.payload->>'sku'
        where e.type = 'estoque.alterado'
       union all
       select c.seller_id, c.id, 'price', l.sku, ${entryFor("e.payload->'prices'")}, e.ord
         from event e
         join channel_connection c on c.seller_id = e.seller_id
         join channel_listing l on l.connection_id = c.id and l.sku = e.payload->>'sku'
        where e.type = 'produto.preco_alterado'
       union all
       select c.seller_id, c.id, 'order', o.id::text, jsonb_build_object('status', e.payload->>'to'), e.ord
         from event e
         join sales_order o on o.seller_id = e.seller_id
                           and o.id = case when e.payload->>'orderId' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                           then (e.payload->>'orderId')::uuid end
         join channel_connection c on c.seller_id = o.seller_id and c.channel = o.channel
        where e.type = 'pedido.status_alterado' and e.payload->>'to' in ('faturado', 'enviado')
     )`,
    { force: false },
  ),
);

/**
 * The fan-out's audience for the sync queue: fills it from the batch's stock, price and
 * order events and receives no delivery. Costs nothing for a batch without such events.
 */
export async function syncAudience(run: RunStatement, events: readonly CommittedEvent[]): Promise<FanoutTarget[]> {
  const synced = events.filter((event) => SYNCED_EVENTS.has(event.type));
  if (synced.length > 0) await run(FROM_EVENTS, [`{${synced.map((event) => event.id).join(',')}}`]);
  return [];
}

// The current quantity and price of newly linked SKUs. Reading the stock and price rows
// FOR SHARE makes a concurrent change of them wait for this transaction (or this read
// wait for it): either its event is fanned out once the link is visible, or the value
// read here is already the new one. A SKU without stock or prices queues nothing for them.
const FROM_LINKS = `link as (
       select l.seller_id, l.connection_id, l.sku, c.channel
         from channel_listing l join channel_connection c on c.id = l.connection_id
        where l.connection_id = ? and l.seller_id = ? and l.sku = any(?::text[])
     ), stock_now as (
       select s.sku, s.channels from stock s where s.seller_id = ? and s.sku = any(?::text[]) and s.sellable for share
     ), prices_now as (
       select p.sku, p.prices from price_list p where p.seller_id = ? and p.sku = any(?::text[]) for share
     ), wanted as (
       select l.seller_id, l.connection_id, 'quantity' as field, l.sku as subject, ${quantityFor('s.channels').replaceAll('c.channel', 'l.channel')} as value, 1 as ord
         from link l join stock_now s on s.sku = l.sku
       union all
       select l.seller_id, l.connection_id, 'price', l.sku, ${entryFor('p.prices').replaceAll('c.channel', 'l.channel')}, 1
         from link l join prices_now p on p.sku = l.sku
     )`;

/** Queues what newly (re)linked SKUs should show on the platform now; in the linking transaction. */
export async function queueLinkedSkus(tx: EntityManager, sellerId: string, connectionId: string, skus: readonly string[]): Promise<void> {
  if (skus.length === 0) return;
  const list = textArray(skus);
  await tx.execute(upsertSql(FROM_LINKS, { force: true }), [connectionId, sellerId, list, sellerId, list, sellerId, list]);
}

/** Queues the catalogue's linking from its first page (POST /canais/{code}/anuncios/vincular); restarts one under way. */
export async function queueCatalogueLinking(tx: EntityManager, sellerId: string, connectionId: string): Promise<void> {
  await tx.execute(
    upsertSql(`wanted as (select ?::uuid as seller_id, ?::uuid as connection_id, 'catalogue' as field, '' as subject,
                                 jsonb_build_object('cursor', null, 'requestedAt', now()) as value, 1 as ord)`, { force: true }),
    [sellerId, connectionId],
  );
}
