import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { generateWebhookSecret } from '../webhooks/signing.js';
import { retryDelayMs, type BackoffOptions } from '../webhooks/retry-schedule.js';
import { reportLine } from './event-lines.js';
import { forwardEnvelope, succeeded, type Envelope } from './forwarder.js';
import { bearer, SettingsError, type ApiSettings } from './ponte-api.js';

export interface ListenOptions {
  settings: ApiSettings;
  forwardTo: string;
  /** `whsec_…` to sign with, and where it came from; a new one is made (and printed) otherwise. */
  secret?: { value: string; from: '--secret' | 'PONTE_WEBHOOK_SECRET' };
  /** Event names (`pedido.criado`); every event the token may read otherwise. */
  events?: string[];
  /** Replay from after this event id, or from this instant. */
  since?: string;
  json: boolean;
  color: boolean;
  /** Retry failed forwards on the dispatcher's schedule. */
  retry: boolean;
  /** Forward a live seller's events too (refused otherwise). */
  live: boolean;
  delivery: { timeoutMs: number; maxAttempts: number; backoff: BackoffOptions };
  /** Where event lines go (stdout). */
  out(line: string): void;
  /** Where everything else goes (stderr): the banner, drops and reconnections. */
  note(line: string): void;
  signal: AbortSignal;
}

const SUBSCRIPTION = `subscription PonteListen($types: [EventType!], $after: ID) {
  events(types: $types, after: $after) { id evento dataHora data }
}`;
const VIEWER = '{ viewer { sandbox seller { name } } }';

/** Close codes after which connecting again cannot help: the token is refused. */
const REFUSED = new Map([
  [4401, 'PONTE_TOKEN was refused: unknown, revoked or malformed'],
  [4403, 'PONTE_TOKEN may not read live events (it needs orders:read or catalog:read), or was revoked'],
]);
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const RECONNECT_MS = { first: 500, max: 10_000 };
/** Ids remembered to drop an event delivered twice (a replay overlapping what arrived live). */
const REMEMBERED_IDS = 20_000;

/**
 * `--since`: an event id as it is, an instant as the smallest UUID v7 of its millisecond,
 * which the live feed takes as that point in time.
 */
export function afterOf(since: string): string {
  if (UUID_V7.test(since)) return since.toLowerCase();
  const at = Date.parse(since);
  if (Number.isNaN(at)) throw new SettingsError(`--since takes an event id (UUID) or an instant (2026-01-02T03:04:05Z), not "${since}"`);
  return uuidAt(at);
}

function uuidAt(ms: number): string {
  const hex = Math.max(0, ms).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

/** An event name as the GraphQL EventType value: every character outside [A-Za-z0-9_] becomes `_`. */
export const eventTypeOf = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_');

function checkOptions(options: ListenOptions): void {
  let target: URL;
  try {
    target = new URL(options.forwardTo);
  } catch {
    throw new SettingsError(`--forward-to must be a URL (http://127.0.0.1:3000/hook), not "${options.forwardTo}"`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new SettingsError('--forward-to must be an http:// or https:// URL');
  if (options.secret !== undefined && !/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/.test(options.secret.value)) {
    throw new SettingsError(`${options.secret.from} must be a Standard Webhooks secret: whsec_ followed by base64 (at least 24 bytes)`);
  }
}

/**
 * How one connection ended. `beyond-replay`: the service cannot replay from the point
 * asked (too old, or too many events since).
 */
type Ending =
  | { kind: 'stopped' }
  | { kind: 'fatal'; message: string }
  | { kind: 'dropped'; reason: string; waitMs?: number }
  | { kind: 'beyond-replay'; message: string };

/**
 * `ponte listen`: follows the seller's events over graphql-ws and forwards each to a local
 * receiver signed as the dispatcher signs webhooks. After a drop it connects again and
 * resumes after the last event it received (the live feed replays what committed since),
 * dropping any id it already had, so each event is forwarded once; a service that answers
 * UNAVAILABLE is tried again like a drop, and a replay it refuses after a drop (beyond its
 * window) is reported as a gap and listening goes on live. Resolves with the exit code: 0
 * when stopped (Ctrl-C), 1 when the service refuses the token, the arguments or `--since`.
 */
export async function listen(options: ListenOptions): Promise<number> {
  checkOptions(options);
  const secret = options.secret?.value ?? generateWebhookSecret();
  const types = options.events?.map(eventTypeOf);
  const seen = new Set<string>();
  const forwarder = new Forwarder(options, secret);
  let after = options.since !== undefined ? afterOf(options.since) : undefined;
  let connected = false;
  let failures = 0;
  /** Until an event arrives or a connection that was up drops, a replay refused is `--since`'s, which cannot be honoured. */
  let replayingSince = options.since !== undefined;

  while (!options.signal.aborted) {
    const startedAt = Date.now();
    const ending = await session({
      options,
      variables: () => ({ types, after }),
      onReady: async (viewer) => {
        if (!viewer.sandbox && !options.live) {
          return `PONTE_TOKEN belongs to a live seller (${viewer.seller.name}): ponte listen forwards a sandbox seller's events (tokens ponte_sk_test_…); add --live to forward a live seller's`;
        }
        if (!connected) printBanner(options, secret, viewer);
        else options.note(`reconnected; replaying what happened since ${after ?? 'the drop'}`);
        // Without --since and before any event, a drop resumes from when listening began.
        after ??= uuidAt(Date.now());
        connected = true;
        return undefined;
      },
      onEvent: (envelope) => {
        after = envelope.id;
        replayingSince = false;
        failures = 0;
        if (seen.has(envelope.id)) return;
        remember(seen, envelope.id);
        forwarder.push(envelope, 1);
      },
    });
    if (ending.kind === 'stopped') break;
    if (ending.kind === 'beyond-replay' && !replayingSince) {
      // What happened while disconnected is lost to listen, not to the service: say so and follow on from now.
      options.note(`ponte listen: cannot replay what happened since ${after} (${ending.message}); those events are not forwarded (the API's queries have them); going on live`);
      after = uuidAt(Date.now());
      continue;
    }
    if (ending.kind === 'fatal' || ending.kind === 'beyond-replay') {
      options.note(`ponte listen: ${ending.kind === 'beyond-replay' ? `--since ${options.since}: ` : ''}${ending.message}`);
      forwarder.stop();
      return 1;
    }
    if (connected) replayingSince = false;
    // Answering who the token is does not make a connection good (the subscription may still
    // be refused, UNAVAILABLE): waits grow until one delivers events or lasts a while.
    if (Date.now() - startedAt >= RECONNECT_MS.max) failures = 0;
    failures += 1;
    const waitMs = ending.waitMs ?? Math.min(RECONNECT_MS.max, RECONNECT_MS.first * 2 ** (failures - 1));
    options.note(`${connected ? 'connection lost' : 'cannot connect'} (${ending.reason}); trying again in ${Math.round(waitMs / 100) / 10} s`);
    await sleep(waitMs, options.signal);
  }
  forwarder.stop();
  options.note('ponte listen: stopped');
  return 0;
}

function remember(seen: Set<string>, id: string): void {
  seen.add(id);
  if (seen.size > REMEMBERED_IDS) seen.delete(seen.values().next().value!);
}

function printBanner(options: ListenOptions, secret: string, viewer: Viewer): void {
  const events = options.events?.join(', ') ?? 'every event the token may read';
  const origin = options.secret
    ? `from ${options.secret.from}; the receiver verifies the Standard Webhooks signature with it`
    : 'new at each start: the receiver verifies the Standard Webhooks signature with it; PONTE_WEBHOOK_SECRET or --secret keeps one';
  options.note(
    [
      `ponte listen: forwarding the events of ${viewer.seller.name}${viewer.sandbox ? ' (sandbox)' : ' (LIVE seller)'} to ${options.forwardTo}`,
      `  signing secret: ${secret}`,
      `  (${origin})`,
      `  events: ${events}${options.since ? `, replaying from ${options.since}` : ''}`,
      '  Ctrl-C to stop',
    ].join('\n'),
  );
}

interface Viewer {
  sandbox: boolean;
  seller: { name: string };
}

interface SessionHooks {
  options: ListenOptions;
  variables(): Record<string, unknown>;
  /** Called once connected; a message refuses to go on. */
  onReady(viewer: Viewer): Promise<string | undefined>;
  onEvent(envelope: Envelope): void;
}

/** One connection: asks who the token is, subscribes, and resolves when it ends. */
async function session(hooks: SessionHooks): Promise<Ending> {
  const { options } = hooks;
  const client = createClient({
    url: options.settings.wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: bearer(options.settings) },
    retryAttempts: 0,
    keepAlive: 10_000,
  });
  return new Promise<Ending>((resolve) => {
    let ended = false;
    const end = (ending: Ending) => {
      if (ended) return;
      ended = true;
      options.signal.removeEventListener('abort', stop);
      void client.dispose();
      resolve(ending);
    };
    const stop = () => end({ kind: 'stopped' });
    options.signal.addEventListener('abort', stop);
    void (async () => {
      try {
        const viewer = await queryViewer(client);
        const refusal = await hooks.onReady(viewer);
        if (refusal) return end({ kind: 'fatal', message: refusal });
        client.subscribe<{ events: Envelope }>(
          { query: SUBSCRIPTION, variables: hooks.variables() },
          {
            next: (result) => {
              if (result.data?.events) hooks.onEvent(result.data.events);
            },
            error: (error) => end(endingOf(error)),
            complete: () => end({ kind: 'dropped', reason: 'the service ended the subscription' }),
          },
        );
      } catch (error) {
        end(endingOf(error));
      }
    })();
  });
}

function queryViewer(client: Client): Promise<Viewer> {
  return new Promise((resolve, reject) => {
    let viewer: Viewer | undefined;
    client.subscribe<{ viewer: Viewer }>(
      { query: VIEWER },
      {
        next: (result) => {
          if (result.errors?.length) reject(result.errors);
          viewer = result.data?.viewer ?? undefined;
        },
        error: reject,
        complete: () => (viewer ? resolve(viewer) : reject(new Error('the service did not say who the token is'))),
      },
    );
  });
}

interface GraphQLErrorLike {
  message: string;
  extensions?: { code?: string; retryAfterSeconds?: number };
}

/** What a subscription error or a closed socket means for listening. */
function endingOf(error: unknown): Ending {
  if (Array.isArray(error)) {
    const [first] = error as GraphQLErrorLike[];
    const code = first?.extensions?.code;
    if (code === 'RATE_LIMITED') return { kind: 'dropped', reason: first!.message, waitMs: (first!.extensions!.retryAfterSeconds ?? 5) * 1000 };
    // The service is up but cannot serve events right now (its database or event feed): as good as a drop.
    if (code === 'UNAVAILABLE') return { kind: 'dropped', reason: first!.message };
    if (code === 'REPLAY_WINDOW_EXCEEDED') return { kind: 'beyond-replay', message: first!.message };
    return { kind: 'fatal', message: (error as GraphQLErrorLike[]).map((item) => `${item.extensions?.code ?? 'ERROR'}: ${item.message}`).join('; ') };
  }
  const close = error as { code?: number; reason?: string; message?: string };
  if (typeof close.code === 'number') {
    const refused = REFUSED.get(close.code);
    if (refused) return { kind: 'fatal', message: `${refused}${close.reason ? ` (${close.reason})` : ''}` };
    if (close.code === 4429) return { kind: 'dropped', reason: close.reason || 'too many connections', waitMs: RECONNECT_MS.max };
    return { kind: 'dropped', reason: `closed ${close.code}${close.reason ? `: ${close.reason}` : ''}` };
  }
  const cause = (error as { error?: { code?: string; message?: string } }).error;
  return { kind: 'dropped', reason: cause?.code ?? cause?.message ?? close.message ?? 'the connection failed' };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * Forwards events one at a time, in the order they came, so the receiver sees an order's
 * events in commit order. A failed forward is reported and, with --retry, tried again
 * later on the dispatcher's schedule without holding up the events behind it.
 */
class Forwarder {
  private chain: Promise<void> = Promise.resolve();
  private readonly retries = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly options: ListenOptions,
    private readonly secret: string,
  ) {}

  push(envelope: Envelope, attempt: number): void {
    this.chain = this.chain.then(() => this.deliver(envelope, attempt));
  }

  private async deliver(envelope: Envelope, attempt: number): Promise<void> {
    if (this.stopped) return;
    const { delivery, retry } = this.options;
    const result = await forwardEnvelope(this.options.forwardTo, envelope, { secret: this.secret, attempt, timeoutMs: delivery.timeoutMs });
    if (this.stopped) return;
    const retryInMs = !succeeded(result) && retry && attempt < delivery.maxAttempts ? retryDelayMs(attempt, delivery.backoff) : undefined;
    if (retryInMs !== undefined) {
      const timer = setTimeout(() => {
        this.retries.delete(timer);
        this.push(envelope, attempt + 1);
      }, retryInMs);
      this.retries.add(timer);
    }
    this.options.out(reportLine({ envelope, result, attempt, retryInMs }, this.options));
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.retries) clearTimeout(timer);
  }
}
