import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * What a client may send as `x-request-id` to correlate its logs with ours: up to 128
 * letters, digits and `._:-` (UUIDs, ULIDs, trace ids). Anything else (longer, spaces,
 * control or non-ASCII characters, a repeated header) is replaced by a fresh UUID before
 * it reaches a log line or a response, so a client cannot forge or flood log entries.
 */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && CLIENT_REQUEST_ID.test(sent) ? sent : randomUUID();
}
