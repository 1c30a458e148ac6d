import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { EventEnvelope } from '../../src/events/event-registry.js';
import { checkDelivery } from '../support/contract.js';

/** One request as the receiver saw it, its signature checked with the standardwebhooks verifier. */
export interface ReceivedRequest {
  webhookId: string;
  headers: IncomingHttpHeaders;
  body: string;
  envelope: EventEnvelope;
  /** The secrets (of those the test gave) whose verifier accepted the request. */
  verifiedWith: string[];
  receivedAt: number;
  /** What the receiver answered. */
  replied?: number | 'reset';
}

/** What to answer: a status (and headers, body as text or raw bytes, delay), or reset the connection. */
export type Reply = { status: number; headers?: Record<string, string>; body?: string | Buffer; delayMs?: number } | 'reset';

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** Secrets to verify with; every request is checked against each one. */
  secrets: string[];
  /** The most requests of one attempt (webhook-id and webhook-attempt) in flight at the same moment. */
  maxConcurrentPerAttempt(): number;
  /** Holds every request that arrives from now on (or those `which` picks) unanswered, until `resume()`. */
  pause(which?: (request: ReceivedRequest) => boolean): void;
  /** Answers the held requests and stops holding; returns the ones that were held. */
  resume(): ReceivedRequest[];
  /** Requests held unanswered right now. */
  held(): ReceivedRequest[];
  waitFor(condition: (requests: ReceivedRequest[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on 127.0.0.1; `reply` decides each answer (204 by default). Every
 * body it gets is checked against its event's schema in schema/events/.
 */
export async function startReceiver(reply: (request: ReceivedRequest, count: number) => Reply = () => ({ status: 204 })): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const inFlight = new Map<string, number>();
  let maxConcurrent = 0;
  let paused: ((request: ReceivedRequest) => boolean) | undefined;
  const held: { request: ReceivedRequest; release: () => void }[] = [];
  const receiver: Receiver = {
    url: '',
    requests,
    secrets: [],
    maxConcurrentPerAttempt: () => maxConcurrent,
    pause: (which = () => true) => {
      paused = which;
    },
    resume: () => {
      paused = undefined;
      const released = held.splice(0);
      for (const entry of released) entry.release();
      return released.map((entry) => entry.request);
    },
    held: () => held.map((entry) => entry.request),
    waitFor: (condition, timeoutMs = 15_000) => waitUntil(() => condition(requests), timeoutMs, () => `${requests.length} requests so far`),
    close: () => closeServer(server),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      checkDelivery(body);
      const received = receive(request.headers, body, receiver.secrets);
      requests.push(received);
      const attempt = `${received.webhookId}#${String(request.headers['webhook-attempt'])}`;
      const current = (inFlight.get(attempt) ?? 0) + 1;
      inFlight.set(attempt, current);
      maxConcurrent = Math.max(maxConcurrent, current);
      const done = () => inFlight.set(attempt, (inFlight.get(attempt) ?? 1) - 1);
      const chosen = reply(received, requests.filter((entry) => entry.webhookId === received.webhookId).length);
      received.replied = chosen === 'reset' ? 'reset' : chosen.status;
      if (paused?.(received)) held.push({ request: received, release: () => answer(response, chosen, done) });
      else answer(response, chosen, done);
    });
  });
  // Longer than the dispatcher's keep-alive (4 s): the client, not the server, closes an
  // idle connection, so an attempt never lands on a socket the receiver is closing.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

function receive(headers: IncomingHttpHeaders, body: string, secrets: string[]): ReceivedRequest {
  const signed = {
    'webhook-id': String(headers['webhook-id']),
    'webhook-timestamp': String(headers['webhook-timestamp']),
    'webhook-signature': String(headers['webhook-signature']),
  };
  const verifiedWith = secrets.filter((secret) => {
    try {
      new Webhook(secret).verify(body, signed);
      return true;
    } catch {
      return false;
    }
  });
  return { webhookId: signed['webhook-id'], headers, body, envelope: JSON.parse(body) as EventEnvelope, verifiedWith, receivedAt: Date.now() };
}

function answer(response: ServerResponse, reply: Reply, done: () => void): void {
  if (reply === 'reset') {
    done();
    response.socket?.resetAndDestroy();
    return;
  }
  const send = () => {
    done();
    if (response.destroyed) return;
    response.writeHead(reply.status, reply.headers).end(reply.body ?? '');
  };
  if (reply.delayMs) setTimeout(send, reply.delayMs);
  else send();
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000, describe = () => ''): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
