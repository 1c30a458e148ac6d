import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Agent } from 'undici';
import { storableText } from '../db/storable-text.js';
import { checkDestinationUrl, resolvePublicAddresses, type LookupAll } from '../webhooks/ssrf-guard.js';
import { guardedAgent } from '../webhooks/sender.js';

/** One call to a platform's API, its path appended to the connection's `apiBaseUrl`. */
export interface PlatformRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (OAuth token requests). */
  form?: Record<string, string>;
  /** The answer carries credentials (an OAuth token endpoint's): its body is never recorded. */
  secretAnswer?: boolean;
}

export interface PlatformAnswer {
  status: number;
  /** The answer's headers, names lower-cased, the first value of each. */
  headers: Readonly<Record<string, string>>;
  /** The parsed JSON body (null for an empty one). */
  json: unknown;
}

/** What a request got back, for the sync log: status and the body's first 4 KiB (none of a secret answer). */
export interface AnswerRecord {
  statusCode: number | null;
  responseBody: string | null;
  durationMs: number;
}

export type PlatformFailure = 'status' | 'timeout' | 'connection' | 'blocked' | 'redirect' | 'malformed' | 'too_large';

/** The platform did not answer with what was asked: a status outside 2xx, or no usable answer. */
export class PlatformError extends Error {
  override name = 'PlatformError';

  constructor(
    readonly failure: PlatformFailure,
    message: string,
    readonly status: number | null = null,
    readonly retryAfter: string | undefined = undefined,
  ) {
    super(message);
  }

  /** 401/403: the credentials no longer open the platform (the connection becomes `unauthorized`). */
  get unauthorized(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /**
   * Worth trying again later: no answer, 429, 5xx, or a body that is not JSON (a proxy's
   * error page, an answer cut short). A 4xx other than 429, a redirect or an oversized
   * answer will come back the same.
   */
  get transient(): boolean {
    if (this.failure === 'timeout' || this.failure === 'connection' || this.failure === 'malformed') return true;
    return this.status === 429 || (this.status !== null && this.status >= 500);
  }
}

const BODY_LIMIT = 8 * 1024 * 1024;
const RECORD_LIMIT = 4096;

export interface PlatformHttpOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  lookup?: LookupAll;
}

/**
 * The channels' way out to the platforms: one agent whose connections the SSRF guard
 * checks after DNS (as webhook deliveries), a timeout over the whole request, redirects
 * never followed (a 3xx is a failure), and answers read up to 8 MiB, parsed as JSON.
 */
export class PlatformClient {
  private readonly agent: Agent;

  constructor(private readonly options: PlatformHttpOptions) {
    this.agent = guardedAgent({ allowPrivate: options.allowPrivate, lookup: options.lookup });
  }

  /** A client for one connection's API, recording what its requests got back. */
  forBase(apiBaseUrl: string): PlatformHttp {
    return new PlatformHttp(this.agent, apiBaseUrl, this.options);
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

export class PlatformHttp {
  /**
   * What the latest request got (an answer or a failure), for the sync log. Each request
   * replaces it as it starts: an earlier request's answer (a token refresh's) is never
   * shown as the answer of a later one that got none.
   */
  last: AnswerRecord | undefined;

  constructor(
    private readonly agent: Agent,
    readonly apiBaseUrl: string,
    private readonly options: PlatformHttpOptions,
  ) {}

  async request(request: PlatformRequest): Promise<PlatformAnswer> {
    const started = performance.now();
    this.last = undefined;
    let statusCode: number | null = null;
    const record = (body: string | null) => {
      const recorded = request.secretAnswer ? null : body?.slice(0, RECORD_LIMIT);
      this.last = { statusCode, responseBody: storableText(recorded ?? null), durationMs: Math.round(performance.now() - started) };
    };
    const url = new URL(`${this.apiBaseUrl}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
    try {
      await this.checkHost(url);
      const answer = await this.agent.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: { accept: 'application/json', ...contentType(request), ...request.headers },
        body: request.json !== undefined ? JSON.stringify(request.json) : request.form ? new URLSearchParams(request.form).toString() : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      statusCode = answer.statusCode;
      const text = await readLimited(answer.body);
      record(text);
      const headers = firstValues(answer.headers);
      if (statusCode >= 300 && statusCode < 400) throw new PlatformError('redirect', `redirects are not followed (HTTP ${statusCode})`, statusCode);
      if (statusCode < 200 || statusCode >= 300) throw new PlatformError('status', `HTTP ${statusCode}`, statusCode, headers['retry-after']);
      return { status: statusCode, headers, json: parseJson(text) };
    } catch (error) {
      if (!this.last) record(null);
      if (error instanceof PlatformError) throw error;
      const failure = classify(error);
      throw new PlatformError(failure, failure === 'timeout' ? `no answer within ${this.options.timeoutMs} ms` : messageOf(error));
    }
  }

  /** IP literals skip the agent's lookup: judged here, as the webhook sender judges them. */
  private async checkHost(url: URL): Promise<void> {
    const check = checkDestinationUrl(url.toString(), { allowPrivate: this.options.allowPrivate, requireHttps: false });
    if (!check.ok) throw new PlatformError('blocked', `${url.hostname} is not allowed: ${check.reason}`);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      await resolvePublicAddresses(host, { allowPrivate: this.options.allowPrivate }).catch((error: Error) => {
        throw new PlatformError('blocked', error.message);
      });
    }
  }
}

function firstValues(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) values[name.toLowerCase()] = first;
  }
  return values;
}

function contentType(request: PlatformRequest): Record<string, string> {
  if (request.json !== undefined) return { 'content-type': 'application/json' };
  if (request.form) return { 'content-type': 'application/x-www-form-urlencoded' };
  return {};
}

async function readLimited(body: AsyncIterable<Buffer> & { destroy?: (error?: Error) => void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > BODY_LIMIT) {
      body.destroy?.();
      throw new PlatformError('too_large', `the answer exceeds ${BODY_LIMIT} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new PlatformError('malformed', 'the answer is not JSON');
  }
}

function classify(error: unknown): PlatformFailure {
  const chain: unknown[] = [];
  for (let current = error; current instanceof Error && chain.length < 10; current = current.cause) chain.push(current);
  if (chain.some((entry) => (entry as Error).name === 'BlockedDestinationError')) return 'blocked';
  if (chain.some((entry) => ['TimeoutError', 'AbortError'].includes((entry as Error).name) || (entry as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT')) {
    return 'timeout';
  }
  return 'connection';
}

function messageOf(error: unknown): string {
  const chain: string[] = [];
  for (let current = error; current instanceof Error && chain.length < 10; current = current.cause) if (current.message) chain.push(current.message);
  return chain[0] ?? String(error);
}
