import type { ClaimShares, FairShare, Holder } from './fair-share.js';

export interface FairClaimLoopOptions<Work> {
  /** Attempts in flight at once in this process. */
  concurrency: number;
  /** Slots no claim beyond the caps takes: room kept for destinations and sellers under theirs. */
  headroom: number;
  /** The process's ledger (sharedFairShare): the caps hold over every queue that claims by it. */
  shares: FairShare;
  /** One claim statement: up to `limit` due items, chosen by `shares`, leased. */
  claim: (limit: number, shares: ClaimShares) => Promise<Work[]>;
  /** Whose an item is: the destination and the seller its attempt counts against. */
  holder: (work: Work) => Holder;
  /** Makes one attempt; resolves once its outcome is recorded, and never rejects. */
  attempt: (work: Work) => Promise<void>;
  /** An attempt ended: its slot is free and its share released (the owner claims again). */
  ended: () => void;
}

/**
 * The slots a queue's attempts take in one process and the fair claim that fills them
 * (docs/webhooks.md#fair-claiming): the webhook dispatcher and the channels' sync worker
 * each run one over their own queue, against the process's one ledger; the channels'
 * inbound worker runs one against a ledger of its own.
 */
export class FairClaimLoop<Work> {
  private readonly inFlight = new Set<Promise<void>>();
  /** Slots a claim of the owner's own (the dispatcher's fan-out) is filling; the loop leaves them. */
  private reserved = 0;
  private stopping = false;
  /**
   * The keys at their cap when the last fair claim found nothing under the caps: to find
   * that, it read past all their due work. It is not made again while the same keys are
   * at their cap, until the owner says others may have something new (`forgetFutile`: a
   * poll, a retry falling due, new work queued). A key leaving its cap may take its own
   * work again: that ends it too.
   */
  private futileWhile: string | undefined;

  constructor(private readonly options: FairClaimLoopOptions<Work>) {}

  freeSlots(): number {
    return this.stopping ? 0 : Math.max(0, this.options.concurrency - this.inFlight.size - this.reserved);
  }

  /** Others may have work the last futile claim could not see: the next claim is made. */
  forgetFutile(): void {
    this.futileWhile = undefined;
  }

  /** Runs `fill` with every free slot set aside for it (it claims by itself and `send`s what it took). */
  async withFreeSlotsReserved<T>(fill: (free: number) => Promise<T>): Promise<T> {
    const free = this.freeSlots();
    this.reserved += free;
    try {
      return await fill(free);
    } finally {
      this.reserved -= free;
    }
  }

  /** Whether a fill (withFreeSlotsReserved) holds slots back from claims now. */
  get filling(): boolean {
    return this.reserved > 0;
  }

  /**
   * Claims for every free slot, fairly. A claim that filled a destination or a seller to
   * its cap passed over the rest of its work in its window: with slots still free it
   * claims again, skipping those, so others' work further back gets them. When nothing
   * under the caps is left, the idle slots beyond the headroom go to work over the caps,
   * least loaded first: a destination alone keeps the process busy, and whoever comes
   * next finds the headroom free and, as attempts end, goes first. Answers whether it
   * claimed anything.
   */
  async claimFairly(): Promise<boolean> {
    const { shares, claim, headroom } = this.options;
    let free = this.freeSlots();
    let claimedAny = false;
    while (free > 0 && this.futileWhile !== shares.fullKeys()) {
      const fullBefore = shares.fullCount();
      // Taken before the claim: attempts that end while it runs may release a key, and
      // then the keys it skipped are not the ones at their cap any more.
      const fullKeysBefore = shares.fullKeys();
      const claimed = await claim(free, shares.shares());
      this.send(claimed);
      claimedAny ||= claimed.length > 0;
      free = this.freeSlots();
      if (claimed.length === 0 && fullBefore > 0) this.futileWhile = fullKeysBefore;
      if (claimed.length === 0 || shares.fullCount() <= fullBefore) break;
    }
    // Work over the caps exists only where some destination or seller is at its cap.
    if (free > headroom && shares.fullCount() > 0) {
      const borrowed = await claim(free - headroom, shares.beyondCaps());
      this.send(borrowed);
      claimedAny ||= borrowed.length > 0;
    }
    return claimedAny;
  }

  /** Starts the attempts of claimed items, each in a slot and counted in the ledger until it ends. */
  send(claimed: readonly Work[]): void {
    const { shares, holder, attempt, ended } = this.options;
    for (const work of claimed) {
      const held = holder(work);
      shares.take(held);
      const running = attempt(work).finally(() => {
        this.inFlight.delete(running);
        shares.release(held);
        ended();
      });
      this.inFlight.add(running);
    }
  }

  /** No slot is free from now on (a shutdown): claims under way stop at their next turn. */
  stop(): void {
    this.stopping = true;
  }

  /** Resolves once no attempt is in flight, including any started while it waits. */
  async drained(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }
}
