// When to try a failed webhook delivery again.

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export interface RetryAfterBounds {
  minMs: number;
  maxMs: number;
}

/**
 * How much the ceiling grows from one retry to the next. With the defaults (base 5 s,
 * cap 6 h, 8 attempts) the ceilings are 5 s, 80 s, 21 min, 5.7 h, then 6 h three times:
 * about a day from the first attempt to the last (Svix's schedule is 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 10 h), where doubling would give up after about ten minutes.
 */
export const BACKOFF_GROWTH = 16;

/** The share of each ceiling left to chance: a burst of failures does not retry in step. */
const JITTER_SHARE = 0.2;

// Past this the growth is far beyond any sensible cap and 16 ** n heads for Infinity.
const MAX_STEPS = 12;

/**
 * Delay after the given failed attempt (1 = the first attempt failed): an exponential
 * ceiling base × 16^(n−1), capped at maxMs, of which the first four fifths are fixed and
 * the last fifth random. Full jitter (0..ceiling) spreads retries best but can pick ~0
 * and hammer a receiver that just failed, and would shorten the day the schedule spans;
 * a fixed share keeps every delay at least 80 % of its ceiling, so delays grow from one
 * attempt to the next and are never 0 when baseMs > 0.
 */
export function retryDelayMs(
  attemptNumber: number,
  { baseMs, maxMs }: BackoffOptions,
  random: () => number = Math.random,
): number {
  if (!Number.isInteger(attemptNumber) || attemptNumber < 1) {
    throw new RangeError(`attemptNumber must be an integer ≥ 1, got ${attemptNumber}`);
  }
  if (baseMs <= 0 || maxMs <= 0) return 0;
  const steps = Math.min(attemptNumber - 1, MAX_STEPS);
  const ceiling = Math.floor(Math.min(maxMs, baseMs * BACKOFF_GROWTH ** steps));
  const fixed = Math.ceil(ceiling * (1 - JITTER_SHARE));
  // floor(r × (span + 1)) with r in [0, 1) lands on 0..span, so the result stays within
  // [fixed, ceiling]; clamping r guards against an injected source returning 1.
  const span = ceiling - fixed;
  const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
  return fixed + Math.floor(r * (span + 1));
}

// A receiver that answers 429 or 503 with Retry-After knows its own recovery time
// better than our backoff does. The value is delay-seconds or an HTTP-date; the result
// is clamped so a receiver can neither make us spin nor park a delivery for a year.
export function retryAfterMs(
  headerValue: string | undefined,
  now: Date,
  { minMs, maxMs }: RetryAfterBounds,
): number | null {
  if (headerValue === undefined) return null;
  const value = headerValue.trim();
  let delayMs: number;
  if (/^\d+$/.test(value)) {
    delayMs = Number(value) * 1000;
  } else {
    const date = parseHttpDate(value, now);
    if (date === null) return null;
    delayMs = date.getTime() - now.getTime();
  }
  return Math.min(maxMs, Math.max(minMs, delayMs));
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)';
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';

// RFC 9110 §5.6.7: senders use IMF-fixdate, recipients must also read the obsolete
// RFC 850 and asctime forms. Date.parse is not used: it accepts far more than these
// and reads asctime (which has no zone) as local time.
const IMF_FIXDATE = new RegExp(`^[a-z]{3}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`, 'i');
const RFC_850 = new RegExp(`^[a-z]{6,9}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`, 'i');
const ASCTIME = new RegExp(`^[a-z]{3} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`, 'i');

function parseHttpDate(value: string, now: Date): Date | null {
  let match = IMF_FIXDATE.exec(value);
  if (match) {
    const [, day, month, year, hh, mm, ss] = match;
    return utcDate(Number(year), month, day, hh, mm, ss);
  }
  match = RFC_850.exec(value);
  if (match) {
    const [, day, month, twoDigitYear, hh, mm, ss] = match;
    return utcDate(expandTwoDigitYear(Number(twoDigitYear), now), month, day, hh, mm, ss);
  }
  match = ASCTIME.exec(value);
  if (match) {
    const [, month, day, hh, mm, ss, year] = match;
    return utcDate(Number(year), month, day, hh, mm, ss);
  }
  return null;
}

// RFC 9110: a two-digit year more than 50 years in the future means the past century.
function expandTwoDigitYear(twoDigitYear: number, now: Date): number {
  const currentYear = now.getUTCFullYear();
  const candidate = currentYear - (currentYear % 100) + twoDigitYear;
  return candidate > currentYear + 50 ? candidate - 100 : candidate;
}

function utcDate(
  year: number,
  monthName: string | undefined,
  day: string | undefined,
  hours: string | undefined,
  minutes: string | undefined,
  seconds: string | undefined,
): Date | null {
  // The patterns admit the twelve names only: the index is 0..11.
  const month = MONTHS.indexOf(monthName!.toLowerCase());
  const [d, h, m, s] = [Number(day), Number(hours), Number(minutes), Number(seconds)];
  // 60 is a leap second, read as :59 below. A minute or second past that would roll over
  // within the day, unseen by the check at the end.
  if (m > 59 || s > 60) return null;
  // setUTCFullYear, unlike Date.UTC, does not read years 0..99 as 1900..1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month, d);
  date.setUTCHours(h, m, Math.min(s, 59));
  // Date rolls "31 Feb" over into March and hour 24 into the next day: a day of the month
  // other than the one written means the date is malformed.
  return date.getUTCDate() === d ? date : null;
}
