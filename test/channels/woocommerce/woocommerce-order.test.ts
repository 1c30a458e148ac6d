import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wooCommerceOrder } from '../../../src/channels/woocommerce/woocommerce-order.js';

/** The REST v3 "Create an order" example output (fixtures/woocommerce/README.md names the page). */
const sample = (): Record<string, any> => JSON.parse(readFileSync(new URL('../fixtures/woocommerce/order-created.json', import.meta.url), 'utf8'));
const mapped = (change: (body: Record<string, any>) => void = () => {}) => {
  const body = sample();
  change(body);
  return wooCommerceOrder(body)!;
};
const line = (change: (item: Record<string, any>) => void) => mapped((body) => change(body.line_items[0])).lines[0]!;

describe('a WooCommerce order as a Ponte order (docs/channels.md, "WooCommerce")', () => {
  it('maps the published example field by field', () => {
    expect(wooCommerceOrder(sample())).toEqual({
      externalId: '7270',
      placedAt: '2025-03-22T19:28:02.000Z',
      customer: { name: 'John Doe', email: 'john.doe@example.com', phone: '(555) 555-5555', document: undefined },
      deliveryAddress: {
        recipient: 'John Doe',
        street: '969 Market',
        number: 's/n',
        complement: undefined,
        district: '-',
        city: 'San Francisco',
        state: 'CA',
        postalCode: '94103',
        country: 'US',
      },
      lines: [
        { sku: 'CANECA-PONTE', listingId: '93', variationId: null, title: 'Caneca Ponte', quantity: 2, unitPrice: '49.90', discount: '0.00' },
        { sku: 'CAMISETA-AZUL-M', listingId: '22', variationId: '23', title: 'Camiseta Azul – Color: Blue, Size: M', quantity: 1, unitPrice: '59.90', discount: '0.00' },
      ],
      shipping: '10.00',
      payments: [{ method: 'other', status: 'approved', amount: '169.70', transactionId: 'woocommerce:7270', paidAt: '2025-03-22T19:28:08.000Z' }],
      cancellation: undefined,
    });
  });

  it('is null for a body without an order id', () => {
    expect(mapped((body) => delete body.id)).toBeNull();
    expect(mapped((body) => (body.id = null))).toBeNull();
  });

  it('reads the local creation date when the GMT one is absent', () => {
    expect(mapped((body) => delete body.date_created_gmt).placedAt).toBe('2025-03-22T16:28:02.000Z');
  });

  it('delivers to the billing address when the shipping one has no street', () => {
    const billing = { first_name: 'Ana', last_name: 'Souza', address_1: 'Rua Augusta, 100', address_2: 'Consolação', city: 'São Paulo', state: 'SP', postcode: '01304-000', country: 'BR' };
    for (const shipping of [undefined, {}, { first_name: 'Outra', address_1: '' }]) {
      const order = mapped((body) => ((body.billing = { ...body.billing, ...billing }), (body.shipping = shipping)));
      expect(order.deliveryAddress).toEqual({
        recipient: 'Ana Souza',
        street: 'Rua Augusta',
        number: '100',
        complement: undefined,
        district: 'Consolação',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '01304-000',
        country: 'BR',
      });
    }
  });

  it('names the buyer by billing name, else company, else a placeholder; the recipient by shipping name, else the buyer', () => {
    expect(mapped((body) => ((body.billing.first_name = ''), (body.billing.company = 'Loja Ltda'))).customer.name).toBe('Doe');
    expect(mapped((body) => Object.assign(body.billing, { first_name: '', last_name: '', company: 'Loja Ltda' })).customer.name).toBe('Loja Ltda');
    expect(mapped((body) => Object.assign(body.billing, { first_name: '', last_name: '', company: '' })).customer.name).toBe('WooCommerce customer');
    expect(mapped((body) => Object.assign(body.shipping, { first_name: 'Maria', last_name: '' })).deliveryAddress.recipient).toBe('Maria');
    expect(mapped((body) => Object.assign(body.shipping, { first_name: '', last_name: '' })).deliveryAddress.recipient).toBe('John Doe');
  });

  it('reads the Brazilian Market plugin\'s fields: CPF or CNPJ, number and neighbourhood', () => {
    expect(mapped((body) => (body.billing.cpf = '529.982.247-25')).customer.document).toBe('529.982.247-25');
    expect(mapped((body) => (body.billing.cnpj = '11.222.333/0001-81')).customer.document).toBe('11.222.333/0001-81');
    const address = mapped((body) => Object.assign(body.shipping, { address_1: 'Rua 25 de Março', number: '12', neighborhood: 'Centro', address_2: 'Loja 3', company: 'Loja Ltda' })).deliveryAddress;
    expect(address).toMatchObject({ street: 'Rua 25 de Março', number: '12', district: 'Centro', complement: 'Loja Ltda' });
  });

  it('keeps only a two-letter country code', () => {
    for (const country of ['usa', 'us', 'BRA', '']) expect(mapped((body) => (body.shipping.country = country)).deliveryAddress.country).toBeUndefined();
  });

  it('prices a line at subtotal ÷ quantity, its discount what the total leaves off', () => {
    expect(line((item) => Object.assign(item, { quantity: 3, subtotal: '100.00', total: '90.00' }))).toMatchObject({ quantity: 3, unitPrice: '33.33', discount: '9.99' });
    expect(line((item) => Object.assign(item, { quantity: 2, subtotal: '99.80', total: '89.80' }))).toMatchObject({ unitPrice: '49.90', discount: '10.00' });
    // A total above what the units come to (a rounding of the store's) is no negative discount.
    expect(line((item) => Object.assign(item, { quantity: 3, subtotal: '100.00', total: '100.00' }))).toMatchObject({ unitPrice: '33.33', discount: '0.00' });
  });

  it('fills what a line lacks: one unit, no SKU, no product', () => {
    expect(line((item) => ((item.quantity = 0), (item.subtotal = '5.00'), (item.total = '5.00')))).toMatchObject({ quantity: 1, unitPrice: '5.00' });
    expect(line((item) => (delete item.sku, delete item.product_id))).toMatchObject({ sku: null, listingId: null });
  });

  it.each(['processing', 'completed'])('records a %s order as one approved payment of its total', (status) => {
    const order = mapped((body) => (body.status = status));
    expect(order.payments).toEqual([{ method: 'other', status: 'approved', amount: '169.70', transactionId: 'woocommerce:7270', paidAt: '2025-03-22T19:28:08.000Z' }]);
    expect(order.cancellation).toBeUndefined();
  });

  it.each(['pending', 'on-hold'])('leaves a %s order waiting: no payment, no cancellation', (status) => {
    const order = mapped((body) => (body.status = status));
    expect(order.payments).toEqual([]);
    expect(order.cancellation).toBeUndefined();
  });

  it.each(['cancelled', 'refunded', 'failed'])('cancels a %s order', (status) => {
    const order = mapped((body) => (body.status = status));
    expect(order.cancellation).toEqual({ reason: `WooCommerce: ${status}` });
    expect(order.payments).toEqual([]);
  });

  it('takes an order with no status as waiting', () => {
    expect(mapped((body) => delete body.status)).toMatchObject({ payments: [], cancellation: undefined });
  });
});
