import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  compareMoney,
  formatMoney,
  isMoneyString,
  MONEY_INPUT_PATTERN,
  MONEY_MAX_CENTS,
  multiplyMoney,
  parseMoney,
  subtractMoney,
} from '../src/money.js';

describe('parseMoney', () => {
  it.each([
    ['10', 1000n],
    ['10.5', 1050n],
    ['10.50', 1050n],
    ['0', 0n],
    ['0.01', 1n],
    ['0.1', 10n],
    ['199.90', 19990n],
    ['007.00', 700n],
    ['92233720368547758.07', 9223372036854775807n],
    ['123456789012345678901.99', 12345678901234567890199n],
  ])('reads %s as %s cents', (input, cents) => {
    expect(parseMoney(input)).toBe(cents);
  });

  it.each([
    '',
    ' ',
    '10.999',
    '10.001',
    '-1',
    '-0.01',
    '+1',
    '1e3',
    '1E3',
    '10.',
    '.5',
    '1,50',
    '1.5.0',
    ' 10',
    '10 ',
    'NaN',
    'Infinity',
    '0x10',
    '١٠', // Arabic-Indic digits are "digits" to some regex engines
  ])('rejects %j with a clear message', (input) => {
    expect(() => parseMoney(input)).toThrow(Error);
    expect(() => parseMoney(input)).toThrow(/Invalid money amount/);
  });

  it('names the offending value in the message', () => {
    expect(() => parseMoney('1.234')).toThrow('"1.234"');
  });
});

describe('MONEY_INPUT_PATTERN', () => {
  it('takes at most 12 whole digits and two places, so every stored figure fits numeric(14,2)', () => {
    const pattern = new RegExp(MONEY_INPUT_PATTERN);
    for (const amount of ['0', '0.5', '199.90', '999999999999.99']) expect(pattern.test(amount)).toBe(true);
    for (const amount of ['', '1000000000000', '1.999', '-1', '1e3', '.5']) expect(pattern.test(amount)).toBe(false);
    expect(parseMoney('999999999999.99')).toBe(MONEY_MAX_CENTS);
  });
});

describe('isMoneyString', () => {
  it('accepts what parseMoney accepts', () => {
    expect(isMoneyString('199.90')).toBe(true);
    expect(isMoneyString('10')).toBe(true);
    expect(isMoneyString('10.5')).toBe(true);
  });

  it('rejects non-strings and malformed strings', () => {
    expect(isMoneyString(199.9)).toBe(false);
    expect(isMoneyString(null)).toBe(false);
    expect(isMoneyString(undefined)).toBe(false);
    expect(isMoneyString('10.999')).toBe(false);
    expect(isMoneyString('-1.00')).toBe(false);
    expect(isMoneyString('1e2')).toBe(false);
    expect(isMoneyString('')).toBe(false);
  });

  it('agrees with parseMoney on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        let parses = true;
        try {
          parseMoney(s);
        } catch {
          parses = false;
        }
        expect(isMoneyString(s)).toBe(parses);
      }),
    );
  });
});

describe('formatMoney', () => {
  it.each([
    [0n, '0.00'],
    [1n, '0.01'],
    [10n, '0.10'],
    [99n, '0.99'],
    [100n, '1.00'],
    [19990n, '199.90'],
    [123456789n, '1234567.89'],
    [-1n, '-0.01'],
    [-19990n, '-199.90'],
    [-100n, '-1.00'],
  ])('formats %s cents as %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('round-trips through parseMoney for non-negative amounts', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), (cents) => {
        expect(parseMoney(formatMoney(cents))).toBe(cents);
      }),
    );
  });

  it('always writes exactly two decimal places', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (cents) => {
        expect(formatMoney(cents)).toMatch(/^-?\d+\.\d{2}$/);
      }),
    );
  });
});

describe('arithmetic', () => {
  it('adds and subtracts cents exactly where floats would not', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point.
    expect(formatMoney(addMoney(parseMoney('0.10'), parseMoney('0.20')))).toBe('0.30');
    expect(formatMoney(subtractMoney(parseMoney('1.00'), parseMoney('0.99')))).toBe('0.01');
    expect(formatMoney(subtractMoney(parseMoney('1.00'), parseMoney('2.50')))).toBe('-1.50');
  });

  it('multiplies by an integer quantity', () => {
    expect(multiplyMoney(parseMoney('19.99'), 3)).toBe(5997n);
    expect(multiplyMoney(parseMoney('19.99'), 0)).toBe(0n);
    expect(multiplyMoney(1n, Number.MAX_SAFE_INTEGER)).toBe(BigInt(Number.MAX_SAFE_INTEGER));
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'refuses the non-integer or unsafe quantity %s',
    (quantity) => {
      expect(() => multiplyMoney(100n, quantity)).toThrow(RangeError);
      expect(() => multiplyMoney(100n, quantity)).toThrow(`Quantity must be a safe integer, got ${quantity}`);
    },
  );

  it('compares', () => {
    expect(compareMoney(1n, 2n)).toBe(-1);
    expect(compareMoney(2n, 1n)).toBe(1);
    expect(compareMoney(5n, 5n)).toBe(0);
    expect(compareMoney(-1n, 0n)).toBe(-1);
  });

  it('sums a line list exactly (quantity × unitPrice − discount)', () => {
    const lines = [
      { quantity: 3, unitPrice: '33.33', discount: '0.99' },
      { quantity: 1, unitPrice: '0.01', discount: '0' },
    ];
    const total = lines.reduce(
      (sum, line) =>
        addMoney(
          sum,
          subtractMoney(multiplyMoney(parseMoney(line.unitPrice), line.quantity), parseMoney(line.discount)),
        ),
      0n,
    );
    expect(formatMoney(total)).toBe('99.01');
  });
});
