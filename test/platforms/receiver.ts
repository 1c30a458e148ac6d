import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { checkDelivery } from '../support/contract.js';
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
  /** Holds requests to `path` unanswered until the returned function answers them with a status. */
  hold(path: string): (status: number) => void;
  waitFor(condition: (requests: ProductRequest[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** An answer: a status, or a status with headers. */
export type ProductReply = number | { status: number; headers: Record<string, string> };

/**
 * A real receiver on 127.0.0.1, http or (with a key and certificate) https. `status`
 * decides each answer from the path and the request (204 by default), `body` what it
 * carries (raw bytes allowed).
 */
export async function startProductReceiver(
  options: {
    tls?: { key: string; cert: string };
    status?: (path: string, request: ProductRequest) => ProductReply;
    body?: (path: string) => string | Buffer;
  } = {},
): Promise<ProductReceiver> {
  const requests: ProductRequest[] = [];
  const holds = new Map<string, Promise<number>>();
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      checkDelivery(body);
      const path = request.url ?? '/';
      const received: ProductRequest = { path, headers: request.headers, body, json: JSON.parse(body) };
      requests.push(received);
      void (holds.get(path) ?? Promise.resolve(options.status?.(path, received) ?? 204)).then((reply) => {
        if (response.destroyed) return;
        const { status, headers } = typeof reply === 'number' ? { status: reply, headers: {} } : reply;
        response.writeHead(status, headers).end(options.body?.(path) ?? '');
      });
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
    hold: (path) => {
      let answer: (status: number) => void = () => undefined;
      holds.set(path, new Promise<number>((resolve) => (answer = resolve)));
      return (status) => {
        holds.delete(path);
        answer(status);
      };
    },
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
