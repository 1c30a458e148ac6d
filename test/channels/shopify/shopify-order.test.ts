import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shopifyOrder } from '../../../src/channels/shopify/shopify-order.js';

/** Shopify's published `orders/create` sample (fixtures/shopify/README.md names the page). */
const sample = (): Record<string, any> => JSON.parse(readFileSync(new URL('../fixtures/shopify/orders-create.json', import.meta.url), 'utf8'));
const mapped = (change: (body: Record<string, any>) => void = () => {}) => {
  const body = sample();
  change(body);
  return shopifyOrder(body)!;
};

describe('a Shopify order webhook as a Ponte order (docs/channels.md, "Shopify")', () => {
  it('maps the published sample field by field', () => {
    expect(shopifyOrder(sample())).toEqual({
      externalId: '820982911946154600',
      placedAt: '2025-06-04T16:53:06.000Z',
      customer: { name: 'Steve Shipper', email: 'jon@doe.ca', phone: '555-555-SHIP' },
      deliveryAddress: {
        recipient: 'Steve Shipper',
        street: '123 Shipping Street',
        number: 's/n',
        complement: 'Shipping Company',
        district: '-',
        city: 'Shippington',
        state: 'KY',
        postalCode: '40003',
        country: 'US',
      },
      lines: [
        { sku: 'CANECA-PONTE', listingId: null, variationId: 'gid://shopify/ProductVariant/808950810', title: 'Caneca Ponte', quantity: 1, unitPrice: '49.90', discount: '0.00' },
        { sku: 'CAMISETA-AZUL-M', listingId: null, variationId: 'gid://shopify/ProductVariant/808950811', title: 'Camiseta Azul M', quantity: 2, unitPrice: '102.45', discount: '5.00' },
      ],
      shipping: '10.00',
      // total_discounts (5.00) is all on the lines: nothing is left for the order.
      discount: undefined,
      payments: [],
      cancellation: undefined,
    });
  });

  it('is null for a body without an order id', () => {
    expect(mapped((body) => delete body.id)).toBeNull();
    expect(mapped((body) => (body.id = null))).toBeNull();
    expect(mapped((body) => (body.id = 0))).not.toBeNull();
  });

  it('takes the billing address when there is no shipping address', () => {
    const order = mapped((body) => delete body.shipping_address);
    expect(order.customer.name).toBe('Bob Biller');
    expect(order.customer.phone).toBe('555-555-BILL');
    expect(order.deliveryAddress).toMatchObject({ recipient: 'Bob Biller', street: '123 Billing Street', complement: 'My Company', city: 'Billtown', postalCode: 'K2P0B0' });
  });

  it('names the buyer from the customer when the address has no name, else a placeholder', () => {
    expect(mapped((body) => delete body.shipping_address.name).customer.name).toBe('John Smith');
    expect(mapped((body) => (delete body.shipping_address.name, delete body.customer.first_name)).customer.name).toBe('Smith');
    expect(mapped((body) => (delete body.shipping_address.name, delete body.customer)).customer.name).toBe('Shopify customer');
  });

  it('takes the contact from the order, else the contact e-mail or the address, else the customer', () => {
    expect(mapped((body) => (body.email = null)).customer.email).toBe('jon@doe.ca');
    expect(mapped((body) => ((body.email = null), (body.contact_email = 'contato@loja.com'))).customer.email).toBe('contato@loja.com');
    expect(mapped((body) => ((body.email = null), (body.contact_email = null))).customer.email).toBe('john@test.com');
    expect(mapped((body) => (body.phone = '+55 11 99999-0000')).customer.phone).toBe('+55 11 99999-0000');
    expect(mapped((body) => ((body.shipping_address.phone = null), (body.customer.phone = '+55 21 98888-0000'))).customer.phone).toBe('+55 21 98888-0000');
  });

  it('splits a Brazilian address line and takes its second line as the district', () => {
    const order = mapped((body) => Object.assign(body.shipping_address, { address1: 'Rua Augusta, 100', address2: 'Consolação', province_code: 'SP', zip: '01304-000', country_code: 'BR' }));
    expect(order.deliveryAddress).toMatchObject({ street: 'Rua Augusta', number: '100', district: 'Consolação', state: 'SP', postalCode: '01304-000', country: 'BR' });
  });

  it('takes the province when there is no province code, and only a two-letter country code', () => {
    expect(mapped((body) => delete body.shipping_address.province_code).deliveryAddress.state).toBe('Kentucky');
    for (const code of ['USA', 'us', 'U', ' US', 'US ', null]) {
      expect(mapped((body) => (body.shipping_address.country_code = code)).deliveryAddress.country).toBeUndefined();
    }
  });

  it('takes the shipping total in the shop\'s currency over the shipping lines', () => {
    expect(mapped((body) => (body.total_shipping_price_set.shop_money.amount = '12.00')).shipping).toBe('12.00');
  });

  it('adds up the shipping lines (at their discounted price) when the shipping total is absent', () => {
    const order = mapped((body) => {
      delete body.total_shipping_price_set;
      body.shipping_lines = [{ price: '10.00', discounted_price: '7.50' }, { price: '2.25' }];
    });
    expect(order.shipping).toBe('9.75');
    expect(mapped((body) => ((body.total_shipping_price_set.shop_money.amount = null), (body.shipping_lines = [{ price: '4.00' }]))).shipping).toBe('4.00');
    expect(mapped((body) => (delete body.total_shipping_price_set, (body.shipping_lines = []))).shipping).toBe('0.00');
  });

  it('leaves to the order the part of total_discounts the lines do not carry', () => {
    expect(mapped((body) => (body.total_discounts = '15.00')).discount).toBe('10.00');
    expect(mapped((body) => (body.total_discounts = '5.01')).discount).toBe('0.01');
  });

  it('reads a line\'s discount from its allocations, else from total_discount', () => {
    const order = mapped((body) => {
      body.line_items[0].discount_allocations = [{ amount: '2.00' }, { amount: '3.50' }];
      body.line_items[1].discount_allocations = [];
      body.line_items[1].total_discount = '1.25';
    });
    expect(order.lines.map((line) => line.discount)).toEqual(['5.50', '1.25']);
  });

  it('fills what a line lacks: no SKU, no variant, the title for the name, one unit', () => {
    const order = mapped((body) => {
      body.line_items[0] = { title: 'Brinde', price: '0.00', sku: '', quantity: null };
      body.line_items[1].quantity = '3';
    });
    expect(order.lines[0]).toEqual({ sku: null, listingId: null, variationId: null, title: 'Brinde', quantity: 1, unitPrice: '0.00', discount: '0.00' });
    expect(order.lines[1]!.quantity).toBe(3);
  });

  it.each(['paid', 'partially_refunded'])('records a %s order as one approved payment of its total', (status) => {
    const order = mapped((body) => ((body.financial_status = status), (body.processed_at = '2025-06-04T13:55:00-03:00')));
    expect(order.payments).toEqual([
      { method: 'other', status: 'approved', amount: '259.80', transactionId: 'shopify:820982911946154600', paidAt: '2025-06-04T16:55:00.000Z' },
    ]);
    expect(order.cancellation).toBeUndefined();
  });

  it.each(['pending', 'authorized', 'refunded', 'voided'])('records no payment for a %s order', (status) => {
    expect(mapped((body) => (body.financial_status = status)).payments).toEqual([]);
  });

  it('cancels an order cancelled on Shopify, with its reason, or refunded or voided', () => {
    expect(mapped((body) => ((body.cancelled_at = '2025-06-05T10:00:00-03:00'), (body.cancel_reason = 'customer'))).cancellation).toEqual({
      reason: 'cancelled on Shopify: customer',
    });
    expect(mapped((body) => (body.cancelled_at = '2025-06-05T10:00:00-03:00')).cancellation).toEqual({ reason: 'Shopify: pending' });
    expect(mapped((body) => ((body.cancelled_at = '2025-06-05T10:00:00-03:00'), delete body.financial_status)).cancellation).toEqual({ reason: 'Shopify: cancelled' });
    expect(mapped((body) => (body.financial_status = 'refunded')).cancellation).toEqual({ reason: 'Shopify: refunded' });
    expect(mapped((body) => (body.financial_status = 'voided')).cancellation).toEqual({ reason: 'Shopify: voided' });
  });
});
