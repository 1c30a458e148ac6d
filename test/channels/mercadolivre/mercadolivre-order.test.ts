import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mercadoLivreOrder } from '../../../src/channels/mercadolivre/mercadolivre-order.js';

/** GET /orders/{id} and GET /shipments/{id} as Mercado Livre documents them (fixtures/mercadolivre/README.md). */
const fixture = (name: string): Record<string, any> => JSON.parse(readFileSync(new URL(`../fixtures/mercadolivre/${name}.json`, import.meta.url), 'utf8'));
const mapped = (change: (order: Record<string, any>, shipment: Record<string, any>) => void = () => {}) => {
  const order = fixture('order');
  const shipment = fixture('shipment');
  change(order, shipment);
  return mercadoLivreOrder(order, shipment)!;
};
const line = (change: (entry: Record<string, any>) => void) => mapped((order) => change(order.order_items[0])).lines[0]!;
const payment = (change: (payment: Record<string, any>) => void) => mapped((order) => change(order.payments[0])).payments![0]!;

describe('a Mercado Livre order as a Ponte order (docs/channels.md, "Mercado Livre")', () => {
  it('maps the documented order and shipment field by field', () => {
    expect(mercadoLivreOrder(fixture('order'), fixture('shipment'))).toEqual({
      externalId: '2195160686',
      placedAt: '2025-10-30T16:19:15.000Z',
      customer: { name: 'COMPRADOR_TESTE' },
      deliveryAddress: {
        recipient: 'Comprador Teste',
        street: 'Rua Augusta',
        number: '100',
        complement: 'Apto 12',
        district: 'Consolação',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '01304000',
      },
      lines: [{ sku: 'CANECA-PONTE', listingId: 'MLB1234567890', variationId: null, title: 'Caneca Ponte', quantity: 2, unitPrice: '49.90', discount: '0.00' }],
      shipping: '0.00',
      payments: [
        {
          method: 'credit_card',
          status: 'approved',
          amount: '99.80',
          installments: 1,
          transactionId: 'mercadolivre:9876543210',
          paidAt: '2025-10-30T16:19:18.000Z',
        },
      ],
      cancellation: undefined,
    });
  });

  it('is null for an order without an id', () => {
    expect(mapped((order) => delete order.id)).toBeNull();
    expect(mapped((order) => (order.id = null))).toBeNull();
    expect(mapped((order) => (order.id = 0))).not.toBeNull();
  });

  it('names the buyer by first and last name, else the nickname, else a placeholder', () => {
    expect(mapped((order) => Object.assign(order.buyer, { first_name: 'Ana', last_name: 'Souza' })).customer.name).toBe('Ana Souza');
    expect(mapped((order) => Object.assign(order.buyer, { last_name: 'Souza' })).customer.name).toBe('Souza');
    expect(mapped((order) => delete order.buyer).customer.name).toBe('Comprador Mercado Livre');
  });

  it('fills an address the shipment lacks: the buyer as recipient, s/n, no state', () => {
    const address = mapped((_, shipment) => {
      delete shipment.receiver_address.receiver_name;
      delete shipment.receiver_address.street_number;
      delete shipment.receiver_address.state;
      delete shipment.receiver_address.comment;
    }).deliveryAddress;
    expect(address).toMatchObject({ recipient: 'COMPRADOR_TESTE', number: 's/n', state: '-', complement: undefined });
    expect(mapped((_, shipment) => (shipment.receiver_address.state = { id: 'SP' })).deliveryAddress.state).toBe('SP');
  });

  it('prices a line at its full unit price, the difference from what was charged being its discount', () => {
    expect(line((entry) => Object.assign(entry, { full_unit_price: 59.9, unit_price: 49.9, quantity: 2 }))).toMatchObject({ unitPrice: '59.90', discount: '20.00' });
    expect(line((entry) => Object.assign(entry, { full_unit_price: 10, unit_price: 7.5, quantity: 1 }))).toMatchObject({ unitPrice: '10.00', discount: '2.50' });
    expect(line((entry) => delete entry.full_unit_price)).toMatchObject({ unitPrice: '49.90', discount: '0.00' });
    // A full price below the one charged is not a discount: the line is what was charged.
    expect(line((entry) => Object.assign(entry, { full_unit_price: 40, unit_price: 49.9 }))).toMatchObject({ unitPrice: '49.90', discount: '0.00' });
  });

  it('takes at least one unit', () => {
    expect(line((entry) => delete entry.quantity).quantity).toBe(1);
    expect(line((entry) => (entry.quantity = 0)).quantity).toBe(1);
    expect(line((entry) => (entry.quantity = -3)).quantity).toBe(1);
    expect(line((entry) => (entry.quantity = 5)).quantity).toBe(5);
  });

  it('takes the SKU from seller_sku, else seller_custom_field, and the variation for links', () => {
    expect(line((entry) => Object.assign(entry.item, { seller_sku: null, seller_custom_field: 'CANECA-2' })).sku).toBe('CANECA-2');
    expect(line((entry) => delete entry.item.seller_sku).sku).toBeNull();
    expect(line((entry) => (entry.item.variation_id = 174997747229))).toMatchObject({ listingId: 'MLB1234567890', variationId: '174997747229' });
    expect(line((entry) => delete entry.item.id).listingId).toBeNull();
  });

  it('records the approved payments of a paid or partially refunded order only', () => {
    const refused = { ...fixture('order').payments[0], id: 1, status: 'rejected' };
    expect(mapped((order) => order.payments.push(refused)).payments).toHaveLength(1);
    expect(mapped((order) => (order.status = 'partially_refunded')).payments).toHaveLength(1);
    for (const status of ['payment_required', 'confirmed', 'cancelled']) expect(mapped((order) => (order.status = status)).payments).toEqual([]);
    expect(mapped((order) => delete order.status).payments).toEqual([]);
  });

  it('keeps installments between 1 and 99', () => {
    expect(payment((entry) => (entry.installments = 3)).installments).toBe(3);
    expect(payment((entry) => (entry.installments = 0)).installments).toBe(1);
    expect(payment((entry) => delete entry.installments).installments).toBe(1);
    expect(payment((entry) => (entry.installments = 120)).installments).toBe(99);
  });

  it.each([
    ['credit_card', 'credit_card'],
    ['debit_card', 'debit_card'],
    ['ticket', 'boleto'],
    ['account_money', 'wallet'],
    ['bank_transfer', 'pix'],
    ['digital_currency', 'other'],
    [undefined, 'other'],
  ])('reads payment_type %s as %s', (type, method) => {
    expect(payment((entry) => (entry.payment_type = type)).method).toBe(method);
  });

  it('cancels a cancelled order', () => {
    expect(mapped((order) => (order.status = 'cancelled')).cancellation).toEqual({ reason: 'Mercado Livre: cancelled' });
  });
});
