import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import {
  BlockedDestinationError,
  checkDestinationUrl,
  resolvePublicAddresses,
  type LookupAll,
} from './ssrf-guard.js';
import { trustedCertificates } from './trust-store.js';

/** What one HTTP attempt produced; the dispatcher judges it with the subscription's policy. */
export interface SendResult {
  at: Date;
  durationMs: number;
  statusCode: number | null;
  /** The first RESPONSE_BODY_LIMIT bytes, as UTF-8. */
  responseBody: string | null;
  retryAfter: string | undefined;
  /**
   * Set when no HTTP answer came back. `blockedAddress` (the resolved address the SSRF
   * guard refused) is for the server's log only: the attempt log shows `detail`.
   */
  failure: { error: 'timeout' | 'connection' | 'tls' | 'blocked'; detail: string; blockedAddress?: string } | null;
}

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  requireHttps: boolean;
}

export interface Sender {
  send(request: SendRequest): Promise<SendResult>;
  close(): Promise<void>;
}

export const RESPONSE_BODY_LIMIT = 4096;

class AttemptTimeout extends Error {
  override name = 'AttemptTimeout';
}

/**
 * POSTs deliveries. The agent's `lookup` runs the SSRF guard on the addresses the socket
 * will actually use, so a name that resolved to a public address at one moment cannot be
 * rebound to a private one for the connection. IP literals never reach `lookup`, so they
 * are judged before the request. Redirects are not followed (undici's default).
 */
export function createSender(options: { timeoutMs: number; allowPrivate: boolean; lookup?: LookupAll; ca?: string[] }): Sender {
  const agent = new Agent({
    connect: { lookup: guardedLookup(options.allowPrivate, options.lookup), ca: options.ca ?? trustedCertificates() },
    keepAliveTimeout: 4_000,
  });
  // Destinations that passed checkDestination, which depends only on the URL and the rule
  // (no DNS: names are judged at connect, in the agent's lookup); a subscription's URL is
  // judged once, not at every delivery. Bounded: a process serving many cycles it.
  const passed = new Set<string>();
  return {
    send: (input) => send(agent, options, input, passed),
    close: () => agent.close(),
  };
}

const PASSED_LIMIT = 10_000;

async function send(agent: Agent, options: { timeoutMs: number; allowPrivate: boolean }, input: SendRequest, passed: Set<string>): Promise<SendResult> {
  const at = new Date();
  const started = performance.now();
  const finish = (result: Omit<SendResult, 'at' | 'durationMs'>): SendResult => ({
    at,
    durationMs: Math.round(performance.now() - started),
    ...result,
  });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new AttemptTimeout(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
  try {
    const destination = `${input.requireHttps ? 'https-only' : 'any'} ${input.url}`;
    if (!passed.has(destination)) {
      await checkDestination(input, options.allowPrivate);
      if (passed.size >= PASSED_LIMIT) passed.clear();
      passed.add(destination);
    }
    const response = await request(input.url, {
      method: 'POST',
      headers: input.headers,
      body: input.body,
      dispatcher: agent,
      signal: controller.signal,
    });
    const responseBody = await readPrefix(response.body, RESPONSE_BODY_LIMIT);
    const retryAfter = response.headers['retry-after'];
    return finish({
      statusCode: response.statusCode,
      responseBody,
      retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
      failure: null,
    });
  } catch (error) {
    const reason = controller.signal.aborted ? controller.signal.reason : error;
    return finish({ statusCode: null, responseBody: null, retryAfter: undefined, failure: classify(reason) });
  } finally {
    clearTimeout(timer);
  }
}

/** The URL's own rules, and IP literals (which skip DNS and so the agent's lookup). */
async function checkDestination(input: SendRequest, allowPrivate: boolean): Promise<void> {
  const check = checkDestinationUrl(input.url, { allowPrivate, requireHttps: input.requireHttps });
  if (!check.ok) throw new BlockedDestinationError(input.url, undefined, check.reason);
  const host = check.url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) await resolvePublicAddresses(host, { allowPrivate });
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

function guardedLookup(allowPrivate: boolean, lookup?: LookupAll) {
  return (hostname: string, options: { family?: number | string; all?: boolean }, callback: LookupCallback): void => {
    resolvePublicAddresses(hostname, { allowPrivate }, lookup).then(
      (addresses) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const usable = family === 4 || family === 6 ? addresses.filter((entry) => entry.family === family) : addresses;
        if (usable.length === 0) return callback(new Error(`${hostname} has no IPv${family} address`), []);
        if (options.all) return callback(null, usable);
        return callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: Error) => callback(error, []),
    );
  };
}

const UTF8 = new TextDecoder();

async function readPrefix(body: AsyncIterable<Buffer> & { destroy(): void }, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) {
      // The rest is not recorded: stop reading rather than download a large body.
      body.destroy();
      break;
    }
  }
  return UTF8.decode(Buffer.concat(chunks).subarray(0, limit));
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL_)/;

function classify(error: unknown): NonNullable<SendResult['failure']> {
  const chain = causes(error);
  const detail = chain.map((entry) => entry.message).filter(Boolean)[0] ?? String(error);
  const blocked = chain.find((entry) => entry instanceof BlockedDestinationError);
  if (blocked) return { error: 'blocked', detail, blockedAddress: blocked.address };
  if (chain.some((entry) => entry instanceof AttemptTimeout)) return { error: 'timeout', detail };
  if (chain.some((entry) => TLS_CODE.test(String((entry as { code?: unknown }).code ?? '')))) return { error: 'tls', detail };
  return { error: 'connection', detail };
}

function causes(error: unknown): Error[] {
  const chain: Error[] = [];
  let current = error;
  while (current instanceof Error && chain.length < 10) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}
