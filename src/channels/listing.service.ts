import type { EntityManager } from '@mikro-orm/postgresql';
import { textArray } from '../db/array-literal.js';
import { validationFailed, notFound, type FieldError } from '../errors.js';
import { decodeCursor, pageOf, type Page, type PageRequest } from '../http/pagination.js';
import type { ListingLinkInput, ListingLinkView } from './channels.schemas.js';
import type { ChannelConnection } from './connection.entity.js';
import { findConnection } from './connection.service.js';
import { connectorFor } from './connectors.js';
import { queueCatalogueLinking, queueLinkedSkus } from './sync-enqueue.js';

interface LinkRow {
  sku: string;
  listing_id: string;
  variation_id: string | null;
  product_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Stores listing links by SKU on a connection, in the caller's transaction, and queues
 * what the platform should now show for each link that is new or changed (its quantity
 * and price). `knownSkusOnly`: links to SKUs the catalogue does not sell are dropped (a
 * platform's catalogue lists everything); otherwise they are refused, each with its path.
 * Answers the links as stored, in the order given.
 */
export async function upsertLinks(
  tx: EntityManager,
  sellerId: string,
  connectionId: string,
  links: readonly { sku: string; listingId: string; variationId?: string | null; productId?: string | null }[],
  { knownSkusOnly }: { knownSkusOnly: boolean },
): Promise<ListingLinkView[]> {
  if (links.length === 0) return [];
  const skus = links.map((link) => link.sku);
  const sellable = new Set(
    (await tx.execute<{ sku: string }[]>(`select sku from stock where seller_id = ? and sku = any(?::text[]) and sellable`, [sellerId, textArray(skus)])).map((row) => row.sku),
  );
  if (!knownSkusOnly) {
    const errors: FieldError[] = links.flatMap((link, index) => (sellable.has(link.sku) ? [] : [{ path: `/links/${index}/sku`, message: 'is not a sellable SKU of the catalogue' }]));
    if (errors.length > 0) throw validationFailed(errors, 'Listing links name SKUs the catalogue does not sell');
  }
  // The last of a SKU's links wins (a platform's catalogue may list a SKU twice).
  const kept = [...new Map(links.filter((link) => sellable.has(link.sku)).map((link) => [link.sku, link])).values()];
  if (kept.length === 0) return [];
  const rows = await tx.execute<(LinkRow & { changed: boolean })[]>(
    `insert into channel_listing (id, seller_id, connection_id, sku, listing_id, variation_id, product_id, created_at, updated_at)
     select gen_random_uuid(), ?, ?, l.sku, l.listing_id, l.variation_id, l.product_id, now(), now()
       from jsonb_to_recordset(?::jsonb) as l(sku text, listing_id text, variation_id text, product_id text)
     on conflict (connection_id, sku) do update
        set listing_id = excluded.listing_id, variation_id = excluded.variation_id,
            product_id = coalesce(excluded.product_id, channel_listing.product_id), updated_at = now()
      where (channel_listing.listing_id, channel_listing.variation_id, channel_listing.product_id)
            is distinct from (excluded.listing_id, excluded.variation_id, coalesce(excluded.product_id, channel_listing.product_id))
     returning sku, listing_id, variation_id, product_id, created_at, updated_at, true as changed`,
    [
      sellerId,
      connectionId,
      JSON.stringify(kept.map((link) => ({ sku: link.sku, listing_id: link.listingId, variation_id: link.variationId ?? null, product_id: link.productId ?? null }))),
    ],
  );
  await queueLinkedSkus(tx, sellerId, connectionId, rows.map((row) => row.sku));
  const changed = new Map(rows.map((row) => [row.sku, row]));
  const unchanged = kept.filter((link) => !changed.has(link.sku)).map((link) => link.sku);
  const stored = unchanged.length > 0 ? await tx.execute<LinkRow[]>(`select * from channel_listing where connection_id = ? and sku = any(?::text[])`, [connectionId, textArray(unchanged)]) : [];
  for (const row of stored) changed.set(row.sku, { ...row, changed: false });
  return kept.map((link) => linkView(changed.get(link.sku)!));
}

/** `PUT /canais/{code}/anuncios`: upserts the links by SKU, each checked against the platform's id formats. */
export async function putListingLinks(em: EntityManager, sellerId: string, code: string, links: readonly ListingLinkInput[]): Promise<ListingLinkView[]> {
  return em.transactional(async (tx) => {
    const connection = await connected(tx, sellerId, code);
    const errors = formatErrors(connection, links);
    const seen = new Set<string>();
    links.forEach((link, index) => {
      if (seen.has(link.sku)) errors.push({ path: `/links/${index}/sku`, message: 'repeats a SKU given earlier in this request' });
      seen.add(link.sku);
    });
    if (errors.length > 0) throw validationFailed(errors, 'The listing links are not valid');
    return upsertLinks(tx, sellerId, connection.id, links, { knownSkusOnly: false });
  });
}

/** `GET /canais/{code}/anuncios`: the connection's links by SKU. */
export async function listListingLinks(em: EntityManager, sellerId: string, code: string, page: PageRequest): Promise<Page<ListingLinkView>> {
  const connection = await connected(em, sellerId, code);
  const after = page.cursor === undefined ? null : decodeCursor(page.cursor, ['text'])[0]!;
  const rows = await em.execute<LinkRow[]>(
    `select sku, listing_id, variation_id, product_id, created_at, updated_at from channel_listing
      where seller_id = ? and connection_id = ? and (?::text is null or sku > ?) order by sku limit ?`,
    [sellerId, connection.id, after, after, page.limit + 1],
  );
  const paged = pageOf(rows, page.limit, (row) => [row.sku]);
  return { data: paged.data.map(linkView), nextCursor: paged.nextCursor };
}

/** `POST /canais/{code}/anuncios/vincular`: queues linking from the platform's catalogue, page by page, in the background. */
export async function linkFromCatalogue(em: EntityManager, sellerId: string, code: string): Promise<void> {
  await em.transactional(async (tx) => {
    const connection = await connected(tx, sellerId, code);
    await queueCatalogueLinking(tx, sellerId, connection.id);
  });
}

async function connected(em: EntityManager, sellerId: string, code: string): Promise<ChannelConnection> {
  const connection = await findConnection(em, sellerId, code);
  if (!connection) throw notFound(`Connection of channel ${code}`);
  return connection;
}

/** Each id against the platform's own format (a Shopify GID, a WooCommerce number…), with its path. */
function formatErrors(connection: ChannelConnection, links: readonly ListingLinkInput[]): FieldError[] {
  const format = connectorFor(connection.platform)?.linkFormat;
  if (!format) return [];
  return links.flatMap((link, index) =>
    (['listingId', 'variationId', 'productId'] as const).flatMap((field) => {
      const value = link[field];
      const rule = format[field];
      return value === undefined || value === null || rule.pattern.test(value) ? [] : [{ path: `/links/${index}/${field}`, message: `is not ${rule.description}` }];
    }),
  );
}

function linkView(row: LinkRow): ListingLinkView {
  return {
    sku: row.sku,
    listingId: row.listing_id,
    variationId: row.variation_id,
    productId: row.product_id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
