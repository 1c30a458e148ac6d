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
  waitFor(count: number, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const waiters: { count: number; resolve: (ok: boolean) => void }[] = [];
  const receiver: Receiver = {
    url: '',
    received: 0,
    lags: [],
    firstAt: undefined,
    lastAt: undefined,
    arrivals: [],
    waitFor: (count, timeoutMs) =>
      new Promise((resolve) => {
        if (receiver.received >= count) return resolve(true);
        const waiter = { count, resolve };
        waiters.push(waiter);
        setTimeout(() => resolve(false), timeoutMs).unref();
      }),
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
      try {
        const { dataHora } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { dataHora?: string };
        if (dataHora) receiver.lags.push(arrived - Date.parse(dataHora));
      } catch {
        // the raw loop's bodies are counted too
      }
      receiver.received++;
      response.writeHead(200, { 'content-length': '0' }).end();
      for (const waiter of waiters) if (receiver.received >= waiter.count) waiter.resolve(true);
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  return receiver;
}
