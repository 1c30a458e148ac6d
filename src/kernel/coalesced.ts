/**
 * Runs a task when triggered, never two at once: a trigger while it runs asks for one
 * more run after it, so triggers that come in bursts (a NOTIFY per event, a finish per
 * attempt) cost one run each burst, not one each.
 */
export class Coalesced {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly task: () => Promise<void>) {}

  trigger(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  /** Whether a run is under way or asked for. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Resolves once no run is under way or asked for. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    // Starts after the callbacks of the current turn: triggers from attempts that ended
    // together (and the slots they freed) make one run.
    await new Promise(setImmediate);
    do {
      this.again = false;
      await this.task();
    } while (this.again);
  }
}
