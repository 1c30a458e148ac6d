import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidGtin } from '../../src/catalog/gtin.js';

// Independent GS1 check digit: pad to 18 digits (the longest GS1 key) so the weights
// are fixed by position from the left, as in the GS1 General Specifications table.
function gs1CheckDigit(body: string): number {
  const padded = body.padStart(17, '0');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(padded[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

const gtinOfLength = (length: 8 | 12 | 13 | 14) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: length - 1, maxLength: length - 1 })
    .map((digits) => {
      const body = digits.join('');
      return body + String(gs1CheckDigit(body));
    });

const anyGtin = fc.oneof(gtinOfLength(8), gtinOfLength(12), gtinOfLength(13), gtinOfLength(14));

describe('isValidGtin', () => {
  it.each([
    ['GTIN-8', '96385074'],
    ['GTIN-12 (UPC-A)', '036000291452'],
    ['GTIN-13 (EAN-13)', '4006381333931'],
    ['GTIN-13, Brazilian prefix 789', '7891000315507'],
    ['GTIN-14', '10614141000415'],
    ['GTIN-14 from an EAN-13 with indicator 1', '14006381333938'],
    ['all zeros', '00000000'],
  ])('accepts %s %s', (_label, gtin) => {
    expect(isValidGtin(gtin)).toBe(true);
  });

  it.each([
    ['wrong check digit', '4006381333932'],
    ['wrong check digit (GTIN-8)', '96385075'],
    ['wrong check digit (UPC-A)', '036000291453'],
    ['length 9', '963850741'],
    ['length 10', '0360002914'],
    ['length 11', '03600029145'],
    ['length 15', '100614141000415'],
    ['length 7', '9638507'],
    ['letters', '400638133393A'],
    ['spaces', '4006381 333931'],
    ['hyphen', '400-6381333931'],
    ['empty', ''],
  ])('rejects %s (%j)', (_label, gtin) => {
    expect(isValidGtin(gtin)).toBe(false);
  });

  it('accepts generated GTINs of every length', () => {
    fc.assert(
      fc.property(anyGtin, (gtin) => {
        expect(isValidGtin(gtin)).toBe(true);
      }),
    );
  });

  it('catches every single-digit error', () => {
    fc.assert(
      fc.property(anyGtin, fc.nat(), fc.integer({ min: 1, max: 9 }), (gtin, at, bump) => {
        const index = at % gtin.length;
        const changed = String((Number(gtin[index]) + bump) % 10);
        const mutated = gtin.slice(0, index) + changed + gtin.slice(index + 1);
        expect(isValidGtin(mutated)).toBe(false);
      }),
    );
  });

  it('catches swapping two adjacent digits of different parity weight', () => {
    // 4006381333931 → swap "81" at positions 4–5; differs by 7, and 7 × 2 is not 0 mod 10.
    expect(isValidGtin('4006318333931')).toBe(false);
  });

  it('keeps a GTIN-12 valid when zero-padded to GTIN-13 and GTIN-14', () => {
    expect(isValidGtin('0036000291452')).toBe(true);
    expect(isValidGtin('00036000291452')).toBe(true);
  });
});
