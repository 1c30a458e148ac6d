import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { waitUntil } from '../webhooks/receiver.js';

/** One POST as a product receiver saw it. */
export interface ProductRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { evento: string; data: Record<string, any> };
}

export interface ProductReceiver {
  /** Base URL; register `${url}/<path>` to choose the answer by path. */
  url: string;
  requests: ProductRequest[];
  on(path: string): ProductRequest[];
  waitFor(condition: (requests: ProductRequest[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real receiver on 127.0.0.1, http or (with a key and certificate) https. `status`
 * decides each answer from the path (204 by default), `body` what it carries (raw bytes allowed).
 */
export async function startProductReceiver(
  options: { tls?: { key: string; cert: string }; status?: (path: string) => number; body?: (path: string) => string | Buffer } = {},
): Promise<ProductReceiver> {
  const requests: ProductRequest[] = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      requests.push({ path, headers: request.headers, body, json: JSON.parse(body) });
      response.writeHead(options.status?.(path) ?? 204).end(options.body?.(path) ?? '');
    });
  };
  const server: Server = options.tls ? createHttpsServer(options.tls, handle) : createHttpServer(handle);
  // Longer than the dispatcher's keep-alive (4 s): the client, not the server, closes an
  // idle connection, so an attempt never lands on a socket the server is closing.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const scheme = options.tls ? 'https' : 'http';
  return {
    url: `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    on: (path) => requests.filter((request) => request.path === path),
    waitFor: (condition, timeoutMs = 20_000) => waitUntil(() => condition(requests), timeoutMs, () => `${requests.length} requests so far`),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Headers a signed delivery would carry; product deliveries carry none of them. */
export function signatureHeadersOf(headers: IncomingHttpHeaders): string[] {
  return Object.keys(headers).filter((name) => /^webhook-|signature/i.test(name));
}
