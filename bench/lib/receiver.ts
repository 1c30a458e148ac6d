/** A webhook receiver on 127.0.0.1 answering 200 at once, noting when each event arrived. */
import { createServer, type Server } from 'node:http';

export interface Receiver {
  url: string;
  received: number;
  /** Milliseconds from the event's dataHora (its insert, before commit) to its arrival. */
  lags: number[];
  /** `performance.now()` of the first and the latest arrival (undefined before any). */
  firstAt: number | undefined;
  lastAt: number | undefined;
  /** `performance.now()` of every arrival, in order. */
  arrivals: number[];
  /** How many times each `webhook-id` (a delivery's id) arrived: more than once is a duplicate. */
  ids: Map<string, number>;
  /** Events created (their dataHora) before this time, in ms since the epoch, are received but not counted in `lags`. */
  countFrom: number;
  waitFor(count: number, timeoutMs: number): Promise<boolean>;
  /** Resolves once `lags` holds `count` figures (false after `timeoutMs`). */
  waitForLags(count: number, timeoutMs: number): Promise<boolean>;
  /** Resolves once nothing has arrived for `quietMs` (false after `timeoutMs`). */
  waitForQuiet(quietMs: number, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const waiters: { done: () => boolean; resolve: (ok: boolean) => void }[] = [];
  const waitUntil = (done: () => boolean, timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      if (done()) return resolve(true);
      waiters.push({ done, resolve });
      setTimeout(() => resolve(false), timeoutMs).unref();
    });
  const receiver: Receiver = {
    url: '',
    received: 0,
    lags: [],
    firstAt: undefined,
    lastAt: undefined,
    arrivals: [],
    ids: new Map(),
    countFrom: 0,
    waitFor: (count, timeoutMs) => waitUntil(() => receiver.received >= count, timeoutMs),
    waitForLags: (count, timeoutMs) => waitUntil(() => receiver.lags.length >= count, timeoutMs),
    waitForQuiet: async (quietMs, timeoutMs) => {
      const deadline = performance.now() + timeoutMs;
      while (performance.now() < deadline) {
        const since = performance.now() - (receiver.lastAt ?? 0);
        if (since >= quietMs) return true;
        await new Promise((resolve) => setTimeout(resolve, quietMs - since));
      }
      return false;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const arrived = Date.now();
      receiver.lastAt = performance.now();
      receiver.arrivals.push(receiver.lastAt);
      receiver.firstAt ??= receiver.lastAt;
      const id = request.headers['webhook-id'];
      if (typeof id === 'string') receiver.ids.set(id, (receiver.ids.get(id) ?? 0) + 1);
      try {
        const { dataHora } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { dataHora?: string };
        const createdAt = dataHora ? Date.parse(dataHora) : Number.NaN;
        if (createdAt >= receiver.countFrom) receiver.lags.push(arrived - createdAt);
      } catch {
        // the raw loop's bodies are counted too
      }
      receiver.received++;
      response.writeHead(200, { 'content-length': '0' }).end();
      for (const waiter of waiters) if (waiter.done()) waiter.resolve(true);
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  return receiver;
}

/** A receiver that answers 200 only after holding each request `holdMs`: a slow destination. */
export interface HoldingReceiver {
  url: string;
  received: number;
  /** `performance.now()` of every answer sent, in order. */
  answeredAt: number[];
  /** The most requests held at one moment. */
  mostHeld: number;
  close(): Promise<void>;
}

export async function startHoldingReceiver(holdMs: number): Promise<HoldingReceiver> {
  let held = 0;
  const timers = new Set<NodeJS.Timeout>();
  const receiver: HoldingReceiver = {
    url: '',
    received: 0,
    answeredAt: [],
    mostHeld: 0,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      receiver.received++;
      receiver.mostHeld = Math.max(receiver.mostHeld, ++held);
      const timer = setTimeout(() => {
        timers.delete(timer);
        held--;
        receiver.answeredAt.push(performance.now());
        response.writeHead(200, { 'content-length': '0' }).end();
      }, holdMs);
      timers.add(timer);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  return receiver;
}
