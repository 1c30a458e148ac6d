import type { Config } from '../config.js';
import { AppError } from '../errors.js';

const MINUTE_MS = 60_000;

/** Whose connection is counted: the token, and its seller over all its tokens. */
export interface ConnectionOwner {
  tokenId: string;
  sellerId: string;
}

/**
 * Per-token limits of the live API, counted in this process (docs/live-events.md, Limits):
 * open connections (per token, and per seller over all its tokens, so minting tokens
 * does not multiply them), and subscriptions with `after` (replays, each a query of up to
 * LIVE_REPLAY_MAX_EVENTS rows) started per minute.
 */
export class TokenLimits {
  private readonly connections = new Map<string, number>();
  private readonly sellerConnections = new Map<string, number>();
  /** Replays per token in the current minute; the whole map starts over with each minute. */
  private replays = new Map<string, number>();
  private replayWindowStart = 0;

  constructor(
    private readonly config: Pick<Config, 'liveMaxConnectionsPerToken' | 'liveMaxConnectionsPerSeller' | 'liveMaxReplaysPerMinute'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Connections counted now, every token together. */
  get connectionCount(): number {
    let count = 0;
    for (const open of this.connections.values()) count += open;
    return count;
  }

  /**
   * Counts a new connection of the token; when the token or its seller already holds its
   * maximum, counts nothing and says which one.
   */
  openConnection(owner: ConnectionOwner): 'token' | 'seller' | undefined {
    if ((this.connections.get(owner.tokenId) ?? 0) >= this.config.liveMaxConnectionsPerToken) return 'token';
    if ((this.sellerConnections.get(owner.sellerId) ?? 0) >= this.config.liveMaxConnectionsPerSeller) return 'seller';
    increment(this.connections, owner.tokenId, 1);
    increment(this.sellerConnections, owner.sellerId, 1);
    return undefined;
  }

  closeConnection(owner: ConnectionOwner): void {
    increment(this.connections, owner.tokenId, -1);
    increment(this.sellerConnections, owner.sellerId, -1);
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

/** Adds to a count, forgetting it at zero. */
function increment(counts: Map<string, number>, key: string, by: number): void {
  const count = (counts.get(key) ?? 0) + by;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}
