import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BACKOFF_GROWTH, retryAfterMs, retryDelayMs } from '../../src/webhooks/retry-schedule.js';

const DEFAULTS = { baseMs: 5_000, maxMs: 21_600_000 };
const lowest = () => 0;
const highest = () => 0.999_999_999;

describe('retryDelayMs', () => {
  it('waits about the base after the first failed attempt', () => {
    expect(retryDelayMs(1, DEFAULTS, lowest)).toBe(4_000);
    expect(retryDelayMs(1, DEFAULTS, highest)).toBe(5_000);
  });

  it('grows the ceiling sixteenfold with every attempt', () => {
    expect(retryDelayMs(2, DEFAULTS, highest)).toBe(80_000);
    expect(retryDelayMs(3, DEFAULTS, highest)).toBe(1_280_000);
    expect(retryDelayMs(4, DEFAULTS, highest)).toBe(20_480_000);
    expect(retryDelayMs(4, DEFAULTS, lowest)).toBe(16_384_000);
  });

  it('spans about a day with the default 8 attempts, like Svix\'s schedule', () => {
    const span = (random: () => number) => Array.from({ length: 7 }, (_, i) => retryDelayMs(i + 1, DEFAULTS, random)).reduce((a, b) => a + b);
    const hour = 3_600_000;
    expect(span(lowest)).toBeGreaterThan(19 * hour);
    expect(span(highest)).toBeLessThan(25 * hour);
    // Svix waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: quick retries first, hours later.
    expect(retryDelayMs(2, DEFAULTS, highest)).toBeLessThan(5 * 60_000);
    expect(retryDelayMs(5, DEFAULTS, lowest)).toBeGreaterThan(4 * hour);
  });

  it('keeps four fifths of the ceiling fixed and jitters the last fifth', () => {
    expect(retryDelayMs(1, { baseMs: 1_000, maxMs: 60_000 }, () => 0.5)).toBe(900);
    expect(retryDelayMs(2, { baseMs: 1_000, maxMs: 60_000 }, () => 0.25)).toBe(13_600);
  });

  it('caps at maxMs', () => {
    expect(retryDelayMs(30, DEFAULTS, highest)).toBe(21_600_000);
    expect(retryDelayMs(30, DEFAULTS, lowest)).toBe(17_280_000);
    expect(retryDelayMs(3, { baseMs: 1_000, maxMs: 3_000 }, highest)).toBe(3_000);
  });

  it('survives absurd attempt numbers without Infinity or NaN', () => {
    expect(retryDelayMs(10_000, DEFAULTS, highest)).toBe(21_600_000);
    expect(retryDelayMs(Number.MAX_SAFE_INTEGER, { baseMs: 1, maxMs: 100 }, lowest)).toBe(80);
  });

  it('is never 0 with a positive base, even a 1 ms one (tests use tiny bases)', () => {
    expect(retryDelayMs(1, { baseMs: 1, maxMs: 1 }, lowest)).toBe(1);
    expect(retryDelayMs(1, { baseMs: 1, maxMs: 10 }, lowest)).toBe(1);
  });

  it('is 0 when backoff is switched off, and never negative for a negative setting', () => {
    expect(retryDelayMs(3, { baseMs: 0, maxMs: 1_000 }, highest)).toBe(0);
    expect(retryDelayMs(3, { baseMs: 1_000, maxMs: 0 }, highest)).toBe(0);
    expect(retryDelayMs(3, { baseMs: -5, maxMs: 1_000 }, highest)).toBe(0);
    expect(retryDelayMs(3, { baseMs: 1_000, maxMs: -5 }, highest)).toBe(0);
  });

  it('stays inside the range even if the random source returns 1', () => {
    expect(retryDelayMs(1, { baseMs: 1_000, maxMs: 60_000 }, () => 1)).toBe(1_000);
    expect(retryDelayMs(1, { baseMs: 1_000, maxMs: 60_000 }, () => -1)).toBe(800);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses attempt number %s', (attempt) => {
    expect(() => retryDelayMs(attempt, DEFAULTS)).toThrow(RangeError);
    expect(() => retryDelayMs(attempt, DEFAULTS)).toThrow(`attemptNumber must be an integer ≥ 1, got ${attempt}`);
  });

  it('always lands in [4/5 ceiling, ceiling] as a whole number of ms', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, baseMs, maxMs, r) => {
          const ceiling = Math.floor(Math.min(maxMs, baseMs * BACKOFF_GROWTH ** Math.min(attempt - 1, 12)));
          const delay = retryDelayMs(attempt, { baseMs, maxMs }, () => r);
          expect(Number.isInteger(delay)).toBe(true);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling * 0.8));
          expect(delay).toBeLessThanOrEqual(ceiling);
          expect(delay).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('never shrinks from one attempt to the next, whatever the jitter', () => {
    // The smallest delay of attempt n+1 is at least the largest of attempt n (below the cap).
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 50_000_000 }),
        (attempt, baseMs, maxMs) => {
          const options = { baseMs, maxMs };
          expect(retryDelayMs(attempt + 1, options, lowest)).toBeGreaterThanOrEqual(
            Math.min(retryDelayMs(attempt, options, highest), Math.ceil(maxMs * 0.8)),
          );
        },
      ),
    );
  });

  it('uses Math.random by default and spreads the delays', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(2, DEFAULTS)));
    expect(delays.size).toBeGreaterThan(1);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(64_000);
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

  it('reads every month, in any case', () => {
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const wide = { minMs: 0, maxMs: 10 ** 12 };
    months.forEach((month, index) => {
      const expected = Date.UTC(2026, index, 15, 12) - now.getTime();
      expect(retryAfterMs(`Sun, 15 ${month} 2026 12:00:00 GMT`, now, wide)).toBe(expected);
      expect(retryAfterMs(`Sunday, 15-${month.toUpperCase()}-26 12:00:00 GMT`, now, wide)).toBe(expected);
      expect(retryAfterMs(`Sun ${month.toLowerCase()} 15 12:00:00 2026`, now, wide)).toBe(expected);
    });
  });

  it('reads a leap second as the second before it', () => {
    expect(retryAfterMs('Fri, 02 Jan 2026 03:05:60 GMT', now, bounds)).toBe(114_000);
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
    // Exactly 50 years ahead is still this century: "76" from 2026 is 2076.
    expect(retryAfterMs('Friday, 01-Jan-76 00:00:00 GMT', now, bounds)).toBe(3_600_000);
    expect(retryAfterMs('Friday, 01-Jan-77 00:00:00 GMT', now, bounds)).toBe(1_000);
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
    'Fri, 02 Jan 2026 24:00:00 GMT', // hour 24 would be the 3rd
    'Fri, 31 Jan 2026 24:00:00 GMT', // …or the 1st of February
    'Fri, 02 Jan 2026 03:60:05 GMT', // minute 60 would be 04:00
    'Fri, 02 Jan 2026 03:06:61 GMT',
    'Fri, 00 Jan 2026 03:06:05 GMT',
    'Fri, 29 Feb 2026 03:06:05 GMT', // 2026 is not a leap year
    'Fri Feb 30 03:06:05 2026',
    'Friday, 31-Apr-26 03:06:05 GMT',
    'Fri, 2 Jan 2026 03:06:05 GMT',
  ])('is null for unparseable %j', (value) => {
    expect(retryAfterMs(value, now, bounds)).toBeNull();
  });
});
