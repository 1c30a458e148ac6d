import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { forkForSeller, type Orm } from '../../src/db/orm.js';
import type { EventEnvelope } from '../../src/events/event-registry.js';
import { recordEvent, toEnvelope } from '../../src/events/outbox.js';
import { looseEvent } from './events.js';

export interface LiveConnection {
  /** The HTTP URL of the server it connects to. */
  url: string;
  client: Client;
  /** The WebSocket(s) the client opened, to pause one like a client that stopped reading. */
  sockets: WebSocket[];
  /** Resolves with the close event once the connection closes. */
  closed: Promise<{ code: number; reason: string }>;
  /** How it closed, once it has: for a failure message that says which connection did what. */
  closedWith?: { code: number; reason: string };
}

/** A real graphql-ws client (the `ws` implementation) on a server's /graphql, without retries. */
export function connectLive(httpUrl: string, connectionParams?: Record<string, unknown>): LiveConnection {
  const sockets: WebSocket[] = [];
  class RecordedWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols);
      sockets.push(this);
    }
  }
  let onClosed: (event: { code: number; reason: string }) => void = () => undefined;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (onClosed = resolve));
  const connection: LiveConnection = { url: httpUrl, client: undefined as unknown as Client, sockets, closed };
  const client = createClient({
    url: `${httpUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: RecordedWebSocket,
    connectionParams,
    retryAttempts: 0,
    on: {
      closed: (event) => {
        const { code, reason } = event as { code: number; reason: string };
        connection.closedWith = { code, reason: String(reason) };
        onClosed(connection.closedWith);
      },
    },
  });
  connection.client = client;
  return connection;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export interface LiveSubscription {
  /** The envelopes as GraphQL sent them (the root field's value of each `next`). */
  events: EventEnvelope[];
  /** When each of `events` arrived (Date.now()), in the same order. */
  arrivals: number[];
  /** The GraphQL errors it got: in `next` results, or its `error` message. */
  errors: { message: string; extensions?: Record<string, unknown> }[];
  /** Resolves when the subscription ends: completed, errored or its connection closed. */
  ended: Promise<unknown>;
  /** Once ended: 'completed', or what it failed with. */
  endedWith?: string;
  /** Waits until `count` events have arrived; fails if the subscription ends first. */
  received(count: number): Promise<EventEnvelope[]>;
  dispose(): void;
}

/** Subscribes and collects the envelopes of the operation's only root field, as sent. */
export function subscribe(client: Client, query: string, variables?: Record<string, unknown>): LiveSubscription {
  const events: EventEnvelope[] = [];
  const arrivals: number[] = [];
  const errors: LiveSubscription['errors'] = [];
  const waiters = new Set<() => void>();
  let end: (value: unknown) => void = () => undefined;
  let ended = false;
  const endedPromise = new Promise<unknown>((resolve) => (end = resolve));
  const finish = (value: unknown) => {
    ended = true;
    subscription.endedWith = value === undefined ? 'completed' : describeFailure(value);
    end(value);
    for (const waiter of waiters) waiter();
  };
  const dispose = client.subscribe<Record<string, EventEnvelope>>(
    { query, variables },
    {
      next: (result) => {
        if (result.errors) errors.push(...(result.errors as never[]));
        if (result.data) {
          events.push(Object.values(result.data)[0]!);
          arrivals.push(Date.now());
        }
        for (const waiter of waiters) waiter();
      },
      error: (error) => {
        // An `error` message arrives as the list of its GraphQL errors; a closed socket as a close event.
        if (Array.isArray(error)) errors.push(...(error as never[]));
        finish(error);
      },
      complete: () => finish(undefined),
    },
  );
  const subscription: LiveSubscription = {
    events,
    arrivals,
    errors,
    ended: endedPromise,
    dispose,
    received: (count) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (events.length >= count) {
            waiters.delete(check);
            resolve(events.slice(0, count));
          } else if (ended) {
            waiters.delete(check);
            reject(new Error(`subscription ended after ${events.length} of ${count} events: ${JSON.stringify(errors)}`));
          }
        };
        waiters.add(check);
        check();
      }),
  };
  return subscription;
}

/** A close event ({code, reason}), an error, or a list of GraphQL errors, as one line. */
function describeFailure(value: unknown): string {
  if (value instanceof Error) return value.message;
  const { code, reason } = value as { code?: unknown; reason?: unknown };
  if (code !== undefined) return `closed ${String(code)} ${String(reason ?? '')}`.trim();
  return JSON.stringify(value);
}

/** Reads a gauge or counter of a server's /metrics. */
export async function metric(httpUrl: string, name: string): Promise<number> {
  const text = await (await fetch(`${httpUrl}/metrics`)).text();
  const match = new RegExp(`^${name} (\\d+)`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

/** Waits until the server's gauge `name` reads exactly `count`. */
export async function waitForMetric(httpUrl: string, name: string, count: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await metric(httpUrl, name)) !== count) {
    if (Date.now() > deadline) throw new Error(`server never reached ${name} ${count} (last: ${await metric(httpUrl, name)})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the server holds exactly `count` live subscriptions (its own gauge says so). */
export const waitForSubscriptions = (httpUrl: string, count: number, timeoutMs?: number) =>
  waitForMetric(httpUrl, 'ponte_live_subscriptions', count, timeoutMs);

/** Records one event in a real transaction, as a service does; returns its webhook envelope. */
export async function record(orm: Orm, sellerId: string, type: string, data: Record<string, unknown>, aggregateId = 'aggregate-1'): Promise<EventEnvelope> {
  const event = await forkForSeller(orm, sellerId).transactional((tx) =>
    recordEvent(tx, sellerId, looseEvent({ type, aggregateType: type.startsWith('pedido') ? 'order' : 'sku', aggregateId, data })),
  );
  return toEnvelope(event);
}

/** An event written by a transaction that stays open until `commit()`: a long writer. */
export interface HeldEvent {
  /** The envelope it will have once committed (its id is taken now, at the write). */
  envelope: EventEnvelope;
  commit(): Promise<EventEnvelope>;
}

/** Records an event in a transaction held open, so later transactions can commit before it. */
export async function holdEvent(orm: Orm, sellerId: string, type: string, data: Record<string, unknown>, aggregateId = 'held-aggregate'): Promise<HeldEvent> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let written: (envelope: EventEnvelope) => void = () => undefined;
  const write = new Promise<EventEnvelope>((resolve) => (written = resolve));
  const committed = forkForSeller(orm, sellerId).transactional(async (tx) => {
    const event = await recordEvent(tx, sellerId, looseEvent({ type, aggregateType: type.startsWith('pedido') ? 'order' : 'sku', aggregateId, data }));
    written(toEnvelope(event));
    await released;
    return toEnvelope(event);
  });
  const envelope = await Promise.race([write, committed]);
  return {
    envelope,
    commit: () => {
      release();
      return committed;
    },
  };
}
