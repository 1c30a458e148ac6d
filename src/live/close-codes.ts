/**
 * WebSocket close codes of the live API beyond graphql-ws's own (4400, 4401, 4403, 4406,
 * 4408, 4409, 4429, 4500, 4504). A client closed with this one may reconnect and resume
 * with `after` set to the last event id it processed.
 */
export const SLOW_CONSUMER_CLOSE_CODE = 4413;
