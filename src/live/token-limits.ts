import type { Config } from '../config.js';
import { AppError } from '../errors.js';

const MINUTE_MS = 60_000;

/**
 * Per-token limits of the live API, counted in this process (docs/live-events.md, Limits):
 * open connections, and subscriptions with `after` (replays, each a query of up to
 * LIVE_REPLAY_MAX_EVENTS rows) started per minute.
 */
export class TokenLimits {
  private readonly connections = new Map<string, number>();
  /** Replays per token in the current minute; the whole map starts over with each minute. */
  private replays = new Map<string, number>();
  private replayWindowStart = 0;

  constructor(
    private readonly config: Pick<Config, 'liveMaxConnectionsPerToken' | 'liveMaxReplaysPerMinute'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Connections counted now, every token together. */
  get connectionCount(): number {
    let count = 0;
    for (const open of this.connections.values()) count += open;
    return count;
  }

  /** Counts a new connection of the token; false (and not counted) when it already holds the maximum. */
  openConnection(tokenId: string): boolean {
    const open = this.connections.get(tokenId) ?? 0;
    if (open >= this.config.liveMaxConnectionsPerToken) return false;
    this.connections.set(tokenId, open + 1);
    return true;
  }

  closeConnection(tokenId: string): void {
    const open = (this.connections.get(tokenId) ?? 0) - 1;
    if (open > 0) this.connections.set(tokenId, open);
    else this.connections.delete(tokenId);
  }

  /** Counts a replay of the token, or refuses it with RATE_LIMITED until the minute is over. */
  takeReplay(tokenId: string): void {
    const now = this.now();
    if (now - this.replayWindowStart >= MINUTE_MS) {
      this.replayWindowStart = now;
      this.replays = new Map();
    }
    const taken = this.replays.get(tokenId) ?? 0;
    if (taken >= this.config.liveMaxReplaysPerMinute) {
      const retryAfterSeconds = Math.ceil((this.replayWindowStart + MINUTE_MS - now) / 1000);
      throw new AppError(
        'RATE_LIMITED',
        `More than ${this.config.liveMaxReplaysPerMinute} subscriptions with \`after\` this minute: retry in ${retryAfterSeconds} s`,
        { retryAfterSeconds },
      );
    }
    this.replays.set(tokenId, taken + 1);
  }
}
