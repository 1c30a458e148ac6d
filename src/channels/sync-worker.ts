import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import { listen, type Listener } from '../db/listener.js';
import { storableText } from '../db/storable-text.js';
import type { Worker } from '../kernel/workers.js';
import { leaseMsFor } from '../webhooks/dispatcher.js';
import { sharedFairShare, type FairShare, type Holder } from '../webhooks/fair-share.js';
import { retryAfterMs, retryDelayMs } from '../webhooks/retry-schedule.js';
import { PlatformClient, PlatformError } from './platform-http.js';
import { sessionFor } from './platform-session.js';
import { NothingToPush, push } from './sync-push.js';
import { SYNC_NOTIFY_CHANNEL } from './sync-enqueue.js';
import { claimDueSyncs, recordSyncAttempt, type ClaimedSync, type SyncAttemptEnd } from './sync-queue.js';

const POLL_MS = 1000;
const RETRY_AFTER_MAX_MS = 3_600_000;

/**
 * Sends the sync queue's values to the platforms (docs/channels.md, "The sync queue"):
 * claims due rows fairly, up to WEBHOOK_CONCURRENCY at once, its attempts counted in the
 * same per-process ledger as the webhook dispatcher's (a seller's caps hold over both);
 * when nothing under the caps is left, idle slots beyond WEBHOOK_RESERVED_SLOTS go over
 * them, least loaded first, as the dispatcher's do. Woken by NOTIFY when values are
 * queued, by each attempt's end, by a timer for the next retry due, and a 1 s poll.
 */
export class SyncWorker implements Worker {
  readonly name = 'channel-sync';
  private readonly client: PlatformClient;
  private readonly shares: FairShare;
  private readonly concurrency: number;
  private readonly headroom: number;
  private readonly leaseMs: number;
  private readonly inFlight = new Set<Promise<void>>();
  private listener: Listener | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private dueTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopping = false;

  constructor(private readonly deps: { config: Config; orm: Orm; logger: Logger }) {
    const { config } = deps;
    this.client = new PlatformClient({ timeoutMs: config.channelTimeoutMs, allowPrivate: config.webhookAllowPrivateTargets });
    this.shares = sharedFairShare(deps, { perDestination: config.webhookDestinationMaxInFlight, perSeller: config.webhookSellerMaxInFlight });
    this.concurrency = config.webhookConcurrency;
    this.headroom = Math.min(config.webhookReservedSlots, this.concurrency);
    // Longer than any request can take: a lease runs out only when its worker died or stalled.
    this.leaseMs = leaseMsFor(config.channelTimeoutMs);
  }

  async start(): Promise<void> {
    this.listener = await listen({
      channel: SYNC_NOTIFY_CHANNEL,
      databaseUrl: this.deps.orm.config.get('clientUrl')!,
      onNotification: () => this.wake(),
      onReconnect: () => this.wake(),
      logger: this.deps.logger,
    });
    this.pollTimer = setInterval(() => this.wake(), POLL_MS);
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.pollTimer);
    clearTimeout(this.dueTimer);
    await this.listener?.close();
    while (this.running) await this.running;
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
    await this.client.close();
  }

  /** Resolves once no claim runs and no attempt is in flight (tests, benches). */
  async idle(): Promise<void> {
    while (this.running || this.inFlight.size > 0) await Promise.all([this.running, ...this.inFlight]);
  }

  wake(): void {
    if (this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.claimAndSend().finally(() => {
      this.running = undefined;
      if (this.again && !this.stopping) {
        this.again = false;
        this.wake();
      }
    });
  }

  private freeSlots(): number {
    return this.stopping ? 0 : this.concurrency - this.inFlight.size;
  }

  /** The dispatcher's claim loop (src/webhooks/dispatcher.ts, claimAndSend) over the sync queue. */
  private async claimAndSend(): Promise<void> {
    try {
      const em = this.deps.orm.em.fork();
      let free = this.freeSlots();
      if (free <= 0) return;
      let claimedAny = false;
      for (;;) {
        const fullBefore = this.shares.fullCount();
        const claimed = await claimDueSyncs(em, free, this.leaseMs, this.shares.shares());
        this.send(claimed);
        claimedAny ||= claimed.length > 0;
        free = this.freeSlots();
        if (claimed.length === 0 || free <= 0 || this.shares.fullCount() <= fullBefore) break;
      }
      if (free > this.headroom) {
        const borrowed = await claimDueSyncs(em, free - this.headroom, this.leaseMs, this.shares.beyondCaps());
        this.send(borrowed);
        claimedAny ||= borrowed.length > 0;
      }
      if (!claimedAny) await this.wakeWhenNextDue();
    } catch (error) {
      this.deps.logger.error({ err: error }, 'channel sync claim failed; the poll retries');
    }
  }

  private send(claimed: readonly ClaimedSync[]): void {
    for (const sync of claimed) {
      const holder: Holder = { sellerId: sync.connection.seller_id, destination: sync.connection.id };
      this.shares.take(holder);
      const attempt = this.attempt(sync).finally(() => {
        this.inFlight.delete(attempt);
        this.shares.release(holder);
        this.wake();
      });
      this.inFlight.add(attempt);
    }
  }

  private async attempt(sync: ClaimedSync): Promise<void> {
    const em = this.deps.orm.em.fork();
    const at = new Date();
    const started = performance.now();
    let end: SyncAttemptEnd;
    let http: { last?: SyncAttemptEnd['answer'] } = {};
    try {
      const secretsKey = this.deps.config.secretsKey;
      if (!secretsKey) throw new PlatformError('connection', 'SECRETS_KEY is not set: the connection\'s credentials cannot be opened');
      const session = sessionFor(em, this.client, secretsKey, sync.connection);
      http = session.context.http;
      const result = await push(sync, session, em);
      end = { outcome: 'succeeded', ...result, answer: this.answerOf(http, started), error: null };
    } catch (error) {
      end = this.failure(sync, error, this.answerOf(http, started));
    }
    try {
      const recorded = await recordSyncAttempt(em, sync, end, at);
      if (!recorded) this.deps.logger.warn({ syncId: sync.syncId }, 'channel sync attempt not recorded: its lease was taken over');
    } catch (error) {
      this.deps.logger.error({ err: error, syncId: sync.syncId }, 'channel sync attempt not recorded; the lease runs out and it is made again');
    }
  }

  /** The whole push's duration; status and body of its last request. */
  private answerOf(http: { last?: SyncAttemptEnd['answer'] }, started: number): SyncAttemptEnd['answer'] {
    return { statusCode: http.last?.statusCode ?? null, responseBody: http.last?.responseBody ?? null, durationMs: Math.round(performance.now() - started) };
  }

  /**
   * 401/403 pause (the connection becomes `unauthorized`; the value waits for new
   * credentials); no answer, 429 and 5xx retry on the webhooks' backoff up to
   * WEBHOOK_MAX_ATTEMPTS, a 429 after its Retry-After, for which the whole connection
   * waits; anything else the platform refused fails the round (a newer value starts another).
   */
  private failure(sync: ClaimedSync, error: unknown, answer: SyncAttemptEnd['answer']): SyncAttemptEnd {
    const detail = `${sync.connection.platform}: ${storableText(error instanceof Error ? error.message : String(error))!.slice(0, 1000)}`;
    if (!(error instanceof PlatformError)) {
      if (!(error instanceof NothingToPush)) this.deps.logger.error({ err: error, syncId: sync.syncId }, 'channel sync failed');
      return { outcome: 'failed', sent: null, answer, error: { kind: error instanceof NothingToPush ? 'unlinked' : 'internal', detail } };
    }
    const kind = error.failure === 'status' && error.status === 422 ? 'refused' : error.failure;
    if (error.unauthorized) return { outcome: 'paused', sent: null, answer, error: { kind, detail }, unauthorized: true };
    const { config } = this.deps;
    const retryable = error.transient || error.failure === 'blocked';
    if (!retryable || sync.attemptsInRound + 1 >= config.webhookMaxAttempts) return { outcome: 'failed', sent: null, answer, error: { kind, detail } };
    const backoff = { baseMs: config.webhookBackoffBaseMs, maxMs: config.webhookBackoffMaxMs };
    // What the platform asks is honoured up to an hour, whatever the backoff's own cap.
    const asked = error.status === 429 ? retryAfterMs(error.retryAfter ?? '0', new Date(), { minMs: backoff.baseMs, maxMs: Math.max(backoff.maxMs, RETRY_AFTER_MAX_MS) }) : null;
    return {
      outcome: 'retrying',
      sent: null,
      answer,
      error: { kind, detail },
      retryInMs: asked ?? retryDelayMs(sync.attemptsInRound + 1, backoff),
      pauseMs: asked ?? undefined,
    };
  }

  /** Retries are due at exact times; the poll would stretch short backoffs. */
  private async wakeWhenNextDue(): Promise<void> {
    const [row] = await this.deps.orm.em.fork().execute<{ ms: number | null }[]>(
      `select extract(epoch from min(s.next_attempt_at) - now()) * 1000 as ms from channel_sync s
        where s.status in ('pending', 'retrying') and s.next_attempt_at > now()`,
    );
    const ms = row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
    if (ms === null || ms >= POLL_MS || this.stopping) return;
    clearTimeout(this.dueTimer);
    this.dueTimer = setTimeout(() => this.wake(), Math.max(0, Math.ceil(ms)));
  }
}
