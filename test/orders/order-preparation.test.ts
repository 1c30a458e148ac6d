import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError, type FieldError } from '../../src/errors.js';
import { formatMoney, MONEY_MAX_CENTS } from '../../src/money.js';
import { approvedTotal, prepareChannelOrder, prepareOrder, preparePayment } from '../../src/orders/order-preparation.js';
import type { ChannelOrderInput, CreateOrderInput, PaymentInput } from '../../src/orders/orders.schemas.js';
import { orderBody, VALID_CNPJ } from './order-body.js';

const input = (overrides: Record<string, unknown> = {}) => orderBody(overrides) as unknown as CreateOrderInput;
const channelInput = (overrides: Record<string, unknown> = {}) => orderBody(overrides) as unknown as ChannelOrderInput;

/** 999999999999.99: the largest amount numeric(14,2) stores. */
const LARGEST = formatMoney(MONEY_MAX_CENTS);
const JUST_ABOVE = formatMoney(MONEY_MAX_CENTS + 1n);

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the order to be refused');
}

function fieldErrors(run: () => unknown): FieldError[] {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.errors ?? [];
    throw error;
  }
  return [];
}

const paths = (run: () => unknown) => fieldErrors(run).map((field) => field.path);
const line = (unitPrice: string, extra: Record<string, unknown> = {}) => ({ sku: 'A', quantity: 1, unitPrice, ...extra });
const amountsOnly = { shipping: '0', discount: '0' };

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

  it('takes shipping and discount as absent when not sent', () => {
    const prepared = prepareOrder(input({ items: [line('10.00')], shipping: undefined, discount: undefined }));
    expect(prepared.amounts).toEqual({ items: '10.00', shipping: '0.00', discount: '0.00', total: '10.00' });
  });

  it('accepts the client total only when it matches, and says what it computed', () => {
    expect(paths(() => prepareOrder(input({ total: '120.00' })))).toEqual([]);
    expect(paths(() => prepareOrder(input({ total: '120' })))).toEqual([]);
    expect(fieldErrors(() => prepareOrder(input({ total: '120.01' })))).toEqual([
      { path: '/total', message: 'disagrees with the computed total 120.00 (items + shipping − discount)' },
    ]);
  });

  it('starts aprovado only when approved payments cover the total', () => {
    const pay = (status: string, amount: string) => ({ method: 'pix', status, amount });
    expect(prepareOrder(input({ payments: [pay('approved', '120.00')] })).status).toBe('aprovado');
    expect(prepareOrder(input({ payments: [pay('approved', '60.00'), pay('approved', '60.00')] })).status).toBe('aprovado');
    expect(prepareOrder(input({ payments: [pay('pending', '120.00')] })).status).toBe('pendente');
    expect(prepareOrder(input({ payments: [pay('approved', '119.99'), pay('refused', '0.01')] })).status).toBe('pendente');
    expect(prepareOrder(input({ payments: [pay('approved', '119.99')] })).status).toBe('pendente');
  });

  it('takes a fully discounted order (total zero) as paid, with no payment', () => {
    const prepared = prepareOrder(input({ items: [line('10.00')], shipping: '0', discount: '10.00' }));
    expect(prepared.amounts.total).toBe('0.00');
    expect(prepared.payments).toEqual([]);
    expect(prepared.status).toBe('aprovado');
  });

  it('validates CEP and UF only for Brazilian addresses, and normalizes documents and CEP', () => {
    const abroad = { recipient: 'J', street: 'Rua', number: '1', district: 'Centro', city: 'Lisboa', state: 'Lisboa', postalCode: '1000-001', country: 'PT' };
    expect(prepareOrder(input({ deliveryAddress: abroad })).deliveryAddress.postalCode).toBe('1000-001');
    const prepared = prepareOrder(input());
    expect(prepared.customer.document).toBe('52998224725');
    expect(prepared.deliveryAddress).toMatchObject({ postalCode: '01310100', country: 'BR' });
  });

  it('refuses a bad document, UF and CEP at once, each at its pointer, Brazil being the default country', () => {
    const address = { ...(orderBody().deliveryAddress as object), state: 'São Paulo', postalCode: '0131' };
    const error = refusal(() => prepareOrder(input({ customer: { name: 'M', document: '529.982.247-24' }, deliveryAddress: address })));
    expect(error.message).toBe('The order is not valid');
    expect(error.errors).toEqual([
      { path: '/customer/document', message: 'is not a valid CPF or CNPJ (check digits)' },
      { path: '/deliveryAddress/state', message: 'is not a UF (two upper-case letters, e.g. SP)' },
      { path: '/deliveryAddress/postalCode', message: 'is not a CEP (8 digits, hyphen optional)' },
    ]);
    expect(paths(() => prepareOrder(input({ deliveryAddress: { ...address, country: 'BR' } })))).toEqual([
      '/deliveryAddress/state',
      '/deliveryAddress/postalCode',
    ]);
  });

  it('reads a document with spaces around it, and takes a CNPJ as well as a CPF', () => {
    expect(prepareOrder(input({ customer: { name: 'M', document: ' 529.982.247-25 ' } })).customer.document).toBe('52998224725');
    expect(prepareOrder(input({ customer: { name: 'M', document: VALID_CNPJ } })).customer.document).toBe('11222333000181');
  });

  it('keeps the contact, complement and oversell choice given, and fills what is absent', () => {
    const full = prepareOrder(
      input({
        customer: { name: 'M', document: '52998224725', email: 'm@example.com', phone: '+55 11 99999-0000' },
        deliveryAddress: { ...(orderBody().deliveryAddress as object), complement: 'Apto 12' },
        allowOversell: true,
      }),
    );
    expect(full.customer).toEqual({ name: 'M', email: 'm@example.com', phone: '+55 11 99999-0000', document: '52998224725' });
    expect(full.deliveryAddress.complement).toBe('Apto 12');
    expect(full.allowOversell).toBe(true);
    const bare = prepareOrder(input({ customer: { name: 'M', document: '52998224725' } }));
    expect(bare.customer).toEqual({ name: 'M', email: null, phone: null, document: '52998224725' });
    expect(bare.deliveryAddress.complement).toBeNull();
    expect(bare.allowOversell).toBe(false);
  });

  it('names a line by its title, else by its SKU', () => {
    const prepared = prepareOrder(input());
    expect(prepared.items.map((item) => item.title)).toEqual(['Caneca', 'SKU-B']);
  });

  it('refuses a line discount above the line, and only that (the line counts as zero meanwhile)', () => {
    expect(fieldErrors(() => prepareOrder(input({ items: [line('10.00', { discount: '20.00' })], ...amountsOnly })))).toEqual([
      { path: '/items/0/discount', message: 'exceeds the line\'s quantity × unitPrice' },
    ]);
    // A discount equal to the line leaves a line of zero.
    expect(prepareOrder(input({ items: [line('10.00', { discount: '10.00' }), line('5.00')], ...amountsOnly })).items[0]!.total).toBe('0.00');
  });

  it('refuses an order discount above items plus shipping', () => {
    expect(fieldErrors(() => prepareOrder(input({ items: [line('10.00')], shipping: '1.00', discount: '11.01' })))).toEqual([
      { path: '/discount', message: 'exceeds items plus shipping' },
    ]);
  });

  it('refuses a line whose total passes the largest amount, counting its discount', () => {
    expect(prepareOrder(input({ items: [line(LARGEST)], ...amountsOnly })).amounts.total).toBe(LARGEST);
    expect(fieldErrors(() => prepareOrder(input({ items: [line(JUST_ABOVE)], ...amountsOnly })))).toEqual([
      { path: '/items/0', message: `its total is more than ${LARGEST}` },
      { path: '/items', message: `the lines add up to more than ${LARGEST}` },
    ]);
    // Above the largest before its discount, within it after.
    expect(paths(() => prepareOrder(input({ items: [line(JUST_ABOVE, { discount: '0.01' })], ...amountsOnly })))).toEqual([]);
    // Within it before the discount: gross + discount would pass it.
    expect(paths(() => prepareOrder(input({ items: [line(LARGEST, { discount: '1.00' })], ...amountsOnly })))).toEqual([]);
  });

  it('refuses lines that add up past the largest amount, and shipping that takes the total past it', () => {
    const half = formatMoney(MONEY_MAX_CENTS / 2n);
    const rest = formatMoney(MONEY_MAX_CENTS - MONEY_MAX_CENTS / 2n);
    expect(prepareOrder(input({ items: [line(half), line(rest)], ...amountsOnly })).amounts.items).toBe(LARGEST);
    expect(fieldErrors(() => prepareOrder(input({ items: [line(half), line(formatMoney(MONEY_MAX_CENTS - MONEY_MAX_CENTS / 2n + 1n))], ...amountsOnly })))).toEqual([
      { path: '/items', message: `the lines add up to more than ${LARGEST}` },
    ]);
    expect(prepareOrder(input({ items: [line(formatMoney(MONEY_MAX_CENTS - 1n))], shipping: '0.01', discount: '0' })).amounts.total).toBe(LARGEST);
    expect(fieldErrors(() => prepareOrder(input({ items: [line(LARGEST)], shipping: '0.01', discount: '0' })))).toEqual([
      { path: '/shipping', message: `items plus shipping come to more than ${LARGEST}` },
    ]);
  });
});

describe('prepareChannelOrder', () => {
  it('takes the buyer as the channel knows it: an invalid or missing document becomes null', () => {
    expect(prepareChannelOrder(channelInput({ customer: { name: 'M', document: ' 529.982.247-25 ' } })).customer.document).toBe('52998224725');
    expect(prepareChannelOrder(channelInput({ customer: { name: 'M', document: VALID_CNPJ } })).customer.document).toBe('11222333000181');
    expect(prepareChannelOrder(channelInput({ customer: { name: 'M', document: '529.982.247-24' } })).customer.document).toBeNull();
    expect(prepareChannelOrder(channelInput({ customer: { name: 'M', document: '   ' } })).customer.document).toBeNull();
    const bare = prepareChannelOrder(channelInput({ customer: { name: 'M' } })).customer;
    expect(bare).toEqual({ name: 'M', email: null, phone: null, document: null });
    const full = prepareChannelOrder(channelInput({ customer: { name: 'M', email: 'm@example.com', phone: '11 9999' } })).customer;
    expect(full).toMatchObject({ email: 'm@example.com', phone: '11 9999' });
  });

  it('normalizes a valid Brazilian address and keeps any other as sent', () => {
    const valid = prepareChannelOrder(channelInput()).deliveryAddress;
    expect(valid).toMatchObject({ postalCode: '01310100', country: 'BR', complement: null });
    const sent = { recipient: 'J', street: 'Rua', number: '1', district: 'Centro', city: 'São Paulo', state: 'São Paulo', postalCode: '01310-100' };
    expect(prepareChannelOrder(channelInput({ deliveryAddress: sent })).deliveryAddress).toEqual({ ...sent, complement: null, country: 'BR' });
    const abroad = { ...sent, complement: 'Suite 2', country: 'US', postalCode: '40003' };
    expect(prepareChannelOrder(channelInput({ deliveryAddress: abroad })).deliveryAddress).toEqual(abroad);
  });

  it('computes the amounts as for any order, refuses what cannot be stored, and never oversells on request', () => {
    const prepared = prepareChannelOrder(channelInput({ allowOversell: true, payments: undefined }));
    expect(prepared.amounts).toEqual({ items: '125.00', shipping: '10.00', discount: '15.00', total: '120.00' });
    expect(prepared.items.map((item) => item.total)).toEqual(['100.00', '25.00']);
    expect(prepared.payments).toEqual([]);
    expect(prepared.status).toBe('pendente');
    expect(prepared.allowOversell).toBe(false);
    const paid = prepareChannelOrder(channelInput({ payments: [{ method: 'pix', status: 'approved', amount: '120.00' }] }));
    expect(paid.status).toBe('aprovado');
    expect(paid.payments).toHaveLength(1);
    const error = refusal(() => prepareChannelOrder(channelInput({ items: [line('10.00', { discount: '10.01' })], ...amountsOnly })));
    expect(error.message).toBe('The channel order is not valid');
    expect(error.errors?.map((field) => field.path)).toEqual(['/items/0/discount']);
  });
});

describe('payments', () => {
  const payment = (extra: Partial<PaymentInput> = {}) => ({ method: 'credit_card', status: 'approved', amount: '10.5', ...extra }) as PaymentInput;

  it('normalizes the amount and fills one installment, no date and no transaction when absent', () => {
    expect(preparePayment(payment())).toEqual({ method: 'credit_card', status: 'approved', amount: '10.50', installments: 1, paidAt: null, transactionId: null });
    expect(preparePayment(payment({ installments: 3, paidAt: '2026-01-02T03:04:05Z', transactionId: 'tx-1' }))).toEqual({
      method: 'credit_card',
      status: 'approved',
      amount: '10.50',
      installments: 3,
      paidAt: new Date('2026-01-02T03:04:05Z'),
      transactionId: 'tx-1',
    });
  });

  it('adds up approved payments only', () => {
    expect(approvedTotal([])).toBe(0n);
    expect(approvedTotal([{ status: 'approved', amount: '1.50' }, { status: 'pending', amount: '7.00' }, { status: 'approved', amount: '2.00' }])).toBe(350n);
  });
});
