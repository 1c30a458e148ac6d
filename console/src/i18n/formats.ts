/**
 * How values read in the console: instants in the chosen time zone (dd/mm/aaaa, 24 h),
 * BRL money, counts, and the Brazilian identifiers (CPF, CNPJ, CEP) with their masks.
 * Pure functions of their inputs, so the console's tests run them without a browser.
 */

/** The locale each language formats with: English reads day/month/year and 24 h too (en-GB), as Brazilians write dates. */
export const FORMAT_LOCALE = { 'pt-BR': 'pt-BR', en: 'en-GB' } as const;
export type Language = keyof typeof FORMAT_LOCALE;

export interface Formats {
  /** An ISO instant as `24/11/2026 14:03:05` in the time zone. */
  dateTime(iso: string): string;
  /** A decimal money string (`"1234.50"`) as `R$ 1.234,50`, without passing through a float. */
  money(amount: string): string;
  count(value: number): string;
  /** A CPF (11 digits) or CNPJ (14 characters) with its mask; anything else as it came. */
  document(value: string): string;
  /** A CEP (8 digits) as `01310-100`; anything else as it came. */
  postalCode(value: string): string;
}

export function formatsFor(language: Language, timeZone: string): Formats {
  const locale = FORMAT_LOCALE[language];
  const instant = new Intl.DateTimeFormat(locale, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  // Intl.NumberFormat v3 formats a decimal string exactly, never rounding it through a
  // float; the es2022 library TypeScript checks this file with declares numbers only.
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format as unknown as (amount: string) => string;
  const count = new Intl.NumberFormat(locale);
  return {
    // Intl puts ", " between date and time in pt-BR; a space reads as Brazilians write it.
    dateTime: (iso) => instant.format(new Date(iso)).replace(', ', ' '),
    money,
    count: (value) => count.format(value),
    document: formatDocument,
    postalCode: formatPostalCode,
  };
}

export function formatDocument(value: string): string {
  if (/^\d{11}$/.test(value)) return `${value.slice(0, 3)}.${value.slice(3, 6)}.${value.slice(6, 9)}-${value.slice(9)}`;
  // Letters may fill a CNPJ's first twelve positions (the alphanumeric CNPJ); the check digits stay digits.
  if (/^[0-9A-Z]{12}\d{2}$/.test(value)) return `${value.slice(0, 2)}.${value.slice(2, 5)}.${value.slice(5, 8)}/${value.slice(8, 12)}-${value.slice(12)}`;
  return value;
}

export function formatPostalCode(value: string): string {
  return /^\d{8}$/.test(value) ? `${value.slice(0, 5)}-${value.slice(5)}` : value;
}

/** The time zone's offset from UTC at an instant, in ms (São Paulo: −3 h). */
function offsetAt(instantMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instantMs));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant a wall-clock time (`2026-11-24T14:30`, as a datetime-local field gives it)
 * is in the time zone, as ISO. A time the clocks skipped (summer time began) is read
 * with the offset after the change, which moves it forward by the change.
 */
export function zonedInstant(local: string, timeZone: string): string {
  const [day, time = '00:00'] = local.split('T');
  const [year, month, date] = day!.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year!, month! - 1, date!, hour!, minute!);
  // The wall time less the offset in force near it, then less the offset at that guess:
  // they differ only within a change of offset.
  const before = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(before, timeZone)).toISOString();
}

/** The instant a calendar day (`2026-11-24`) starts in the time zone, as ISO. */
export function dayStart(day: string, timeZone: string): string {
  // Midnight read both ways (zonedInstant): when the offset changes at midnight (Brazil's
  // summer time did, until 2019) they differ, and the day starts at the earlier of the
  // two that falls on the day itself.
  const wall = Date.parse(`${day}T00:00:00Z`);
  const before = wall - offsetAt(wall, timeZone);
  const after = Date.parse(zonedInstant(day, timeZone));
  const starts = [before, after].filter((ms) => dayOf(new Date(ms), timeZone) === day);
  return new Date(Math.min(...(starts.length ? starts : [before]))).toISOString();
}

/** The calendar day (`2026-11-24`) an instant falls on in the time zone. */
export function dayOf(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The day after a calendar day, as a calendar day. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + 1)).toISOString().slice(0, 10);
}

/**
 * The time zones a seller in Brazil works in (every IANA zone of the country), and UTC.
 * São Paulo's (Brasília time) is the default.
 */
export const TIME_ZONES: readonly { id: string; name: string }[] = [
  { id: 'America/Sao_Paulo', name: 'Brasília, São Paulo (UTC−3)' },
  { id: 'America/Bahia', name: 'Salvador (UTC−3)' },
  { id: 'America/Fortaleza', name: 'Fortaleza (UTC−3)' },
  { id: 'America/Recife', name: 'Recife (UTC−3)' },
  { id: 'America/Maceio', name: 'Maceió, Aracaju (UTC−3)' },
  { id: 'America/Belem', name: 'Belém, Amapá (UTC−3)' },
  { id: 'America/Santarem', name: 'Santarém (UTC−3)' },
  { id: 'America/Araguaina', name: 'Tocantins (UTC−3)' },
  { id: 'America/Noronha', name: 'Fernando de Noronha (UTC−2)' },
  { id: 'America/Cuiaba', name: 'Cuiabá (UTC−4)' },
  { id: 'America/Campo_Grande', name: 'Campo Grande (UTC−4)' },
  { id: 'America/Manaus', name: 'Manaus (UTC−4)' },
  { id: 'America/Porto_Velho', name: 'Porto Velho (UTC−4)' },
  { id: 'America/Boa_Vista', name: 'Boa Vista (UTC−4)' },
  { id: 'America/Rio_Branco', name: 'Rio Branco, Acre (UTC−5)' },
  { id: 'America/Eirunepe', name: 'Eirunepé (UTC−5)' },
  { id: 'UTC', name: 'UTC' },
];
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
