import type { GraphQLContext } from '../graphql/context.js';
import type { LiveHub } from './hub.js';

/** The context of operations over graphql-ws: the HTTP one plus the process's live hub. */
export interface LiveContext extends GraphQLContext {
  live: LiveHub;
  closeConnection(code: number, reason: string): void;
  /** Counts a replay (`after`) against the token's budget; throws RATE_LIMITED beyond it. */
  admitReplay(): void;
}
