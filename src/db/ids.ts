import { v7 } from 'uuid';

/** Time-ordered UUIDs (v7): ids sort by creation, which keeps index inserts local. */
export function newId(): string {
  return v7();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from clients are checked before they reach SQL, where a malformed uuid is an error, not a miss. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
