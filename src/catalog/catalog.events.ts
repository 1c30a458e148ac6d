import { Type, type Static } from 'typebox';
import { defineEvent } from '../events/event-registry.js';
import type { EventInput } from '../events/outbox.js';
import type { PublicationStatus as Status } from './product.entity.js';
import { PublicationStatus, SkuPricesView, StockView } from './catalog.schemas.js';

// The catalogue events: their data schemas (the figures and prices the REST answers show),
// their declaration and one builder each, which every service that records them uses.

const PublicationChangedPayload = Type.Object({
  sku: Type.String(),
  from: Type.Union([PublicationStatus, Type.Null()], { description: 'null when the product is new' }),
  to: PublicationStatus,
  channels: Type.Array(Type.String()),
  previousChannels: Type.Array(Type.String()),
});

declare module '../events/event-registry.js' {
  interface EventSchemas {
    'estoque.alterado': typeof StockView;
    'produto.publicacao_alterada': typeof PublicationChangedPayload;
    'produto.preco_alterado': typeof SkuPricesView;
  }
}

export const CATALOG_EVENTS = [
  defineEvent('estoque.alterado', { payload: StockView, readScope: 'catalog:read', group: 'stock' }),
  defineEvent('produto.publicacao_alterada', { payload: PublicationChangedPayload, readScope: 'catalog:read', group: 'stock' }),
  defineEvent('produto.preco_alterado', { payload: SkuPricesView, readScope: 'catalog:read', group: 'stock' }),
];

/** `estoque.alterado`: the SKU's new figures, as PATCH /estoque/{sku} answers them. */
export function stockChanged(figures: Static<typeof StockView>): EventInput<'estoque.alterado'> {
  const { sku, onHand, reserved, available, channels } = figures;
  return { type: 'estoque.alterado', aggregateType: 'sku', aggregateId: sku, data: { sku, onHand, reserved, available, channels } };
}

/** `produto.publicacao_alterada`: the status and channels before (none for a new product) and now. */
export function publicationChanged(
  product: { sku: string; publicationStatus: Status; channels: string[] },
  before: { status: Status; channels: string[] } | undefined,
): EventInput<'produto.publicacao_alterada'> {
  return {
    type: 'produto.publicacao_alterada',
    aggregateType: 'sku',
    aggregateId: product.sku,
    data: {
      sku: product.sku,
      from: before?.status ?? null,
      to: product.publicationStatus,
      channels: product.channels,
      previousChannels: before?.channels ?? [],
    },
  };
}

/** `produto.preco_alterado`: the SKU's whole price list after the change. */
export function pricesChanged(prices: Static<typeof SkuPricesView>): EventInput<'produto.preco_alterado'> {
  return { type: 'produto.preco_alterado', aggregateType: 'sku', aggregateId: prices.sku, data: { sku: prices.sku, prices: prices.prices } };
}
