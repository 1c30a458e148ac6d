import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';

/**
 * Random bytes drawn 4 KiB at a time: uuid's own generator asks the system for 16 bytes
 * at every id (a `getRandomValues` call, ~4% of the webhook dispatcher's CPU per delivery,
 * one id per attempt logged). Given its random bytes, uuid leaves the time and sequence
 * to the caller, so they are kept here as uuid keeps them: ids made in the same
 * millisecond still sort in the order they were made.
 */
const RANDOM = Buffer.alloc(4096);
let drawn = RANDOM.length;
let lastMs = -Infinity;
let sequence = 0;

/** Time-ordered UUIDs (v7): ids sort by creation, which keeps index inserts local. */
export function newId(): string {
  if (drawn === RANDOM.length) {
    randomFillSync(RANDOM);
    drawn = 0;
  }
  const random = RANDOM.subarray(drawn, (drawn += 16));
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    sequence = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
  } else {
    sequence = (sequence + 1) | 0;
    if (sequence === 0) lastMs++;
  }
  return v7({ random, msecs: lastMs, seq: sequence });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from clients are checked before they reach SQL, where a malformed uuid is an error, not a miss. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A select of one row, `id`: the smallest UUID v7 made `?` milliseconds (the statement's
 * parameter) before the database's now(). Rows whose ids are time-ordered (newId) and
 * older than that are a range of their primary key; the database's clock decides, so
 * every process purging agrees.
 */
export const V7_CUTOFF_SELECT = `select (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-7000-8000-000000000000')::uuid as id
  from (select lpad(to_hex(floor(extract(epoch from now()) * 1000 - ?::float8)::bigint), 12, '0') as h) ms`;
