import { startStreamingPair as startPair, type StreamingPair } from '../../bench/lib/streaming-pair.js';
import { freePort } from './process.js';

export type { StreamingPair };

/** A primary of the test's own and a streaming replica of it (bench/lib/streaming-pair.ts), on ports no other test takes. */
export function startStreamingPair(database?: string): Promise<StreamingPair> {
  return startPair({ freePort, database });
}
