import type { FieldError } from '../errors.js';
import { compareMoney, formatMoney, parseMoney } from '../money.js';
import type { PriceEntry } from './price-list.entity.js';
import type { PriceInput } from './catalog.schemas.js';

/** Amounts as "199.90" (two places), instants as ISO 8601 UTC: equal prices compare equal. */
export function normalizePrice(input: PriceInput): PriceEntry {
  return {
    channel: input.channel,
    sale: formatMoney(parseMoney(input.sale)),
    promo: input.promo ? formatMoney(parseMoney(input.promo)) : null,
    promoStart: input.promoStart ? new Date(input.promoStart).toISOString() : null,
    promoEnd: input.promoEnd ? new Date(input.promoEnd).toISOString() : null,
  };
}

/** jsonb returns keys in its own order: rebuild stored entries in ours before comparing or answering. */
export function storedEntry(entry: PriceEntry): PriceEntry {
  return { channel: entry.channel, sale: entry.sale, promo: entry.promo, promoStart: entry.promoStart, promoEnd: entry.promoEnd };
}

/** What the schema cannot say: positive amounts, promo below sale, a sane window, one entry per channel. */
export function priceErrors(entries: readonly PriceEntry[]): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string | null>();
  entries.forEach((entry, i) => {
    const at = (field: string, message: string) => errors.push({ path: `/prices/${i}/${field}`, message });
    if (seen.has(entry.channel)) at('channel', 'repeats a channel given earlier in this request');
    seen.add(entry.channel);
    const sale = parseMoney(entry.sale);
    if (sale <= 0n) at('sale', 'must be positive');
    if (entry.promo !== null) {
      const promo = parseMoney(entry.promo);
      if (promo <= 0n) at('promo', 'must be positive');
      else if (compareMoney(promo, sale) >= 0) at('promo', `must be below sale (${entry.sale})`);
    }
    if (entry.promo === null && (entry.promoStart || entry.promoEnd)) at('promo', 'is required with a promo window');
    if (entry.promoStart && entry.promoEnd && entry.promoEnd <= entry.promoStart) at('promoEnd', 'must be after promoStart');
  });
  return errors;
}

/** The default first, then channels in code order: the stored list compares directly. */
export function mergePrices(current: readonly PriceEntry[], updates: readonly PriceEntry[]): PriceEntry[] {
  const byChannel = new Map(current.map((entry) => [entry.channel, entry]));
  for (const entry of updates) byChannel.set(entry.channel, entry);
  return [...byChannel.values()].sort((a, b) => byCode(a.channel ?? '', b.channel ?? ''));
}

/** Code-unit order, the same in every process (distribution.ts sorts channels so too). */
function byCode(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface EffectivePrice {
  sku: string;
  channel: string | null;
  at: string;
  /** Whose entry applied: the channel's override or the default. */
  source: 'channel' | 'default';
  sale: string;
  promo: string | null;
  promoActive: boolean;
  /** The amount a buyer pays at `at`: the promo inside its window, the sale otherwise. */
  price: string;
}

export function effectivePriceOf(sku: string, prices: readonly PriceEntry[], channel: string | null, at: Date): EffectivePrice | null {
  const override = channel === null ? undefined : prices.find((entry) => entry.channel === channel);
  const entry = override ?? prices.find((candidate) => candidate.channel === null);
  if (!entry) return null;
  const instant = at.toISOString();
  const promoActive =
    entry.promo !== null && (entry.promoStart === null || entry.promoStart <= instant) && (entry.promoEnd === null || instant < entry.promoEnd);
  return {
    sku,
    channel,
    at: instant,
    source: override ? 'channel' : 'default',
    sale: entry.sale,
    promo: entry.promo,
    promoActive,
    price: promoActive ? entry.promo! : entry.sale,
  };
}
