import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { retryAfterMs, retryDelayMs } from '../../src/webhooks/retry-schedule.js';

const DEFAULTS = { baseMs: 5_000, maxMs: 21_600_000 };
const lowest = () => 0;
const highest = () => 0.999_999_999;

describe('retryDelayMs', () => {
  it('waits about the base after the first failed attempt', () => {
    expect(retryDelayMs(1, DEFAULTS, lowest)).toBe(2_500);
    expect(retryDelayMs(1, DEFAULTS, highest)).toBe(5_000);
  });

  it('doubles the ceiling with every attempt', () => {
    expect(retryDelayMs(2, DEFAULTS, highest)).toBe(10_000);
    expect(retryDelayMs(3, DEFAULTS, highest)).toBe(20_000);
    expect(retryDelayMs(8, DEFAULTS, highest)).toBe(640_000);
    expect(retryDelayMs(8, DEFAULTS, lowest)).toBe(320_000);
  });

  it('keeps half the ceiling fixed and jitters the other half', () => {
    expect(retryDelayMs(1, { baseMs: 1_000, maxMs: 60_000 }, () => 0.5)).toBe(750);
    expect(retryDelayMs(3, { baseMs: 1_000, maxMs: 60_000 }, () => 0.25)).toBe(2_500);
  });

  it('caps at maxMs', () => {
    expect(retryDelayMs(30, DEFAULTS, highest)).toBe(21_600_000);
    expect(retryDelayMs(30, DEFAULTS, lowest)).toBe(10_800_000);
    expect(retryDelayMs(3, { baseMs: 1_000, maxMs: 3_000 }, highest)).toBe(3_000);
  });

  it('survives absurd attempt numbers without Infinity or NaN', () => {
    expect(retryDelayMs(10_000, DEFAULTS, highest)).toBe(21_600_000);
    expect(retryDelayMs(Number.MAX_SAFE_INTEGER, { baseMs: 1, maxMs: 100 }, lowest)).toBe(50);
  });

  it('is never 0 with a positive base, even a 1 ms one (tests use tiny bases)', () => {
    expect(retryDelayMs(1, { baseMs: 1, maxMs: 1 }, lowest)).toBe(1);
    expect(retryDelayMs(1, { baseMs: 1, maxMs: 10 }, lowest)).toBe(1);
  });

  it('is 0 when backoff is switched off', () => {
    expect(retryDelayMs(3, { baseMs: 0, maxMs: 1_000 }, highest)).toBe(0);
  });

  it('stays inside the range even if the random source returns 1', () => {
    expect(retryDelayMs(1, { baseMs: 1_000, maxMs: 60_000 }, () => 1)).toBe(1_000);
    expect(retryDelayMs(1, { baseMs: 1_000, maxMs: 60_000 }, () => -1)).toBe(500);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses attempt number %s', (attempt) => {
    expect(() => retryDelayMs(attempt, DEFAULTS)).toThrow(RangeError);
  });

  it('always lands in [ceiling / 2, ceiling] as a whole number of ms', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, baseMs, maxMs, r) => {
          const ceiling = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
          const delay = retryDelayMs(attempt, { baseMs, maxMs }, () => r);
          expect(Number.isInteger(delay)).toBe(true);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
          expect(delay).toBeLessThanOrEqual(ceiling);
          expect(delay).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('never shrinks from one attempt to the next, whatever the jitter', () => {
    // The smallest delay of attempt n+1 is at least the largest of attempt n.
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 50_000_000 }),
        (attempt, baseMs, maxMs) => {
          const options = { baseMs, maxMs };
          expect(retryDelayMs(attempt + 1, options, lowest)).toBeGreaterThanOrEqual(
            Math.min(retryDelayMs(attempt, options, highest), Math.ceil(maxMs / 2)),
          );
        },
      ),
    );
  });

  it('uses Math.random by default and spreads the delays', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(5, DEFAULTS)));
    expect(delays.size).toBeGreaterThan(1);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(40_000);
      expect(delay).toBeLessThanOrEqual(80_000);
    }
  });
});

describe('retryAfterMs', () => {
  const now = new Date('2026-01-02T03:04:05.000Z');
  const bounds = { minMs: 1_000, maxMs: 3_600_000 };

  it('is null without a header', () => {
    expect(retryAfterMs(undefined, now, bounds)).toBeNull();
  });

  it('reads delay-seconds', () => {
    expect(retryAfterMs('120', now, bounds)).toBe(120_000);
    expect(retryAfterMs(' 30 ', now, bounds)).toBe(30_000);
  });

  it('clamps delay-seconds into the bounds', () => {
    expect(retryAfterMs('0', now, bounds)).toBe(1_000);
    expect(retryAfterMs('86400', now, bounds)).toBe(3_600_000);
    expect(retryAfterMs('99999999999999999999999', now, bounds)).toBe(3_600_000);
  });

  it('reads an IMF-fixdate relative to now', () => {
    expect(retryAfterMs('Fri, 02 Jan 2026 03:06:05 GMT', now, bounds)).toBe(120_000);
  });

  it('reads the obsolete RFC 850 form', () => {
    expect(retryAfterMs('Friday, 02-Jan-26 03:05:05 GMT', now, bounds)).toBe(60_000);
  });

  it('reads the obsolete asctime form as UTC, not local time', () => {
    expect(retryAfterMs('Fri Jan  2 03:05:35 2026', now, bounds)).toBe(90_000);
    expect(retryAfterMs('Fri Jan 12 03:04:05 2026', now, { minMs: 0, maxMs: 10 ** 12 })).toBe(
      10 * 86_400_000,
    );
  });

  it('clamps a date in the past up to the minimum', () => {
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:00 GMT', now, bounds)).toBe(1_000);
  });

  it('clamps a far-future date down to the maximum', () => {
    expect(retryAfterMs('Wed, 01 Jan 2031 00:00:00 GMT', now, bounds)).toBe(3_600_000);
  });

  it('reads a two-digit RFC 850 year more than 50 years ahead as last century', () => {
    // "99" from 2026 is 1999 (past), not 2099.
    expect(retryAfterMs('Friday, 31-Dec-99 23:59:59 GMT', now, bounds)).toBe(1_000);
  });

  it.each([
    '',
    '   ',
    '-5',
    '1.5',
    '+30',
    '30s',
    'soon',
    '2026-01-02T03:06:05Z', // ISO 8601 is not an HTTP-date
    'Fri, 02 Jan 2026 03:06:05', // no GMT
    'Fri, 02 Jan 2026 03:06:05 PST',
    'Fri, 31 Feb 2026 03:06:05 GMT', // no such day
    'Fri, 02 Foo 2026 03:06:05 GMT',
    'Fri, 02 Jan 2026 25:06:05 GMT',
    'Fri, 2 Jan 2026 03:06:05 GMT',
  ])('is null for unparseable %j', (value) => {
    expect(retryAfterMs(value, now, bounds)).toBeNull();
  });
});
