import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * The client's address: the peer's, or, when the peer is one of the TRUST_PROXY addresses
 * or networks, the nearest address in X-Forwarded-For that is not (a proxy appends the
 * address it saw, so the ones to the left of the last trusted hop are the client's to
 * forge). Fastify applies the same rule to HTTP requests (its `trustProxy`); this is it for
 * WebSocket upgrades, which never reach Fastify's request.
 */
export function clientAddressOf(trustProxy: readonly string[] | undefined): (request: IncomingMessage) => string {
  if (!trustProxy) return (request) => request.socket.remoteAddress ?? 'unknown';
  const trusted = proxyAddr.compile([...trustProxy]);
  return (request) => proxyAddr(request, trusted);
}
