/**
 * Small conversions the connectors share: platforms' amounts into Ponte's money strings,
 * signatures, text cut to what the order schema stores.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatMoney, parseMoney } from '../money.js';

/** A platform's amount (a number or a decimal string) as a money string; absent or malformed: "0.00". */
export function money(value: unknown): string {
  const text = typeof value === 'number' ? value.toFixed(2) : typeof value === 'string' ? value.trim() : '';
  if (!/^-?\d+(\.\d+)?$/.test(text)) return '0.00';
  const [whole, fraction = ''] = text.replace(/^-/, '').split('.');
  // Beyond two places the platform's own rounding is not ours to guess: half up.
  const cents = BigInt(whole!) * 100n + BigInt((fraction + '00').slice(0, 2)) + (Number(fraction[2] ?? '0') >= 5 ? 1n : 0n);
  return formatMoney(cents);
}

export function cents(value: string): bigint {
  return parseMoney(value);
}

/** base64 HMAC-SHA256 of the raw body compared in constant time (Shopify's and WooCommerce's webhook signatures). */
export function validBodySignature(body: Buffer, secret: string, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Text the order schema takes: trimmed, at most `max` characters, a placeholder when empty. */
export function text(value: unknown, max: number, fallback = '-'): string {
  const trimmed = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return (trimmed === '' ? fallback : trimmed).slice(0, max);
}

export function optionalText(value: unknown, max: number): string | undefined {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? undefined : trimmed.slice(0, max);
}

/** An ISO instant in UTC, or undefined for anything that is not a date (a blank string included). */
export function instant(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** "Rua X, 123" → street and number, as Brazilian stores fill a single address line; no number: "s/n". */
export function streetAndNumber(line: unknown): { street: string; number: string } {
  const value = text(line, 200);
  const match = /^(.*?)[,\s]+(\d+[A-Za-z]?)\s*$/.exec(value);
  return match ? { street: match[1]! || value, number: match[2]! } : { street: value, number: 's/n' };
}

export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
