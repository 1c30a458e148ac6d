import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A receiver that takes requests and never finishes an answer, counting those it holds open. */
export interface StallingReceiver {
  url: string;
  /** Requests whose connection is open right now. */
  open(): number;
  /** The most open at one moment. */
  mostOpen(): number;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 that never completes an answer: `silent` reads the
 * request and says nothing; `trickle` sends a 200's headers with a long body announced,
 * then one byte of it every 100 ms. Either way only the sender's timeout ends the attempt.
 */
export async function startStallingReceiver(how: 'silent' | 'trickle'): Promise<StallingReceiver> {
  let open = 0;
  let mostOpen = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((request, response) => {
    open++;
    mostOpen = Math.max(mostOpen, open);
    let timer: NodeJS.Timeout | undefined;
    response.on('close', () => {
      open--;
      if (timer) {
        clearInterval(timer);
        timers.delete(timer);
      }
    });
    request.resume();
    if (how === 'trickle') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
      timer = setInterval(() => response.write(' '), 100);
      timers.add(timer);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    open: () => open,
    mostOpen: () => mostOpen,
    close: () => {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
