import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseMoney } from '../../src/money.js';
import { feeOf, payoutDateOf, settle } from '../../src/platforms/payments/settlement-rules.js';

describe('settlement rules', () => {
  it('takes the percentage of each payment, rounded half up to the cent', () => {
    expect(feeOf(10_000n, 250n)).toBe(250n); // 2.50% of 100.00
    expect(feeOf(20n, 250n)).toBe(1n); // 0.005 → 0.01
    expect(feeOf(19n, 250n)).toBe(0n); // 0.00475 → 0.00
    expect(settle(['100.00', '0.20', '49.99'], '2.50')).toEqual({
      gross: '150.19',
      fees: '3.76',
      net: '146.43',
      entries: [
        { amount: '100.00', fee: '2.50' },
        { amount: '0.20', fee: '0.01' },
        { amount: '49.99', fee: '1.25' },
      ],
    });
    expect(settle([], '2.50')).toEqual({ gross: '0.00', fees: '0.00', net: '0.00', entries: [] });
  });

  it('keeps gross = net + fees and the fees the sum of the entries', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 })), fc.integer({ min: 0, max: 10_000 }), (cents, basisPoints) => {
        const percent = `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
        const figures = settle(cents.map((value) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`), percent);
        expect(parseMoney(figures.net) + parseMoney(figures.fees)).toBe(parseMoney(figures.gross));
        expect(figures.entries.reduce((sum, entry) => sum + parseMoney(entry.fee), 0n)).toBe(parseMoney(figures.fees));
      }),
    );
  });

  it('pays out a number of days after the day the period ends (UTC)', () => {
    expect(payoutDateOf(new Date('2026-01-31T23:59:59Z'), 30)).toBe('2026-03-02');
    expect(payoutDateOf(new Date('2026-02-01T00:00:00Z'), 0)).toBe('2026-02-01');
  });
});
