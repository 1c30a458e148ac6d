import { describe, expect, it } from 'vitest';
import { FairShare } from '../../src/webhooks/fair-share.js';

describe('FairShare', () => {
  const a1 = { sellerId: 'seller-a', destination: 'a-1' };
  const a2 = { sellerId: 'seller-a', destination: 'a-2' };
  const b1 = { sellerId: 'seller-b', destination: 'b-1' };

  it('admits a destination up to its cap and a seller up to its own, over its destinations', () => {
    const shares = new FairShare({ perDestination: 2, perSeller: 3 });
    shares.take(a1);
    expect(shares.admits(a1)).toBe(true);
    shares.take(a1);
    expect(shares.admits(a1)).toBe(false);
    expect(shares.admits(a2)).toBe(true);
    shares.take(a2);
    // The seller is full: its other destination too, though that one holds only one.
    expect(shares.admits(a2)).toBe(false);
    expect(shares.admits(b1)).toBe(true);
    expect(shares.shares()).toEqual({
      caps: { perDestination: 2, perSeller: 3 },
      full: ['a-1', 'seller-a'],
      heldKeys: ['a-1', 'a-2', 'seller-a'],
      heldCounts: [2, 1, 3],
    });
    expect(shares.fullCount()).toBe(2);
    expect(shares.total()).toBe(3);
  });

  it('forgets what it released, and ranks destinations by what they hold', () => {
    const shares = new FairShare({ perDestination: 5, perSeller: 10 });
    for (const holder of [a1, a1, a1, b1, a2, a2]) shares.take(holder);
    expect(shares.busiestDestinations(2)).toEqual([
      ['a-1', 3],
      ['a-2', 2],
    ]);
    for (const holder of [a1, a1, a1, b1, a2, a2]) shares.release(holder);
    expect(shares.shares()).toEqual({ caps: { perDestination: 5, perSeller: 10 }, full: [], heldKeys: [], heldCounts: [] });
    expect(shares.total()).toBe(0);
  });
});
