/** Reading the seller's channels: for the API, and for the distribution (stock-figures.ts). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../errors.js';
import { decodeCursor, pageOf, type Page } from '../http/pagination.js';

export interface ChannelView {
  code: string;
  name: string;
  active: boolean;
  sharePercent: number;
  safetyStock: number;
  maxQuantity: number | null;
}

interface ChannelRow {
  code: string;
  name: string;
  active: boolean;
  share_percent: number;
  safety_stock: number;
  max_quantity: number | null;
}

const COLUMNS = 'code, name, active, share_percent, safety_stock, max_quantity';

function toView(row: ChannelRow): ChannelView {
  return {
    code: row.code,
    name: row.name,
    active: row.active,
    sharePercent: row.share_percent,
    safetyStock: row.safety_stock,
    maxQuantity: row.max_quantity,
  };
}

/**
 * SQL condition that holds when the seller has configured the channel (parameters: seller
 * id, channel code), for a statement that checks a reference as it writes (order creation).
 */
export const CHANNEL_CONFIGURED = 'exists (select 1 from channel where seller_id = ? and code = ?)';

export async function listChannels(em: EntityManager, sellerId: string): Promise<ChannelView[]> {
  const rows = await em.execute<ChannelRow[]>(`select ${COLUMNS} from channel where seller_id = ? order by code`, [sellerId]);
  return rows.map(toView);
}

/** A page of the seller's channels by code (the unique index on seller and code serves it). */
export async function pageOfChannels(em: EntityManager, sellerId: string, page: { limit: number; cursor?: string }): Promise<Page<ChannelView>> {
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, ['text'])[0];
  const rows = await em.execute<ChannelRow[]>(
    `select ${COLUMNS} from channel where seller_id = ? ${after === undefined ? '' : 'and code > ?'} order by code limit ?`,
    after === undefined ? [sellerId, page.limit + 1] : [sellerId, after, page.limit + 1],
  );
  return pageOf(rows.map(toView), page.limit, (channel) => [channel.code]);
}

/** `forUpdate` locks the row until the caller's transaction ends (a change of its settings). */
export async function findChannel(em: EntityManager, sellerId: string, code: string, options: { forUpdate?: boolean } = {}): Promise<ChannelView | null> {
  const [row] = await em.execute<ChannelRow[]>(
    `select ${COLUMNS} from channel where seller_id = ? and code = ? ${options.forUpdate ? 'for update' : ''}`,
    [sellerId, code],
  );
  return row ? toView(row) : null;
}

export async function getChannel(em: EntityManager, sellerId: string, code: string): Promise<ChannelView> {
  const channel = await findChannel(em, sellerId, code);
  if (!channel) throw notFound(`Channel ${code}`);
  return channel;
}
