import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSender, type Sender } from '../../src/webhooks/sender.js';

/**
 * The timeout covers the whole attempt, from resolving the destination to the body: a
 * resolver that does not answer, or a receiver that answers its headers at once and then
 * trickles the body, must not hold an attempt (and its lease) longer than
 * WEBHOOK_TIMEOUT_MS.
 */
describe('webhook sender timeout', () => {
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

  it('ends the attempt at its timeout even while the destination is still being resolved', async () => {
    // A resolver that never answers: the connection, and so the request, never starts.
    const created = createSender({ timeoutMs: 200, allowPrivate: true, lookup: () => new Promise(() => undefined) });
    const result = await created.send({ url: 'http://stuck.example/hook', headers: {}, body: '{}', requireHttps: false });
    expect(result).toMatchObject({ statusCode: null, responseBody: null, failure: { error: 'timeout' } });
    // Its own timeout, not undici's connect timeout (10 s), ended it.
    expect(result.durationMs).toBeLessThan(10_000);
    // Not awaited: closing waits for the queued request, which only the connect timeout ends.
    void created.close();
  });

  it('keeps the first 4 KiB of an answer that never ends, and ends the connection instead of reading on', async () => {
    let closed: () => void = () => undefined;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    const chunk = 'y'.repeat(64 * 1024);
    // As fast as the socket takes it, forever: a receiver trying to make the dispatcher download without end.
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const pour = () => {
        while (!response.destroyed && response.write(chunk));
      };
      response.on('drain', pour);
      response.on('close', closed);
      pour();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const result = await sender(20_000).send({ url, headers: { 'content-type': 'application/json' }, body: '{}', requireHttps: false });
    expect(result).toMatchObject({ statusCode: 200, failure: null });
    expect(result.responseBody).toBe('y'.repeat(4096));
    await gone;
  });
});
