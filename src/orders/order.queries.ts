import type { EntityManager } from '@mikro-orm/postgresql';
import { readRows, type Condition, type Row } from '../db/read-rows.js';
import { decodeCursor, pageOf, viewPage, type Page, type PageRequest } from '../http/pagination.js';
import { isUuid } from '../db/ids.js';
import { normalizeDocument } from './brazilian-documents.js';
import { loadOrderViews } from './order.views.js';
import { Order } from './order.entity.js';
import type { OrderListFilter, OrderSort, OrderView } from './orders.schemas.js';

/** The seller-scoped EM makes another seller's order simply absent. */
export async function findOrder(em: EntityManager, id: string): Promise<OrderView | undefined> {
  if (!isUuid(id)) return undefined;
  const [order] = await readRows(em, Order, [{ property: 'id', op: '=', value: id }]);
  return order ? (await loadOrderViews(em, [order]))[0] : undefined;
}

/** Orders by id, of the EM's seller only: another seller's ids and malformed ones are simply absent. */
export async function findOrdersByIds(em: EntityManager, ids: readonly string[]): Promise<Map<string, Row<Order>>> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return new Map();
  const orders = await readRows(em, Order, [{ property: 'id', anyOf: wanted }]);
  return new Map(orders.map((order) => [order.id, order]));
}

export async function findOrderByExternalId(em: EntityManager, channel: string, externalId: string): Promise<OrderView | undefined> {
  const [order] = await readRows(em, Order, [
    { property: 'channel', op: '=', value: channel },
    { property: 'externalId', op: '=', value: externalId },
  ]);
  return order ? (await loadOrderViews(em, [order]))[0] : undefined;
}

/** The edge cursor of an order in a list sorted by `sort` (the key the next page starts after). */
export function orderCursor(sort: OrderSort = 'createdAt'): (order: Row<Order>) => [string, string] {
  return (order) => [order[sort].toISOString(), order.id];
}

/**
 * Keyset pages over (createdAt, id) newest first, or (updatedAt, id) oldest first. A
 * cursor is the last row's key, so rows inserted or updated meanwhile never shift a
 * later page: no row is skipped or repeated because of them. Plain rows: a page is only shown.
 */
export async function listOrders(em: EntityManager, filter: OrderListFilter, page: PageRequest): Promise<Page<Row<Order>>> {
  const key = filter.sort ?? 'createdAt';
  const direction = key === 'updatedAt' ? 'asc' : 'desc';
  const where = filterOf(filter);
  if (page.cursor) where.push(afterCursor(key, direction, page.cursor));
  if (key === 'updatedAt') where.push({ property: 'updatedAt', op: '<', value: await settledBefore(em) });
  const rows = await readRows(em, Order, where, { orderBy: [[key, direction], ['id', direction]], limit: page.limit + 1 });
  return pageOf(rows, page.limit, orderCursor(key));
}

/** `GET /pedidos`: a page of orders (listOrders) as whole order views. */
export async function listOrderViews(em: EntityManager, filter: OrderListFilter, page: PageRequest): Promise<Page<OrderView>> {
  return viewPage(await listOrders(em, filter, page), (orders) => loadOrderViews(em, orders));
}

/** `[from, to)` of a timestamp filter; either end may be missing. */
function range(property: 'createdAt' | 'placedAt', from: string | undefined, to: string | undefined): Condition<Order>[] {
  return [
    ...(from ? [{ property, op: '>=', value: new Date(from) } as const] : []),
    ...(to ? [{ property, op: '<', value: new Date(to) } as const] : []),
  ];
}

/** A CPF (11 digits) or CNPJ (14 characters, the alphanumeric CNPJ too) once its mask is stripped. */
const DOCUMENT_SHAPE = /^(?:\d{11}|[0-9A-Z]{12}\d{2})$/;

/**
 * An order a person looks for by what they have at hand: the channel's order id, the
 * customer's CPF/CNPJ (stored without the mask), or part of the customer's name, in any
 * case and with or without accents. Each has its index (see the Order entity): the
 * identifiers match exactly, the name by trigrams on its folded form (ponte_fold).
 */
function searchOf(search: string): Condition<Order> | undefined {
  const term = search.trim();
  if (!term) return undefined;
  // LIKE's own characters in the term are literal: "50%" looks for "50%".
  const pattern = term.replace(/[\\%_]/g, '\\$&');
  const groups: Condition<Order>[][] = [
    [{ property: 'externalId', op: '=', value: term }],
    [{ sql: `ponte_fold("customer"->>'name') like '%' || ponte_fold(?) || '%'`, values: [pattern] }],
  ];
  const document = normalizeDocument(term);
  if (DOCUMENT_SHAPE.test(document)) groups.push([{ sql: `("customer"->>'document') = ?`, values: [document] }]);
  return { or: groups };
}

function filterOf(filter: OrderListFilter): Condition<Order>[] {
  const search = filter.search === undefined ? undefined : searchOf(filter.search);
  return [
    ...(search ? [search] : []),
    ...(filter.channel ? [{ property: 'channel', op: '=', value: filter.channel } as const] : []),
    ...(filter.status?.length ? [{ property: 'status', anyOf: filter.status } as const] : []),
    ...range('createdAt', filter.createdFrom, filter.createdTo),
    ...range('placedAt', filter.placedFrom, filter.placedTo),
    ...(filter.updatedSince ? [{ property: 'updatedAt', op: '>=', value: new Date(filter.updatedSince) } as const] : []),
    ...(filter.needsAttention !== undefined ? [{ property: 'needsAttention', op: '=', value: filter.needsAttention } as const] : []),
  ];
}

function afterCursor(key: 'createdAt' | 'updatedAt', direction: 'asc' | 'desc', cursor: string): Condition<Order> {
  const [at, id] = decodeCursor(cursor, ['instant', 'uuid']);
  const instant = new Date(at!);
  const beyond = direction === 'asc' ? '>' : '<';
  return { or: [[{ property: key, op: beyond, value: instant }], [{ property: key, op: '=', value: instant }, { property: 'id', op: beyond, value: id! }]] };
}

/**
 * The incremental-sync watermark: the start of the oldest transaction still running in
 * this database. Writes stamp updatedAt with their transaction's start (transactionTime),
 * so every row still to commit will carry an updatedAt at or after it; a page that stops
 * short of it never passes a change that commits later. Without this, a slow transaction
 * could commit an older updatedAt behind a reader's cursor and be missed for good.
 */
async function settledBefore(em: EntityManager): Promise<Date> {
  const [row] = await em.execute<{ watermark: Date }[]>(
    `select date_trunc('milliseconds', min(xact_start)) as watermark
       from pg_stat_activity where datname = current_database() and xact_start is not null`,
  );
  return new Date(row!.watermark);
}
