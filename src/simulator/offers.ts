import type { EntityManager } from '@mikro-orm/postgresql';
import { findPricesBySkus } from '../catalog/price.service.js';
import { effectivePriceOf } from '../catalog/price-rules.js';
import type { Offer } from './simulated-order.js';
import { SIMULATOR_CHANNEL } from './sandbox.js';

/** How many SKUs the simulated marketplace considers at once: plenty for a test catalogue. */
const MAX_OFFERS = 200;

/**
 * What the simulated marketplace can sell now: the seller's sellable SKUs whose product is
 * published and listed on `simulador`, with a quantity published to `simulador` and a price
 * there. `skus`, when given, narrows it to those.
 */
export async function currentOffers(em: EntityManager, sellerId: string, skus?: readonly string[]): Promise<Offer[]> {
  const rows = await em.execute<{ sku: string; title: string; quantity: number }[]>(
    `select s.sku, p.title, q.quantity
       from stock s
       join product p on p.id = s.product_id
       cross join lateral (
         select (c->>'quantity')::int as quantity from jsonb_array_elements(s.channels) c where c->>'channel' = ?
       ) q
      where s.seller_id = ? and s.sellable and p.publication_status = 'published' and p.channels @> array[?]::text[]
        and q.quantity > 0 ${skus ? 'and s.sku in (?)' : ''}
      order by s.sku
      limit ${MAX_OFFERS}`,
    [SIMULATOR_CHANNEL, sellerId, SIMULATOR_CHANNEL, ...(skus ? [[...skus]] : [])],
  );
  const prices = await findPricesBySkus(em, sellerId, rows.map((row) => row.sku));
  const now = new Date();
  return rows.flatMap((row) => {
    const price = effectivePriceOf(row.sku, prices.get(row.sku) ?? [], SIMULATOR_CHANNEL, now);
    return price ? [{ sku: row.sku, title: row.title, quantity: row.quantity, price: price.price }] : [];
  });
}
