import type { EntityManager } from '@mikro-orm/postgresql';
import { decodeCursor, pageOf, type Page } from '../http/pagination.js';
import { Product, type PublicationStatus } from './product.entity.js';
import type { Availability } from './catalog.schemas.js';

export interface ProductFilter {
  publicationStatus?: PublicationStatus[];
  /** Listed on this channel. */
  channel?: string;
  /** Whether any sellable SKU of the product has available stock. */
  availability?: Availability;
}

/**
 * Products by SKU (a stable order: a cursor is the last SKU seen, so rows written
 * meanwhile never shift a page). Each filter has its index: (seller, status, sku),
 * the GIN index on channels, and stock (product_id, available) for the EXISTS probe.
 */
export async function listProducts(
  em: EntityManager,
  sellerId: string,
  filter: ProductFilter,
  page: { limit: number; cursor?: string },
): Promise<Page<Product>> {
  const conditions = ['p.seller_id = ?'];
  const params: unknown[] = [sellerId];
  if (page.cursor) {
    conditions.push('p.sku > ?');
    params.push(decodeCursor(page.cursor, ['text'])[0]!);
  }
  if (filter.publicationStatus?.length) {
    conditions.push('p.publication_status in (?)');
    params.push(filter.publicationStatus);
  }
  if (filter.channel) {
    conditions.push('p.channels @> array[?]::text[]');
    params.push(filter.channel);
  }
  if (filter.availability) {
    const inStock = 'exists (select 1 from stock s where s.product_id = p.id and s.sellable and s.available > 0)';
    conditions.push(filter.availability === 'in_stock' ? inStock : `not ${inStock}`);
  }
  params.push(page.limit + 1);
  const rows = await em.execute<{ id: string }[]>(
    `select p.id from product p where ${conditions.join(' and ')} order by p.sku limit ?`,
    params,
  );
  const products = rows.length ? await em.find(Product, { id: { $in: rows.map((row) => row.id) } }, { orderBy: { sku: 'asc' } }) : [];
  return pageOf(products, page.limit, (product) => [product.sku]);
}
