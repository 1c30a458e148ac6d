import { describe, expect, it } from 'vitest';
import type { Principal } from '../../src/auth/auth.service.js';
import type { Scope } from '../../src/auth/scopes.js';
import { AppError } from '../../src/errors.js';
import { readScopeOfEvent } from '../../src/events/read-scopes.js';
import { authorizeEventTypes, orderFilter, stockFilter } from '../../src/live/event-filter.js';
// Registers the modules' events: the filters and read scopes are made of them.
import '../../src/modules.js';

const principal = (...scopes: Scope[]): Principal => ({ sellerId: 's', sellerName: 'S', sandbox: false, tokenId: 't', scopes: new Set(scopes) });
const envelope = (evento: string, data: Record<string, unknown>) => ({ id: 'x', evento, dataHora: '', data });

describe('live event filters and their scopes', () => {
  it('needs orders:read for order, freight and payment events and catalog:read for stock ones', () => {
    expect(['pedido.criado', 'frete.rastreio', 'pagamento.alterado'].map(readScopeOfEvent)).toEqual(['orders:read', 'orders:read', 'orders:read']);
    expect(['estoque.alterado', 'produto.preco_alterado', 'produto.publicacao_alterada'].map(readScopeOfEvent)).toEqual(['catalog:read', 'catalog:read', 'catalog:read']);
  });

  it('defaults to the readable types and refuses a type whose scope is missing', () => {
    expect(authorizeEventTypes(principal('catalog:read'), undefined)).toEqual(['estoque.alterado', 'produto.publicacao_alterada', 'produto.preco_alterado']);
    expect(() => authorizeEventTypes(principal('catalog:read'), ['pedido.criado'])).toThrow(AppError);
    expect(() => authorizeEventTypes(principal('webhooks:read'), undefined)).toThrow(/lacks/);
  });

  it('matches one order by data.orderId or, on creation, data.id; statuses by data.to or data.status', () => {
    const one = orderFilter({ orderId: 'o-1' });
    expect(one.matches(envelope('pedido.criado', { id: 'o-1' }))).toBe(true);
    expect(one.matches(envelope('pedido.status_alterado', { orderId: 'o-1', to: 'enviado' }))).toBe(true);
    expect(one.matches(envelope('pedido.status_alterado', { orderId: 'o-2', to: 'enviado' }))).toBe(false);
    expect(one.matches(envelope('pagamento.alterado', { orderId: 'o-1' }))).toBe(false);
    const shipped = orderFilter({ statuses: ['enviado'] });
    expect(shipped.matches(envelope('pedido.status_alterado', { to: 'enviado' }))).toBe(true);
    expect(shipped.matches(envelope('pedido.criado', { status: 'pendente' }))).toBe(false);
  });

  it('matches one SKU among stock, price and publication events', () => {
    const sku = stockFilter({ sku: 'A' });
    expect(sku.matches(envelope('produto.publicacao_alterada', { sku: 'A' }))).toBe(true);
    expect(sku.matches(envelope('estoque.alterado', { sku: 'B' }))).toBe(false);
  });
});
