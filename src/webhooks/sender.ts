import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, type Dispatcher } from 'undici';
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
 * are judged before the request. Redirects are not followed (a dispatch never follows them).
 */
export function createSender(options: { timeoutMs: number; allowPrivate: boolean; lookup?: LookupAll; ca?: string[] }): Sender {
  const agent = guardedAgent(options);
  // Destinations that passed checkDestination, which depends only on the URL and the rule
  // (no DNS: names are judged at connect, in the agent's lookup), with the origin and path
  // the request goes to: a subscription's URL is judged and parsed once, not at every
  // delivery. Bounded: a process serving many cycles it.
  const passed = new Map<string, Target>();
  return {
    send: (input) => send(agent, options, input, passed),
    close: () => agent.close(),
  };
}

const PASSED_LIMIT = 10_000;

interface Target {
  origin: string;
  path: string;
}

/** What the receiver answered, before it is timed and classified. */
type Answer = Pick<SendResult, 'statusCode' | 'responseBody' | 'retryAfter'>;

async function send(agent: Agent, options: { timeoutMs: number; allowPrivate: boolean }, input: SendRequest, passed: Map<string, Target>): Promise<SendResult> {
  const at = new Date();
  const started = performance.now();
  const finish = (result: Omit<SendResult, 'at' | 'durationMs'>): SendResult => ({
    at,
    durationMs: Math.round(performance.now() - started),
    ...result,
  });
  try {
    const destination = `${input.requireHttps ? 'https-only' : 'any'} ${input.url}`;
    let target = passed.get(destination);
    if (!target) {
      target = await checkDestination(input, options.allowPrivate);
      if (passed.size >= PASSED_LIMIT) passed.clear();
      passed.set(destination, target);
    }
    const answer = await post(agent, target, input, options.timeoutMs);
    return finish({ ...answer, failure: null });
  } catch (error) {
    return finish({ statusCode: null, responseBody: null, retryAfter: undefined, failure: classify(error) });
  }
}

/**
 * One POST as a bare dispatch: the answer's first RESPONSE_BODY_LIMIT bytes are kept as
 * they arrive, without the stream, abort signal and async iteration `request` builds
 * around every call (a fifth of the dispatcher's CPU per delivery). The timeout covers
 * the whole attempt, the body included; it ends the connection, as a body cut at the
 * limit does (the rest is not read).
 */
function post(agent: Agent, target: Target, input: SendRequest, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let timedOut: AttemptTimeout | undefined;
    let settled = false;
    let statusCode = 0;
    let retryAfter: string | undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error: unknown, answer?: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (answer) resolve(answer);
      else reject(error);
    };
    const answered = () => settle(null, { statusCode, responseBody: UTF8.decode(Buffer.concat(chunks, size).subarray(0, RESPONSE_BODY_LIMIT)), retryAfter });
    const timer = setTimeout(() => {
      timedOut = new AttemptTimeout(`no answer within ${timeoutMs} ms`);
      // Before the request has a connection there is nothing to end yet: it ends as it gets one.
      controller?.abort(timedOut);
      settle(timedOut);
    }, timeoutMs);
    agent.dispatch(
      { origin: target.origin, path: target.path, method: 'POST', headers: input.headers, body: input.body },
      {
        onRequestStart: (started) => {
          controller = started;
          if (timedOut) started.abort(timedOut);
        },
        onResponseStart: (_controller, code, headers) => {
          statusCode = code;
          const value = headers['retry-after'];
          retryAfter = Array.isArray(value) ? value[0] : value;
        },
        onResponseData: (current, chunk) => {
          if (settled) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_BODY_LIMIT) {
            answered();
            // The rest is not recorded: stop reading rather than download a large body.
            current.abort(new Error('response body limit reached'));
          }
        },
        onResponseEnd: answered,
        onResponseError: (_controller, error) => settle(timedOut ?? error),
      },
    );
  });
}

/** The URL's own rules, and IP literals (which skip DNS and so the agent's lookup). */
async function checkDestination(input: SendRequest, allowPrivate: boolean): Promise<Target> {
  const check = checkDestinationUrl(input.url, { allowPrivate, requireHttps: input.requireHttps });
  if (!check.ok) throw new BlockedDestinationError(input.url, undefined, check.reason);
  const host = check.url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) await resolvePublicAddresses(host, { allowPrivate });
  return { origin: check.url.origin, path: `${check.url.pathname}${check.url.search}` };
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * An undici agent whose connections go only where the SSRF guard allows (unless
 * `allowPrivate`): the same rule and trust store as deliveries, for other outbound calls
 * (the channel connectors' platform requests). IP literals skip `lookup`: callers judge
 * them first with checkDestinationUrl and resolvePublicAddresses.
 */
export function guardedAgent(options: { allowPrivate: boolean; lookup?: LookupAll; ca?: string[] }): Agent {
  return new Agent({
    connect: { lookup: guardedLookup(options.allowPrivate, options.lookup), ca: options.ca ?? trustedCertificates() },
    keepAliveTimeout: 4_000,
  });
}

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
