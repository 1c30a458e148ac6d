/**
 * The instants every layer holds alike: JavaScript's Date parses them and gives them back
 * with `toISOString()` as the same four-digit year, and PostgreSQL's timestamptz stores
 * them. RFC 3339 allows years 0000–9999 and a leap second (`23:59:60`); year 0000 (or
 * 0001 moved before it by an offset) fails the statement, and a leap second does not parse.
 * Client input outside this range is refused where it enters (docs/security.md#request-input).
 */
export function isStorableInstant(value: string | Date): boolean {
  const time = typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

export const UNSTORABLE_INSTANT_MESSAGE = 'must be an instant from year 0001 to 9999 (UTC), without a leap second';
