// Money is a decimal string with two places in BRL ("199.90"). Arithmetic happens in
// integer cents as bigint so sums of many lines never pick up float rounding error.

// Strict on purpose: the API contract is a plain decimal string, so anything a float
// formatter might produce ("1e3", "-0.5", "10.999") is a client bug worth a 422.
const MONEY_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * What a client may send as an amount (an order's prices, a catalogue price): at most 12
 * whole digits, so every stored figure and every sum of an order fits numeric(14,2)'s
 * and the answer stays small.
 */
export const MONEY_INPUT_PATTERN = '^\\d{1,12}(\\.\\d{1,2})?$';

/** The largest amount a stored figure holds (numeric(14,2): 999,999,999,999.99), in cents. */
export const MONEY_MAX_CENTS = 99_999_999_999_999n;

export function isMoneyString(s: unknown): s is string {
  return typeof s === 'string' && MONEY_PATTERN.test(s);
}

export function parseMoney(s: string): bigint {
  const match = MONEY_PATTERN.exec(s);
  if (!match) {
    throw new Error(
      `Invalid money amount ${JSON.stringify(s)}: expected a non-negative decimal with at most two places, like "199.90"`,
    );
  }
  const whole = BigInt(match[1]!);
  const fraction = BigInt((match[2] ?? '').padEnd(2, '0'));
  return whole * 100n + fraction;
}

export function formatMoney(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const magnitude = cents < 0n ? -cents : cents;
  const whole = magnitude / 100n;
  const fraction = (magnitude % 100n).toString().padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

export function addMoney(a: bigint, b: bigint): bigint {
  return a + b;
}

export function subtractMoney(a: bigint, b: bigint): bigint {
  return a - b;
}

export function multiplyMoney(cents: bigint, quantity: number): bigint {
  // BigInt(1.5) would throw a cryptic error deep inside a sum; say what was wrong instead.
  if (!Number.isSafeInteger(quantity)) {
    throw new RangeError(`Quantity must be a safe integer, got ${quantity}`);
  }
  return cents * BigInt(quantity);
}

export function compareMoney(a: bigint, b: bigint): -1 | 0 | 1 {
  if (a < b) return -1;
  if (a > b) return 1;
  return 0;
}
