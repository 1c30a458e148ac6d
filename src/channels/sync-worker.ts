import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import { listen, type Listener } from '../db/listener.js';
import { storableText } from '../db/storable-text.js';
import { Coalesced } from '../kernel/coalesced.js';
import type { Worker } from '../kernel/workers.js';
import { leaseMsFor } from '../webhooks/dispatcher.js';
import { FairClaimLoop } from '../webhooks/fair-claim-loop.js';
import { sharedFairShare } from '../webhooks/fair-share.js';
import { retryAfterMs, retryDelayMs } from '../webhooks/retry-schedule.js';
import { CredentialRenewals } from './credential-renewal.js';
import { PlatformClient, PlatformError } from './platform-http.js';
import { sessionFor } from './platform-session.js';
import { NothingToPush, push } from './sync-push.js';
import { SYNC_NOTIFY_CHANNEL } from './sync-enqueue.js';
import { claimDueSyncs, recordSyncAttempt, type ClaimedSync, type SyncAttemptEnd } from './sync-queue.js';

const POLL_MS = 1000;
const RETRY_AFTER_MAX_MS = 3_600_000;

/**
 * Sends the sync queue's values to the platforms (docs/channels.md, "The sync queue"):
 * claims due rows by the webhook dispatcher's fair claim (FairClaimLoop), up to
 * WEBHOOK_CONCURRENCY at once, its attempts counted in the same per-process ledger as the
 * dispatcher's (a seller's caps hold over both). Woken by NOTIFY when values are queued,
 * by each attempt's end, by a timer for the next retry due, and a 1 s poll.
 */
export class SyncWorker implements Worker {
  readonly name = 'channel-sync';
  private readonly client: PlatformClient;
  private readonly renewals = new CredentialRenewals();
  private readonly leaseMs: number;
  private readonly slots: FairClaimLoop<ClaimedSync>;
  private readonly claim = new Coalesced(() => this.claimAndSend());
  private listener: Listener | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private dueTimer: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(private readonly deps: { config: Config; orm: Orm; logger: Logger }) {
    const { config } = deps;
    this.client = new PlatformClient({ timeoutMs: config.channelTimeoutMs, allowPrivate: config.webhookAllowPrivateTargets });
    // Longer than any request can take: a lease runs out only when its worker died or stalled.
    this.leaseMs = leaseMsFor(config.channelTimeoutMs);
    this.slots = new FairClaimLoop({
      concurrency: config.webhookConcurrency,
      headroom: Math.min(config.webhookReservedSlots, config.webhookConcurrency),
      shares: sharedFairShare(deps, { perDestination: config.webhookDestinationMaxInFlight, perSeller: config.webhookSellerMaxInFlight }),
      claim: (limit, shares) => claimDueSyncs(this.deps.orm.em.fork(), limit, this.leaseMs, shares),
      holder: (sync) => ({ sellerId: sync.connection.seller_id, destination: sync.connection.id }),
      attempt: (sync) => this.attempt(sync),
      ended: () => this.wake(),
    });
  }

  async start(): Promise<void> {
    // Values queued, a reconnection that may have missed some, the poll and a retry falling
    // due may each bring work a futile fair claim did not see.
    const newWork = () => {
      this.slots.forgetFutile();
      this.wake();
    };
    this.listener = await listen({
      channel: SYNC_NOTIFY_CHANNEL,
      databaseUrl: this.deps.orm.config.get('clientUrl')!,
      onNotification: newWork,
      onReconnect: newWork,
      logger: this.deps.logger,
    });
    this.pollTimer = setInterval(newWork, POLL_MS);
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.slots.stop();
    clearInterval(this.pollTimer);
    clearTimeout(this.dueTimer);
    await this.listener?.close();
    await this.claim.idle();
    await this.slots.drained();
    await this.client.close();
  }

  private wake(): void {
    if (!this.stopping) this.claim.trigger();
  }

  private async claimAndSend(): Promise<void> {
    try {
      if (this.slots.freeSlots() <= 0) return;
      // With attempts under way, their ends trigger the next claim.
      if (!(await this.slots.claimFairly())) await this.wakeWhenNextDue();
    } catch (error) {
      this.deps.logger.error({ err: error }, 'channel sync claim failed; the poll retries');
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
      const session = sessionFor(em, this.client, secretsKey, this.renewals, sync.connection);
      http = session.context.http;
      const result = await push(sync, session, em);
      end = { outcome: 'succeeded', ...result, answer: this.answerOf(http, started), error: null };
    } catch (error) {
      end = this.failure(sync, error, this.answerOf(http, started));
    }
    try {
      const recorded = await recordSyncAttempt(em, sync, end, at);
      if (recorded === 'lost') this.deps.logger.warn({ syncId: sync.syncId }, 'channel sync attempt not recorded: its lease was taken over');
      // Its row is due again under a key that may not be at its cap: a futile claim did not see it.
      if (recorded === 'dueAgain') this.slots.forgetFutile();
    } catch (error) {
      this.deps.logger.error({ err: error, syncId: sync.syncId }, 'channel sync attempt not recorded; the lease runs out and it is made again');
    }
  }

  /** The whole push's duration; status and body of its last request. */
  private answerOf(http: { last?: SyncAttemptEnd['answer'] }, started: number): SyncAttemptEnd['answer'] {
    return { statusCode: http.last?.statusCode ?? null, responseBody: http.last?.responseBody ?? null, durationMs: Math.round(performance.now() - started) };
  }

  /**
   * 401/403 pause (the connection becomes `unauthorized` unless its credentials changed
   * since those refused were read; the value waits for credentials that work); no answer,
   * 429 and 5xx retry on the webhooks' backoff up to WEBHOOK_MAX_ATTEMPTS, a 429 after its
   * Retry-After, for which the whole connection waits; anything else the platform refused
   * fails the round (a newer value starts another).
   */
  private failure(sync: ClaimedSync, error: unknown, answer: SyncAttemptEnd['answer']): SyncAttemptEnd {
    const detail = `${sync.connection.platform}: ${storableText(error instanceof Error ? error.message : String(error))!.slice(0, 1000)}`;
    if (!(error instanceof PlatformError)) {
      if (!(error instanceof NothingToPush)) this.deps.logger.error({ err: error, syncId: sync.syncId }, 'channel sync failed');
      return { outcome: 'failed', sent: null, answer, error: { kind: error instanceof NothingToPush ? 'unlinked' : 'internal', detail } };
    }
    const kind = error.failure === 'status' && error.status === 422 ? 'refused' : error.failure;
    if (error.unauthorized) return { outcome: 'paused', sent: null, answer, error: { kind, detail }, refusedSeal: sync.connection.sealed };
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
    this.dueTimer = setTimeout(() => {
      this.slots.forgetFutile();
      this.wake();
    }, Math.max(0, Math.ceil(ms)));
  }
}
