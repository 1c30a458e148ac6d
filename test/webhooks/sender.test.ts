import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSender, type Sender } from '../../src/webhooks/sender.js';

/**
 * The timeout covers the whole attempt, the body included: a receiver that answers its
 * headers at once and then trickles the body must not hold an attempt (and its lease)
 * longer than WEBHOOK_TIMEOUT_MS.
 */
describe('webhook sender against a receiver that trickles its body', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function trickler(): Promise<{ url: string; closed: Promise<void> }> {
    let closed: () => void = () => undefined;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    const timers: NodeJS.Timeout[] = [];
    const server = createServer((_request, response: ServerResponse) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.flushHeaders();
      // One byte every 20 ms, forever: far less than the 4 KiB the sender would read.
      timers.push(setInterval(() => response.write('x'), 20));
      response.on('close', closed);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      timers.forEach(clearInterval);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, closed: gone };
  }

  function sender(timeoutMs: number): Sender {
    const created = createSender({ timeoutMs, allowPrivate: true });
    cleanups.push(() => created.close());
    return created;
  }

  it('ends the attempt as a timeout and lets go of the connection', async () => {
    const receiver = await trickler();
    const result = await sender(300).send({ url: receiver.url, headers: { 'content-type': 'application/json' }, body: '{}', requireHttps: false });
    expect(result).toMatchObject({ statusCode: null, responseBody: null, failure: { error: 'timeout' } });
    expect(result.durationMs).toBeGreaterThanOrEqual(295);
    // The receiver sees the connection end: nothing keeps reading its trickle.
    await receiver.closed;
  });
});
