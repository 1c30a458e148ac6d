import { createClient, type Client } from 'graphql-ws';
import type { Catalogue } from '../i18n/catalogue';

/**
 * A graphql-ws client on the service's /graphql, the token in connection_init. It does
 * not retry by itself: the live feed resubscribes with `after` (the last event it showed)
 * so a dropped connection replays what it missed instead of starting from now.
 */
export function liveClient(token: string): Client {
  const url = new URL('/graphql', location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return createClient({
    url: url.href,
    connectionParams: { authorization: `Bearer ${token}` },
    lazy: true,
    retryAttempts: 0,
  });
}

/** What a subscription's error says to a person: a close reason, a GraphQL message or the event. */
export function liveErrorMessage(error: unknown, t: Catalogue): string {
  if (Array.isArray(error)) return error.map((e: { message?: string }) => e.message).join('; ');
  const close = error as { code?: number; reason?: string; message?: string };
  if (close.reason) return `${close.reason} (${close.code})`;
  if (close.code) return t.live.connectionClosed(close.code);
  return close.message ?? t.live.connectionLost;
}
