import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { formatMoney } from '../../src/money.js';
import { prepareOrder } from '../../src/orders/order-preparation.js';
import type { CreateOrderInput } from '../../src/orders/orders.schemas.js';
import { orderBody } from './fixtures.js';

const input = (overrides: Record<string, unknown> = {}) => orderBody(overrides) as unknown as CreateOrderInput;

function fieldErrors(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return (error.errors ?? []).map((field) => field.path);
    throw error;
  }
  return [];
}

describe('prepareOrder', () => {
  it('computes line totals and amounts in cents, with two places', () => {
    const prepared = prepareOrder(input({ items: [{ sku: 'A', quantity: 3, unitPrice: '0.1', discount: '0.05' }], shipping: '0', discount: '0.2' }));
    expect(prepared.items[0]).toMatchObject({ unitPrice: '0.10', discount: '0.05', total: '0.25' });
    expect(prepared.amounts).toEqual({ items: '0.25', shipping: '0.00', discount: '0.20', total: '0.05' });
    expect(prepared.status).toBe('pendente');
  });

  it('agrees with an exact recomputation for any lines (no float drift)', () => {
    const line = fc.record({ quantity: fc.integer({ min: 1, max: 1000 }), cents: fc.integer({ min: 0, max: 10_000_00 }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fc.integer({ min: 0, max: 100_00 }), (lines, shipping) => {
        const items = lines.map((l, index) => ({ sku: `S${index}`, quantity: l.quantity, unitPrice: formatMoney(BigInt(l.cents)) }));
        const expected = lines.reduce((sum, l) => sum + BigInt(l.cents) * BigInt(l.quantity), 0n) + BigInt(shipping);
        const prepared = prepareOrder(input({ items, shipping: formatMoney(BigInt(shipping)), discount: '0', total: formatMoney(expected) }));
        expect(prepared.amounts.total).toBe(formatMoney(expected));
      }),
    );
  });

  it('accepts the client total only when it matches', () => {
    expect(fieldErrors(() => prepareOrder(input({ total: '120.00' })))).toEqual([]);
    expect(fieldErrors(() => prepareOrder(input({ total: '120' })))).toEqual([]);
    expect(fieldErrors(() => prepareOrder(input({ total: '120.01' })))).toEqual(['/total']);
  });

  it('starts aprovado only when approved payments cover the total', () => {
    const pay = (status: string, amount: string) => ({ method: 'pix', status, amount });
    expect(prepareOrder(input({ payments: [pay('approved', '120.00')] })).status).toBe('aprovado');
    expect(prepareOrder(input({ payments: [pay('approved', '60.00'), pay('approved', '60.00')] })).status).toBe('aprovado');
    expect(prepareOrder(input({ payments: [pay('pending', '120.00')] })).status).toBe('pendente');
    expect(prepareOrder(input({ payments: [pay('approved', '119.99'), pay('refused', '0.01')] })).status).toBe('pendente');
  });

  it('validates CEP and UF only for Brazilian addresses, and normalizes documents and CEP', () => {
    const abroad = { recipient: 'J', street: 'Rua', number: '1', district: 'Centro', city: 'Lisboa', state: 'Lisboa', postalCode: '1000-001', country: 'PT' };
    expect(prepareOrder(input({ deliveryAddress: abroad })).deliveryAddress.postalCode).toBe('1000-001');
    const prepared = prepareOrder(input());
    expect(prepared.customer.document).toBe('52998224725');
    expect(prepared.deliveryAddress).toMatchObject({ postalCode: '01310100', country: 'BR' });
  });
});
