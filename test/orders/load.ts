import { randomUUID } from 'node:crypto';
import type { TestSeller } from '../support/app.js';
import { waitUntil } from '../webhooks/receiver.js';

/** One request of the load and what came back. */
export interface Exchange {
  kind: 'create' | 'read';
  /** Which base URL it went to (the API process may be replaced mid-run). */
  target: string;
  sentAt: number;
  receivedAt: number;
  /** The HTTP status, or `network` when no answer came (connection refused or reset). */
  status: number | 'network';
  /** The problem's `code` of an error answer. */
  code?: string;
  retryAfter?: string | null;
  contentType?: string | null;
}

/** One order the client wants created, and how that went. */
export interface OrderRequest {
  idempotencyKey: string;
  body: OrderBody;
  /** The answer that settled it: 201, or 200 when a retry found the commit an earlier attempt made. */
  acknowledged?: { status: number; order: { id: string; externalId: string; items: { sku: string; quantity: number }[] } };
  /** Attempts before the acknowledged one: no answer, a 5xx or a 429. */
  failedAttempts: number;
  /** A 4xx other than 429: the service blamed the client for a valid request. */
  refused?: Exchange & { body: unknown };
}

export interface OrderBody {
  externalId: string;
  items: { sku: string; quantity: number }[];
  [field: string]: unknown;
}

export interface OrderLoad {
  exchanges: Exchange[];
  orders: OrderRequest[];
  acknowledged(): OrderRequest[];
  /** Resolves once `count` orders in all are acknowledged. */
  waitForAcknowledged(count: number, timeoutMs?: number): Promise<void>;
  /** Stops starting orders, settles the ones under way (retrying until answered) and ends. */
  stop(): Promise<void>;
}

export interface OrderLoadOptions {
  /** Where requests go now; read before each request, so a test can point at a replacement process. */
  target: () => string;
  seller: TestSeller;
  body: () => OrderBody;
  writers: number;
  readers: number;
  /** Between one client's requests, and before a retry. */
  pauseMs?: number;
}

/**
 * A steady stream of order creations and reads, from clients that behave like real ones:
 * each order has an Idempotency-Key, and an attempt that got no answer, a 5xx or a 429
 * is retried with the same key and body until the service settles it. So every order the
 * client started ends acknowledged exactly once, and a commit whose answer was lost (the
 * process or the database died after COMMIT) is found by its retry, not created twice.
 */
export function startOrderLoad(options: OrderLoadOptions): OrderLoad {
  const exchanges: Exchange[] = [];
  const orders: OrderRequest[] = [];
  const pauseMs = options.pauseMs ?? 20;
  let stopping = false;
  const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));
  const acknowledged = () => orders.filter((order) => order.acknowledged);

  const send = async (kind: Exchange['kind'], method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const target = options.target();
    const sentAt = Date.now();
    try {
      const response = await fetch(`${target}${path}`, {
        method,
        headers: { ...(body === undefined ? { authorization: options.seller.headers.authorization! } : options.seller.headers), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        // Only a safety net against a hung connection, far above any answer under load.
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      const parsed = parseJson(text);
      const exchange: Exchange = {
        kind,
        target,
        sentAt,
        receivedAt: Date.now(),
        status: response.status,
        code: response.ok ? undefined : (parsed as { code?: string } | undefined)?.code,
        retryAfter: response.headers.get('retry-after'),
        contentType: response.headers.get('content-type'),
      };
      exchanges.push(exchange);
      return { exchange, body: parsed };
    } catch {
      const exchange: Exchange = { kind, target, sentAt, receivedAt: Date.now(), status: 'network' };
      exchanges.push(exchange);
      return { exchange, body: undefined };
    }
  };

  const settle = async (order: OrderRequest) => {
    while (!order.acknowledged && !order.refused) {
      const { exchange, body } = await send('create', 'POST', '/pedidos', order.body, { 'idempotency-key': order.idempotencyKey });
      if (exchange.status === 201 || exchange.status === 200) {
        order.acknowledged = { status: exchange.status, order: body as NonNullable<OrderRequest['acknowledged']>['order'] };
      } else if (exchange.status === 'network' || exchange.status === 429 || exchange.status >= 500) {
        order.failedAttempts += 1;
        await pause();
      } else {
        order.refused = { ...exchange, body };
      }
    }
  };

  const writer = async () => {
    while (!stopping) {
      const order: OrderRequest = { idempotencyKey: randomUUID(), body: options.body(), failedAttempts: 0 };
      orders.push(order);
      await settle(order);
      await pause();
    }
  };

  const reader = async () => {
    for (let round = 0; !stopping; round++) {
      const known = acknowledged();
      const pick = known[round % Math.max(1, known.length)]?.acknowledged?.order.id;
      if (round % 2 === 0 || !pick) await send('read', 'GET', '/pedidos?limit=5');
      else await send('read', 'GET', `/pedidos/${pick}`);
      await pause();
    }
  };

  const loops = [...Array.from({ length: options.writers }, writer), ...Array.from({ length: options.readers }, reader)];
  return {
    exchanges,
    orders,
    acknowledged,
    waitForAcknowledged: (count, timeoutMs = 30_000) =>
      waitUntil(() => acknowledged().length >= count, timeoutMs, () => `${acknowledged().length} of ${count} orders acknowledged`),
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
