import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  distributeStock,
  publishedQuantity,
  sameDistribution,
  type ChannelAllocation,
} from '../../src/catalog/distribution.js';

function channel(code: string, overrides: Partial<ChannelAllocation> = {}): ChannelAllocation {
  return { code, active: true, sharePercent: 100, safetyStock: 0, maxQuantity: null, ...overrides };
}

describe('publishedQuantity', () => {
  it('publishes everything with the defaults (100 %, no safety stock, no cap)', () => {
    expect(publishedQuantity(37, channel('a'))).toBe(37);
  });

  it('floors the share', () => {
    // 7 × 50 / 100 = 3.5
    expect(publishedQuantity(7, channel('a', { sharePercent: 50 }))).toBe(3);
    // 99 × 1 / 100 = 0.99
    expect(publishedQuantity(99, channel('a', { sharePercent: 1 }))).toBe(0);
    expect(publishedQuantity(100, channel('a', { sharePercent: 1 }))).toBe(1);
  });

  it('caps at maxQuantity before subtracting the safety stock', () => {
    // min(10, 100) − 3 = 7, not min(10, 100 − 3) = 10
    expect(publishedQuantity(100, channel('a', { maxQuantity: 10, safetyStock: 3 }))).toBe(7);
  });

  it('applies the share before the cap', () => {
    // min(30, floor(100 × 20 / 100)) = 20
    expect(publishedQuantity(100, channel('a', { sharePercent: 20, maxQuantity: 30 }))).toBe(20);
    expect(publishedQuantity(100, channel('a', { sharePercent: 50, maxQuantity: 30 }))).toBe(30);
  });

  it('subtracts the safety stock and stops at zero', () => {
    expect(publishedQuantity(10, channel('a', { safetyStock: 4 }))).toBe(6);
    expect(publishedQuantity(10, channel('a', { safetyStock: 10 }))).toBe(0);
    expect(publishedQuantity(10, channel('a', { safetyStock: 15 }))).toBe(0);
  });

  it('treats maxQuantity 0 as "publish nothing", not as "no cap"', () => {
    expect(publishedQuantity(10, channel('a', { maxQuantity: 0 }))).toBe(0);
  });

  it('publishes 0 for oversold (negative) stock', () => {
    expect(publishedQuantity(-5, channel('a'))).toBe(0);
    expect(publishedQuantity(-5, channel('a', { safetyStock: 0, maxQuantity: 3 }))).toBe(0);
  });

  it('publishes 0 rather than NaN for a garbage stock figure', () => {
    expect(publishedQuantity(Number.NaN, channel('a'))).toBe(0);
  });

  it('publishes 0 for zero stock', () => {
    expect(publishedQuantity(0, channel('a'))).toBe(0);
  });

  it('does not lose a unit to floating point with a fractional share', () => {
    // 1500 × 8.2 is 12299.999999999998 in IEEE doubles; the true value is 12300.
    expect(1500 * 8.2).toBeLessThan(12300);
    expect(publishedQuantity(1500, channel('a', { sharePercent: 8.2 }))).toBe(123);
    expect(publishedQuantity(750, channel('a', { sharePercent: 9.2 }))).toBe(69);
  });

  it('snaps only what lies a hair from a whole number: 99.5 % of one unit is still nothing', () => {
    expect(publishedQuantity(1, channel('a', { sharePercent: 99.5 }))).toBe(0);
    expect(publishedQuantity(3, channel('a', { sharePercent: 66.5 }))).toBe(1);
  });

  it('holds "never above available" even for out-of-range stored settings', () => {
    expect(publishedQuantity(10, channel('a', { sharePercent: 150 }))).toBe(10);
    expect(publishedQuantity(10, channel('a', { safetyStock: -5 }))).toBe(10);
    expect(publishedQuantity(10, channel('a', { sharePercent: -10 }))).toBe(0);
  });

  it('ignores the active flag (filtering is distributeStock’s job)', () => {
    expect(publishedQuantity(10, channel('a', { active: false }))).toBe(10);
  });
});

describe('distributeStock', () => {
  const channels = [
    channel('mercadolivre', { sharePercent: 50, safetyStock: 2 }),
    channel('loja-propria'),
    channel('amazon', { active: false }),
    channel('venda-assistida', { maxQuantity: 5 }),
    channel('B2W'),
  ];

  it('lists active channels only, sorted by code in code-unit order', () => {
    expect(distributeStock(20, channels)).toEqual([
      { channel: 'B2W', quantity: 20 },
      { channel: 'loja-propria', quantity: 20 },
      { channel: 'mercadolivre', quantity: 8 },
      { channel: 'venda-assistida', quantity: 5 },
    ]);
  });

  it('lists every active channel even when it gets 0', () => {
    expect(distributeStock(0, channels).map((entry) => entry.channel)).toEqual([
      'B2W',
      'loja-propria',
      'mercadolivre',
      'venda-assistida',
    ]);
    expect(distributeStock(0, channels).every((entry) => entry.quantity === 0)).toBe(true);
  });

  it('returns an empty list for a seller without channels', () => {
    expect(distributeStock(10, [])).toEqual([]);
  });

  it('does not reorder the caller’s array', () => {
    const input = [channel('b'), channel('a')];
    distributeStock(1, input);
    expect(input.map((c) => c.code)).toEqual(['b', 'a']);
  });
});

describe('sameDistribution', () => {
  it('is true for the same figures in any order', () => {
    expect(
      sameDistribution(
        [
          { channel: 'a', quantity: 1 },
          { channel: 'b', quantity: 2 },
        ],
        [
          { channel: 'b', quantity: 2 },
          { channel: 'a', quantity: 1 },
        ],
      ),
    ).toBe(true);
    expect(sameDistribution([], [])).toBe(true);
    // Each side is sorted, not just the second.
    const sorted = [
      { channel: 'a', quantity: 1 },
      { channel: 'b', quantity: 2 },
    ];
    expect(sameDistribution([...sorted].reverse(), sorted)).toBe(true);
  });

  it('compares a list that names a channel twice by its quantities too', () => {
    const twice = [
      { channel: 'a', quantity: 1 },
      { channel: 'a', quantity: 2 },
    ];
    expect(sameDistribution(twice, [...twice].reverse())).toBe(true);
    expect(sameDistribution([...twice].reverse(), twice)).toBe(true);
    expect(sameDistribution(twice, [{ channel: 'a', quantity: 1 }, { channel: 'a', quantity: 1 }])).toBe(false);
  });

  it('is false when a quantity differs', () => {
    expect(sameDistribution([{ channel: 'a', quantity: 1 }], [{ channel: 'a', quantity: 2 }])).toBe(false);
  });

  it('is false when a channel is added, removed or renamed', () => {
    const one = [{ channel: 'a', quantity: 1 }];
    const two = [...one, { channel: 'b', quantity: 0 }];
    expect(sameDistribution(one, two)).toBe(false);
    expect(sameDistribution(two, one)).toBe(false);
    expect(sameDistribution(one, [{ channel: 'A', quantity: 1 }])).toBe(false);
  });
});

describe('distribution properties', () => {
  const allocation = fc.record({
    code: fc.string({ minLength: 1, maxLength: 12 }),
    active: fc.boolean(),
    sharePercent: fc.integer({ min: 1, max: 100 }),
    safetyStock: fc.integer({ min: 0, max: 1_000 }),
    maxQuantity: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
  });
  const channelList = fc.uniqueArray(allocation, { maxLength: 8, selector: (c) => c.code });
  const stock = fc.integer({ min: -1_000, max: 10_000_000 });

  it('never publishes a negative quantity', () => {
    fc.assert(
      fc.property(stock, channelList, (available, channels) => {
        for (const entry of distributeStock(available, channels)) {
          expect(entry.quantity).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(entry.quantity)).toBe(true);
        }
      }),
    );
  });

  it('never publishes more than is available to one channel', () => {
    fc.assert(
      fc.property(stock, channelList, (available, channels) => {
        for (const entry of distributeStock(available, channels)) {
          expect(entry.quantity).toBeLessThanOrEqual(Math.max(0, available));
        }
      }),
    );
  });

  it('publishes at most the available stock in total when active shares sum to ≤ 100', () => {
    const shares = fc
      .array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 8 })
      .filter((list) => list.reduce((a, b) => a + b, 0) <= 100);
    fc.assert(
      fc.property(stock, shares, (available, list) => {
        const channels = list.map((sharePercent, i) => channel(`c${i}`, { sharePercent }));
        const total = distributeStock(available, channels).reduce((sum, e) => sum + e.quantity, 0);
        expect(total).toBeLessThanOrEqual(Math.max(0, available));
      }),
    );
  });

  it('gives the same result when recomputed', () => {
    fc.assert(
      fc.property(stock, channelList, (available, channels) => {
        const first = distributeStock(available, channels);
        const second = distributeStock(available, [...channels].reverse());
        expect(second).toEqual(first);
        expect(sameDistribution(first, second)).toBe(true);
      }),
    );
  });

  it('lists every active channel once and no inactive one', () => {
    fc.assert(
      fc.property(stock, channelList, (available, channels) => {
        const listed = distributeStock(available, channels).map((e) => e.channel);
        const active = channels.filter((c) => c.active).map((c) => c.code);
        expect([...listed].sort()).toEqual([...active].sort());
        for (const inactive of channels.filter((c) => !c.active)) {
          expect(listed).not.toContain(inactive.code);
        }
      }),
    );
  });

  it('comes out sorted by channel code', () => {
    fc.assert(
      fc.property(stock, channelList, (available, channels) => {
        const listed = distributeStock(available, channels).map((e) => e.channel);
        for (let i = 1; i < listed.length; i++) {
          expect((listed[i - 1] ?? '') < (listed[i] ?? '')).toBe(true);
        }
      }),
    );
  });

  it('never publishes less when available stock grows', () => {
    fc.assert(
      fc.property(stock, fc.nat(1_000), allocation, (available, extra, settings) => {
        expect(publishedQuantity(available + extra, settings)).toBeGreaterThanOrEqual(
          publishedQuantity(available, settings),
        );
      }),
    );
  });

  it('matches the formula for integer inputs', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), allocation, (available, a) => {
        const expected = Math.max(
          0,
          Math.min(a.maxQuantity ?? Infinity, Math.trunc((available * a.sharePercent) / 100)) -
            a.safetyStock,
        );
        expect(publishedQuantity(available, a)).toBe(expected);
      }),
    );
  });
});
