/**
 * WebSocket close codes of the live API beyond graphql-ws's own (4400, 4401, 4403, 4406,
 * 4408, 4409, 4429, 4500, 4504). A client closed with this one may reconnect and resume
 * with `after` set to the last event id it processed.
 */
export const SLOW_CONSUMER_CLOSE_CODE = 4413;

/**
 * The token already holds LIVE_MAX_CONNECTIONS_PER_TOKEN connections in this process.
 * graphql-ws's "too many" code (its own use: a second connection_init), which its client
 * does not retry: closing another connection first is what helps.
 */
export const TOO_MANY_CONNECTIONS_CLOSE_CODE = 4429;
