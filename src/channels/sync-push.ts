/**
 * What one claimed sync row asks of its connector (docs/channels.md, "What goes out"):
 * a quantity or a price of a linked listing, an order's move, or a page of the catalogue
 * to link by SKU. Answers what was sent and what is left to do.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PriceEntry } from '../catalog/price-list.entity.js';
import { effectivePriceOf } from '../catalog/price-rules.js';
import type { Invoice, OrderShipment } from '../orders/order.entity.js';
import type { ListingLink, OrderMove } from './connector.js';
import { upsertLinks } from './listing.service.js';
import type { PlatformSession } from './platform-session.js';
import type { ClaimedSync, SyncAttemptEnd } from './sync-queue.js';

/** A sync row that cannot be pushed as it stands (its link is gone): failed, not retried. */
export class NothingToPush extends Error {
  override name = 'NothingToPush';
}

export type PushResult = Pick<SyncAttemptEnd, 'sent' | 'followUp'>;

export async function push(claimed: ClaimedSync, { connector, context }: PlatformSession, em: EntityManager): Promise<PushResult> {
  switch (claimed.field) {
    case 'quantity': {
      const quantity = Number(claimed.value.quantity);
      await connector.pushQuantity(linkOf(claimed), quantity, context);
      return { sent: { quantity } };
    }
    case 'price': {
      const now = new Date();
      const entry = claimed.value as unknown as PriceEntry;
      const price = effectivePriceOf(claimed.subject, [{ ...entry, channel: null }], null, now)!.price;
      await connector.pushPrice(linkOf(claimed), price, context);
      const boundary = nextBoundary(entry, now);
      return { sent: { price }, followUp: boundary ? { at: boundary } : undefined };
    }
    case 'order': {
      const move = orderMove(claimed);
      if (!connector.pushOrderMove) return { sent: null };
      await connector.pushOrderMove(move, context);
      return { sent: { status: move.status } };
    }
    case 'catalogue': {
      const cursor = typeof claimed.value.cursor === 'string' ? claimed.value.cursor : null;
      const page = await connector.catalogue(context, cursor);
      const linked = await em.transactional((tx) => upsertLinks(tx, claimed.connection.seller_id, claimed.connection.id, page.listings, { knownSkusOnly: true }));
      const sent = { cursor, listings: page.listings.length, linked: linked.length };
      return { sent, followUp: page.next ? { value: { ...claimed.value, cursor: page.next } } : undefined };
    }
  }
}

function linkOf(claimed: ClaimedSync): ListingLink {
  if (!claimed.link) throw new NothingToPush(`${claimed.subject} is no longer linked on this connection`);
  return { sku: claimed.subject, ...claimed.link };
}

function orderMove(claimed: ClaimedSync): OrderMove {
  if (!claimed.order) throw new NothingToPush(`order ${claimed.subject} is gone`);
  const status = claimed.value.status === 'enviado' ? 'enviado' : 'faturado';
  const previous = claimed.syncedValue?.status;
  return {
    externalId: claimed.order.externalId,
    status,
    previous: previous === 'faturado' || previous === 'enviado' ? previous : null,
    invoice: (claimed.order.invoice as Invoice | null) ?? null,
    shipment: status === 'enviado' ? ((claimed.order.shipment as OrderShipment | null) ?? null) : null,
  };
}

/** When the price in force changes next by itself: the promotion's start or end still ahead. */
function nextBoundary(entry: PriceEntry, now: Date): Date | null {
  const ahead = [entry.promoStart, entry.promoEnd].filter((at): at is string => at !== null && Date.parse(at) > now.getTime());
  return ahead.length > 0 ? new Date(ahead.sort()[0]!) : null;
}
