import { describe, expect, it } from 'vitest';
import type { PriceEntry } from '../../src/catalog/price-list.entity.js';
import { effectivePriceOf, mergePrices, normalizePrice, priceErrors, storedEntry } from '../../src/catalog/price-rules.js';

const entry = (channel: string | null, sale: string, extra: Partial<PriceEntry> = {}): PriceEntry => ({
  channel,
  sale,
  promo: null,
  promoStart: null,
  promoEnd: null,
  ...extra,
});

const errorsOf = (...entries: PriceEntry[]) => priceErrors(entries);

describe('normalizePrice', () => {
  it('writes amounts with two places and instants in UTC, so equal prices compare equal', () => {
    expect(normalizePrice({ channel: 'loja', sale: '12', promo: '9.5', promoStart: '2026-11-27T00:00:00-03:00', promoEnd: '2026-11-30T23:59:59Z' })).toEqual({
      channel: 'loja',
      sale: '12.00',
      promo: '9.50',
      promoStart: '2026-11-27T03:00:00.000Z',
      promoEnd: '2026-11-30T23:59:59.000Z',
    });
  });

  it('turns absent promo fields into null', () => {
    expect(normalizePrice({ channel: null, sale: '0.5' })).toEqual(entry(null, '0.50'));
    expect(normalizePrice({ channel: null, sale: '1', promo: null, promoStart: null, promoEnd: null })).toEqual(entry(null, '1.00'));
  });
});

describe('storedEntry', () => {
  it('rebuilds an entry read from jsonb in our key order, with nothing else', () => {
    const read = JSON.parse('{"promoEnd":null,"sale":"5.00","extra":1,"channel":"b","promoStart":null,"promo":null}') as PriceEntry;
    const rebuilt = storedEntry(read);
    expect(Object.keys(rebuilt)).toEqual(['channel', 'sale', 'promo', 'promoStart', 'promoEnd']);
    expect(rebuilt).toEqual(entry('b', '5.00'));
  });
});

describe('priceErrors', () => {
  it('accepts a default and overrides with a promo below the sale inside a window', () => {
    expect(
      errorsOf(
        entry(null, '59.90'),
        entry('loja', '54.90', { promo: '49.90', promoStart: '2026-11-27T00:00:00.000Z', promoEnd: '2026-11-30T23:59:59.000Z' }),
        entry('ml', '0.01'),
        entry('site', '10.00', { promo: '9.99' }),
      ),
    ).toEqual([]);
  });

  it('refuses a channel named twice, the default included, at the later entry', () => {
    expect(errorsOf(entry('loja', '1'), entry('ml', '1'), entry('loja', '2'))).toEqual([
      { path: '/prices/2/channel', message: 'repeats a channel given earlier in this request' },
    ]);
    expect(errorsOf(entry(null, '1'), entry(null, '2'))).toEqual([
      { path: '/prices/1/channel', message: 'repeats a channel given earlier in this request' },
    ]);
  });

  it('refuses a sale of zero', () => {
    expect(errorsOf(entry(null, '0.00'))).toEqual([{ path: '/prices/0/sale', message: 'must be positive' }]);
  });

  it('refuses a promo of zero (and does not also call it too high)', () => {
    expect(errorsOf(entry(null, '10.00', { promo: '0.00' }))).toEqual([{ path: '/prices/0/promo', message: 'must be positive' }]);
  });

  it('refuses a promo equal to or above the sale', () => {
    expect(errorsOf(entry(null, '10.00', { promo: '10.00' }), entry('b', '10.00', { promo: '10.01' }))).toEqual([
      { path: '/prices/0/promo', message: 'must be below sale (10.00)' },
      { path: '/prices/1/promo', message: 'must be below sale (10.00)' },
    ]);
  });

  it('refuses a promo window, either end of it, without a promo', () => {
    expect(errorsOf(entry(null, '10.00', { promoStart: '2026-01-01T00:00:00.000Z' }), entry('b', '10.00', { promoEnd: '2026-01-01T00:00:00.000Z' }))).toEqual([
      { path: '/prices/0/promo', message: 'is required with a promo window' },
      { path: '/prices/1/promo', message: 'is required with a promo window' },
    ]);
  });

  it('refuses a window that ends at or before its start, and takes either end open', () => {
    const promo = (promoStart: string | null, promoEnd: string | null) => entry(null, '10.00', { promo: '5.00', promoStart, promoEnd });
    const at = (hour: number) => `2026-01-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
    expect(errorsOf(promo(at(10), at(10)))).toEqual([{ path: '/prices/0/promoEnd', message: 'must be after promoStart' }]);
    expect(errorsOf(promo(at(10), at(9)))).toEqual([{ path: '/prices/0/promoEnd', message: 'must be after promoStart' }]);
    expect(errorsOf(promo(at(10), at(11)))).toEqual([]);
    expect(errorsOf(promo(at(10), null))).toEqual([]);
    expect(errorsOf(promo(null, at(9)))).toEqual([]);
  });

  it('reports every problem of every entry at once', () => {
    expect(errorsOf(entry(null, '0'), entry(null, '5', { promo: '6' })).map((error) => error.path)).toEqual([
      '/prices/0/sale',
      '/prices/1/channel',
      '/prices/1/promo',
    ]);
  });
});

describe('mergePrices', () => {
  it('replaces the entries of the channels updated, keeps the others, the default first then by code', () => {
    const current = [entry(null, '10.00'), entry('b', '9.00'), entry('d', '8.00')];
    const merged = mergePrices(current, [entry('c', '7.00'), entry(null, '11.00'), entry('b', '6.00')]);
    expect(merged).toEqual([entry(null, '11.00'), entry('b', '6.00'), entry('c', '7.00'), entry('d', '8.00')]);
  });

  it('sorts in code-unit order, the default before any code (digits and capitals included)', () => {
    const merged = mergePrices([], [entry('b', '1'), entry('a', '1'), entry('B', '1'), entry(null, '1'), entry('1x', '1'), entry('a', '2')]);
    expect(merged.map((price) => price.channel)).toEqual([null, '1x', 'B', 'a', 'b']);
    expect(merged.find((price) => price.channel === 'a')?.sale).toBe('2');
  });

  it('leaves the lists it was given as they were', () => {
    const current = [entry('b', '1'), entry(null, '1')];
    mergePrices(current, [entry('a', '1')]);
    expect(current.map((price) => price.channel)).toEqual(['b', null]);
  });
});

describe('effectivePriceOf', () => {
  const at = new Date('2026-11-28T12:00:00Z');
  const prices = [
    entry(null, '59.90', { promo: '49.90', promoStart: '2026-11-27T00:00:00.000Z', promoEnd: '2026-11-30T00:00:00.000Z' }),
    entry('loja', '54.90'),
  ];

  it('takes the channel\'s override when there is one', () => {
    expect(effectivePriceOf('SKU', prices, 'loja', at)).toEqual({
      sku: 'SKU',
      channel: 'loja',
      at: '2026-11-28T12:00:00.000Z',
      source: 'channel',
      sale: '54.90',
      promo: null,
      promoActive: false,
      price: '54.90',
    });
  });

  it('falls back to the default for another channel and for no channel', () => {
    const expected = { source: 'default', sale: '59.90', promo: '49.90', promoActive: true, price: '49.90' };
    expect(effectivePriceOf('SKU', prices, 'ml', at)).toMatchObject({ channel: 'ml', ...expected });
    expect(effectivePriceOf('SKU', prices, null, at)).toMatchObject({ channel: null, ...expected });
    // A list whose first entry is an override: no channel still means the default.
    expect(effectivePriceOf('SKU', [...prices].reverse(), null, at)).toMatchObject({ channel: null, ...expected });
  });

  it('is null when no entry applies', () => {
    expect(effectivePriceOf('SKU', [entry('loja', '1.00')], 'ml', at)).toBeNull();
    expect(effectivePriceOf('SKU', [entry('loja', '1.00')], null, at)).toBeNull();
    expect(effectivePriceOf('SKU', [], 'loja', at)).toBeNull();
  });

  it('applies the promo inside [promoStart, promoEnd): from its first instant, not at its end', () => {
    const window = [entry(null, '10.00', { promo: '8.00', promoStart: '2026-01-01T00:00:00.000Z', promoEnd: '2026-01-02T00:00:00.000Z' })];
    const priceAt = (instant: string) => effectivePriceOf('SKU', window, null, new Date(instant))!;
    expect(priceAt('2025-12-31T23:59:59.999Z')).toMatchObject({ promoActive: false, price: '10.00' });
    expect(priceAt('2026-01-01T00:00:00.000Z')).toMatchObject({ promoActive: true, price: '8.00' });
    expect(priceAt('2026-01-01T23:59:59.999Z')).toMatchObject({ promoActive: true, price: '8.00' });
    expect(priceAt('2026-01-02T00:00:00.000Z')).toMatchObject({ promoActive: false, price: '10.00' });
  });

  it('takes either end of the window as open when absent, and no promo as none', () => {
    const open = (promoStart: string | null, promoEnd: string | null) => [entry(null, '10.00', { promo: '8.00', promoStart, promoEnd })];
    const active = (list: PriceEntry[]) => effectivePriceOf('SKU', list, null, at)!.promoActive;
    expect(active(open(null, null))).toBe(true);
    expect(active(open(null, '2026-12-01T00:00:00.000Z'))).toBe(true);
    expect(active(open(null, '2026-11-01T00:00:00.000Z'))).toBe(false);
    expect(active(open('2026-11-01T00:00:00.000Z', null))).toBe(true);
    expect(active(open('2026-12-01T00:00:00.000Z', null))).toBe(false);
    expect(active([entry(null, '10.00')])).toBe(false);
    expect(active([entry(null, '10.00', { promoStart: '2026-11-01T00:00:00.000Z' })])).toBe(false);
  });
});
