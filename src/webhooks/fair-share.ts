/**
 * What one dispatcher process holds in flight, per destination and per seller, and what
 * that leaves each of them: the claim's fairness inputs (docs/webhooks.md#fair-claiming).
 * Keys are opaque ids: a destination is whatever a kind of work names as the thing that
 * can be slow (a subscription, an application's registration, a channel connection), a
 * seller is the tenant the work belongs to.
 */
export interface Holder {
  sellerId: string;
  destination: string;
}

export interface FairShareCaps {
  /** Attempts one destination may have in flight at once. */
  perDestination: number;
  /** Attempts one seller may have in flight at once, over all its destinations. */
  perSeller: number;
}

/**
 * The claim's view of the ledger: the keys at their cap (skipped while reading the queue)
 * and what every key holding something holds (counted towards its cap and its turn).
 * Destination and seller ids never collide (all are random UUIDs), so one list holds both.
 */
export interface ClaimShares {
  caps: FairShareCaps;
  full: string[];
  heldKeys: string[];
  heldCounts: number[];
}

const LEDGERS = new WeakMap<object, FairShare>();

/**
 * The one ledger of the workers a process starts together, keyed by what they were
 * started with (startWorkers hands every worker the same deps): the webhook dispatcher
 * and the channels' sync worker count their attempts in it, so a seller's caps hold over
 * both kinds of work. A worker made on its own (a test's) gets a ledger of its own.
 */
export function sharedFairShare(startedWith: object, caps: FairShareCaps): FairShare {
  let ledger = LEDGERS.get(startedWith);
  if (!ledger) {
    ledger = new FairShare(caps);
    LEDGERS.set(startedWith, ledger);
  }
  return ledger;
}

/** A cap no count reaches (the claim compares loads with it as a PostgreSQL int). */
const NO_CAP = 2 ** 31 - 1;

export class FairShare {
  private readonly destinations = new Map<string, number>();
  private readonly sellers = new Map<string, number>();

  constructor(readonly caps: FairShareCaps) {}

  take(holder: Holder): void {
    increment(this.destinations, holder.destination, 1);
    increment(this.sellers, holder.sellerId, 1);
  }

  release(holder: Holder): void {
    increment(this.destinations, holder.destination, -1);
    increment(this.sellers, holder.sellerId, -1);
  }

  /** Whether `holder` may take one more attempt now. */
  admits(holder: Holder): boolean {
    return (this.destinations.get(holder.destination) ?? 0) < this.caps.perDestination && (this.sellers.get(holder.sellerId) ?? 0) < this.caps.perSeller;
  }

  /** Which keys are at their cap, as one string: equal while the same ones are. */
  fullKeys(): string {
    return this.shares().full.sort().join(',');
  }

  /** How many keys are at their cap: a claim that filled more of them left work it may now skip. */
  fullCount(): number {
    return countAtLeast(this.destinations, this.caps.perDestination) + countAtLeast(this.sellers, this.caps.perSeller);
  }

  shares(): ClaimShares {
    const full: string[] = [];
    const heldKeys: string[] = [];
    const heldCounts: number[] = [];
    for (const [held, cap] of [
      [this.destinations, this.caps.perDestination],
      [this.sellers, this.caps.perSeller],
    ] as const) {
      for (const [key, count] of held) {
        heldKeys.push(key);
        heldCounts.push(count);
        if (count >= cap) full.push(key);
      }
    }
    return { caps: this.caps, full, heldKeys, heldCounts };
  }

  /**
   * The same loads with no cap: for a claim of idle slots, which may go over the caps
   * (the dispatcher keeps a reserve no such claim takes). Least loaded still goes first.
   */
  beyondCaps(): ClaimShares {
    const { heldKeys, heldCounts } = this.shares();
    return { caps: { perDestination: NO_CAP, perSeller: NO_CAP }, full: [], heldKeys, heldCounts };
  }

  /** Destinations holding the most, most first: what the metrics show (a bounded number of them). */
  busiestDestinations(limit: number): [string, number][] {
    return [...this.destinations].sort((a, b) => b[1] - a[1]).slice(0, limit);
  }

  /** Attempts in flight in all. */
  total(): number {
    let total = 0;
    for (const count of this.destinations.values()) total += count;
    return total;
  }
}

function increment(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

function countAtLeast(counts: Map<string, number>, cap: number): number {
  let count = 0;
  for (const held of counts.values()) if (held >= cap) count++;
  return count;
}
