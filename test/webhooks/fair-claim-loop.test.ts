import { describe, expect, it } from 'vitest';
import { FairClaimLoop } from '../../src/webhooks/fair-claim-loop.js';
import { FairShare, type ClaimShares, type Holder } from '../../src/webhooks/fair-share.js';

interface Job extends Holder {
  id: number;
}

/**
 * A queue in memory that claims as FAIR_CHOICE does, enough for the loop: due order, keys
 * at their cap skipped, nothing taken past a cap; and the attempts of what it handed out,
 * each held until the test ends it. The SQL itself is tested against PostgreSQL
 * (test/webhooks/fairness.test.ts, test/channels/fairness.test.ts, test/channels/inbound-fairness.test.ts).
 */
class World {
  readonly due: Job[] = [];
  readonly claims: { limit: number; full: string[]; found: number }[] = [];
  readonly running = new Map<number, () => void>();
  /** What happens inside the next claims, in turn, before each answers (an attempt ending meanwhile). */
  readonly duringClaims: ((() => Promise<void>) | undefined)[] = [];
  readonly shares: FairShare;
  readonly loop: FairClaimLoop<Job>;
  private nextId = 1;

  constructor(options: { concurrency: number; headroom: number; perDestination: number; perSeller: number }) {
    this.shares = new FairShare({ perDestination: options.perDestination, perSeller: options.perSeller });
    this.loop = new FairClaimLoop<Job>({
      concurrency: options.concurrency,
      headroom: options.headroom,
      shares: this.shares,
      claim: (limit, shares) => this.claim(limit, shares),
      holder: (job) => job,
      attempt: (job) => new Promise<void>((resolve) => this.running.set(job.id, resolve)),
      ended: () => {},
    });
  }

  add(destination: string, sellerId: string, count: number): void {
    for (let i = 0; i < count; i++) this.due.push({ id: this.nextId++, destination, sellerId });
  }

  /** Ends the attempts of `destination`'s first `count` jobs in flight; resolves once their slots are free. */
  async end(destination: string, count: number): Promise<void> {
    const ids = [...this.running.keys()].filter((id) => this.held.get(id) === destination).slice(0, count);
    for (const id of ids) {
      this.running.get(id)!();
      this.running.delete(id);
    }
    await new Promise(setImmediate);
  }

  inFlight(destination: string): number {
    return [...this.running.keys()].filter((id) => this.held.get(id) === destination).length;
  }

  private readonly held = new Map<number, string>();

  private async claim(limit: number, shares: ClaimShares): Promise<Job[]> {
    await this.duringClaims.shift()?.();
    const load = new Map(shares.heldKeys.map((key, index) => [key, shares.heldCounts[index]!]));
    const taken: Job[] = [];
    for (const job of this.due) {
      if (taken.length === limit) break;
      if (shares.full.includes(job.destination) || shares.full.includes(job.sellerId)) continue;
      const destinationLoad = (load.get(job.destination) ?? 0) + 1;
      const sellerLoad = (load.get(job.sellerId) ?? 0) + 1;
      if (destinationLoad > shares.caps.perDestination || sellerLoad > shares.caps.perSeller) continue;
      load.set(job.destination, destinationLoad);
      load.set(job.sellerId, sellerLoad);
      taken.push(job);
    }
    for (const job of taken) {
      this.due.splice(this.due.indexOf(job), 1);
      this.held.set(job.id, job.destination);
    }
    this.claims.push({ limit, full: [...shares.full].sort(), found: taken.length });
    return taken;
  }
}

describe('FairClaimLoop', () => {
  it('claims again while a claim filled a key to its cap, and lends idle slots beyond the headroom only while a key is at its cap', async () => {
    const world = new World({ concurrency: 6, headroom: 2, perDestination: 2, perSeller: 10 });
    world.add('a', 'seller-a', 3);
    world.add('b', 'seller-b', 1);
    expect(await world.loop.claimFairly()).toBe(true);
    // a filled its cap in the first claim (a's third job passed over): the second, skipping a, finds nothing more.
    expect(world.claims).toEqual([
      { limit: 6, full: [], found: 3 },
      { limit: 3, full: ['a'], found: 0 },
      // Slots beyond the headroom go over the caps: a's third job.
      { limit: 1, full: [], found: 1 },
    ]);
    expect(world.inFlight('a')).toBe(3);
    expect(world.loop.freeSlots()).toBe(2);

    // Nothing at its cap: nothing to lend, one claim only.
    const alone = new World({ concurrency: 6, headroom: 2, perDestination: 2, perSeller: 10 });
    alone.add('c', 'seller-c', 1);
    await alone.loop.claimFairly();
    expect(alone.claims).toHaveLength(1);
  });

  it('does not make a fair claim again that found nothing while the same keys stay at their cap, until told or a key leaves its cap', async () => {
    const world = new World({ concurrency: 8, headroom: 8, perDestination: 2, perSeller: 10 });
    world.add('a', 'seller-a', 6);
    await world.loop.claimFairly();
    expect(world.claims.map((claim) => claim.found)).toEqual([2, 0]);

    // Same keys at their cap: the fair claim would read past a's backlog again to find nothing.
    await world.loop.claimFairly();
    expect(world.claims).toHaveLength(2);

    // New work elsewhere, said by the owner (a NOTIFY, the poll): claimed.
    world.add('b', 'seller-b', 1);
    world.loop.forgetFutile();
    await world.loop.claimFairly();
    expect(world.claims.at(-1)).toEqual({ limit: 6, full: ['a'], found: 1 });

    // a leaves its cap: it takes its own work again without being told.
    await world.end('a', 1);
    await world.loop.claimFairly();
    expect(world.inFlight('a')).toBe(2);
  });

  it('remembers the keys at their cap from before a futile claim: one released while it ran does not stall the next', async () => {
    const world = new World({ concurrency: 8, headroom: 8, perDestination: 2, perSeller: 10 });
    world.add('a', 'seller-a', 6);
    // The first claim fills a; the second (futile) sees a at its cap, and one of a's attempts ends while it runs.
    world.duringClaims.push(undefined, () => world.end('a', 1));
    await world.loop.claimFairly();
    expect(world.claims.map((claim) => claim.found)).toEqual([2, 0]);
    expect(world.inFlight('a')).toBe(1);
    // Nothing is at its cap now; the futile claim saw a there: the next claim is made and takes a's job.
    await world.loop.claimFairly();
    expect(world.inFlight('a')).toBe(2);
  });

  it('stops handing out slots when stopped, and drains what is in flight', async () => {
    const world = new World({ concurrency: 4, headroom: 4, perDestination: 4, perSeller: 4 });
    world.add('a', 'seller-a', 2);
    await world.loop.claimFairly();
    world.loop.stop();
    expect(world.loop.freeSlots()).toBe(0);
    world.add('a', 'seller-a', 1);
    expect(await world.loop.claimFairly()).toBe(false);
    const drained = world.loop.drained();
    await world.end('a', 2);
    await drained;
    expect(world.shares.total()).toBe(0);
  });
});
