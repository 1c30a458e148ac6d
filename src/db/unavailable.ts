/**
 * Whether an error means the database cannot be reached right now (stopped, restarting,
 * unreachable, out of connections), as opposed to a fault in the request or in our code.
 * The one place that knows the shapes: socket errors from Node, SQLSTATEs from the server,
 * and the messages pg and its pool use when a connection dies or never comes. The HTTP
 * and GraphQL adapters answer these with 503 UNAVAILABLE and Retry-After.
 */

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

// 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up,
// shutting down, in recovery), 53300 too_many_connections; class 08 is connection exceptions.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_EXCEPTION_CLASS = '08';

const MESSAGES = [
  /^Connection terminated/, // pg: the server closed the socket (unexpectedly, or during connect)
  /timeout exceeded when trying to connect/, // pg-pool: connectionTimeoutMillis elapsed
  /Client has encountered a connection error and is not queryable/, // pg: a client after a socket error
  /Connection ended unexpectedly/,
  /the database system is (starting up|shutting down|in recovery mode)/,
];

/** How many causes deep to look: drivers wrap (MikroORM → pg → AggregateError of sockets). */
const MAX_CAUSES = 8;

export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < MAX_CAUSES; seen++) {
    const current = pending.shift();
    if (!(current instanceof Error)) continue;
    if (isConnectionFailure(current)) return true;
    pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return false;
}

function isConnectionFailure(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || SERVER_CODES.has(code)) return true;
    if (code.length === 5 && code.startsWith(CONNECTION_EXCEPTION_CLASS)) return true;
  }
  return MESSAGES.some((pattern) => pattern.test(error.message));
}
