import { v7 } from 'uuid';

/** Time-ordered UUIDs (v7): ids sort by creation, which keeps index inserts local. */
export function newId(): string {
  return v7();
}
