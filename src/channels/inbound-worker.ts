import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { forkForSeller, type Orm } from '../db/orm.js';
import { textArray } from '../db/array-literal.js';
import { storableData, storableText } from '../db/storable-text.js';
import { AppError } from '../errors.js';
import { listen, type Listener } from '../db/listener.js';
import { assertValid, compileInput } from '../http/validation.js';
import { Coalesced } from '../kernel/coalesced.js';
import type { Worker } from '../kernel/workers.js';
import { importOrder } from '../orders/order-import.service.js';
import { ChannelOrderSchema, type ChannelOrderInput } from '../orders/orders.schemas.js';
import { FairClaimLoop } from '../webhooks/fair-claim-loop.js';
import { FairShare } from '../webhooks/fair-share.js';
import { retryAfterMs, retryDelayMs } from '../webhooks/retry-schedule.js';
import type { PlatformLine, PlatformOrder } from './connector.js';
import { CredentialRenewals } from './credential-renewal.js';
import { claimDueNotifications, type ClaimedNotification } from './inbound-queue.js';
import { INBOUND_NOTIFY_CHANNEL } from './inbound.service.js';
import { PlatformClient, PlatformError } from './platform-http.js';
import { recordConnectionError, sessionFor, type ConnectionRow } from './platform-session.js';

const channelOrder = compileInput(ChannelOrderSchema);
const POLL_MS = 1000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * How long a claim lasts: ten platform timeouts. An import makes at most seven platform
 * requests (Mercado Livre: a token refresh, the order, a refresh and the order again
 * after a 401, the same for the shipment), each cut at CHANNEL_TIMEOUT_MS, and its
 * database work fits in the rest; so a lease expires only when its worker died or
 * stalled, and another process then takes the notification.
 */
export function inboundLeaseMs(timeoutMs: number): number {
  return 10 * timeoutMs;
}

/**
 * Imports the notifications the inbound URL stored (inbound.service.ts): claimed with
 * SKIP LOCKED under a lease, so any number of processes share the work and one that dies
 * leaves its claim to the next; woken by NOTIFY, by each import's end, with a poll for
 * what a wake-up missed. Claims are fair across sellers and connections (FairClaimLoop,
 * with the connection as the destination): one seller's burst, or a platform slow to
 * answer its order reads, takes at most its caps' share of CHANNEL_INBOUND_CONCURRENCY
 * slots while others have work. The ledger is the worker's own, not the webhooks': an
 * import is a seller's sale coming in, and its slots are this worker's alone, so a
 * seller's slow webhook receivers do not hold its orders back.
 * A platform that does not answer, or answers 429/5xx or a malformed body, is retried
 * with the webhooks' backoff (429 after its Retry-After); 401/403 marks the connection
 * `unauthorized` and the notification waits for new credentials; anything else (an order
 * the normalized model refuses, a redirect, an oversized answer) fails the notification,
 * recorded on it and as the connection's lastError.
 */
export class InboundWorker implements Worker {
  readonly name = 'channel-inbound';
  private listener: Listener | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;
  private readonly client: PlatformClient;
  private readonly renewals = new CredentialRenewals();
  private readonly leaseMs: number;
  private readonly slots: FairClaimLoop<ClaimedNotification>;
  private readonly claim = new Coalesced(() => this.claimAndImport());

  constructor(private readonly deps: { config: Config; orm: Orm; logger: Logger }) {
    const { config } = deps;
    this.leaseMs = inboundLeaseMs(config.channelTimeoutMs);
    this.client = new PlatformClient({ timeoutMs: config.channelTimeoutMs, allowPrivate: config.webhookAllowPrivateTargets });
    this.slots = new FairClaimLoop({
      concurrency: config.channelInboundConcurrency,
      headroom: Math.min(config.channelInboundReservedSlots, config.channelInboundConcurrency),
      shares: new FairShare({ perDestination: config.channelInboundConnectionMaxInFlight, perSeller: config.channelInboundSellerMaxInFlight }),
      claim: (limit, shares) => claimDueNotifications(this.deps.orm.em.fork(), limit, this.leaseMs, shares),
      holder: (notification) => ({ sellerId: notification.seller_id, destination: notification.id }),
      attempt: (notification) => this.attempt(notification),
      ended: () => this.trigger(),
    });
  }

  async start(): Promise<void> {
    this.listener = await listen({
      channel: INBOUND_NOTIFY_CHANNEL,
      databaseUrl: this.deps.orm.config.get('clientUrl')!,
      onNotification: () => this.wake(),
      onReconnect: () => this.wake(),
      logger: this.deps.logger,
    });
    // The poll also finds retries falling due.
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.slots.stop();
    clearInterval(this.timer);
    await this.listener?.close();
    await this.claim.idle();
    await this.slots.drained();
    await this.client.close();
  }

  /** Resolves once nothing is being claimed or imported (tests). */
  async idle(): Promise<void> {
    // An import's end asks for a claim, which may start more imports.
    do {
      await this.claim.idle();
      await this.slots.drained();
    } while (this.claim.busy);
  }

  /** New notifications may be due, including some a claim that found nothing under the caps did not see. */
  wake(): void {
    this.slots.forgetFutile();
    this.trigger();
  }

  private trigger(): void {
    if (!this.stopping) this.claim.trigger();
  }

  private async claimAndImport(): Promise<void> {
    try {
      if (this.slots.freeSlots() > 0) await this.slots.claimFairly();
    } catch (error) {
      this.deps.logger.error({ err: error }, 'channel inbound worker failed; retrying on the next wake-up');
    }
  }

  /** One import, its outcome recorded; never rejects (the claim loop's attempt). */
  private async attempt(notification: ClaimedNotification): Promise<void> {
    try {
      await this.process(notification);
    } catch (error) {
      this.deps.logger.error({ err: error, inbound: notification.inbound_id }, 'channel notification not recorded; retried once its lease runs out');
    }
  }

  private async process(notification: ClaimedNotification): Promise<void> {
    const em = this.deps.orm.em.fork();
    try {
      const secretsKey = this.deps.config.secretsKey;
      if (!secretsKey) throw new PlatformError('connection', 'SECRETS_KEY is not set: the connection\'s credentials cannot be opened');
      const { connector, context } = sessionFor(em, this.client, secretsKey, this.renewals, notification);
      const platformOrder = await connector.orderOf({ topic: notification.topic, body: notification.body }, context);
      if (!platformOrder) return await this.finish(em, notification, 'ignored', null, null);
      const input = await normalizedOrder(em, notification, platformOrder);
      const { order } = await importOrder(forkForSeller(this.deps.orm, notification.seller_id), notification.seller_id, input);
      await this.finish(em, notification, 'processed', order.id, null);
    } catch (error) {
      await this.failed(em, notification, error);
    }
  }

  private async finish(em: EntityManager, notification: ClaimedNotification, status: 'processed' | 'ignored' | 'failed', orderId: string | null, error: string | null): Promise<void> {
    await em.execute(
      `with done as (
         update channel_inbound set status = ?, order_id = ?, error = ?, lease_expires_at = null where id = ? and seller_id = ?
       )
       update channel_connection set ${status === 'processed' ? 'last_order_at = now(),' : ''} last_error = case when ? then ? else last_error end
        where id = ? and seller_id = ?`,
      [status, orderId, error, notification.inbound_id, notification.seller_id, error !== null, error, notification.id, notification.seller_id],
    );
  }

  /**
   * A platform that did not answer usefully (no answer, 429, 5xx, a malformed body) is
   * asked again on the backoff, up to WEBHOOK_MAX_ATTEMPTS. One that refused the
   * credentials waits for new ones however long that takes: the sale is real, and
   * replacing the credentials (putConnection) makes it due at once.
   */
  private async failed(em: EntityManager, notification: ClaimedNotification, error: unknown): Promise<void> {
    const message = storableText(error instanceof Error ? error.message : String(error))!.slice(0, 1000);
    const platformError = error instanceof PlatformError ? error : undefined;
    if (platformError) await recordConnectionError(em, notification, `${notification.platform}: ${message}`, platformError.unauthorized ? notification.sealed : null);
    const retry = platformError && (platformError.unauthorized || (platformError.transient && notification.attempts < this.deps.config.webhookMaxAttempts));
    if (!retry) {
      if (!(error instanceof AppError || platformError)) this.deps.logger.error({ err: error, inbound: notification.inbound_id }, 'channel notification failed');
      return this.finish(em, notification, 'failed', null, `${notification.platform}: ${message}`);
    }
    const backoff = { baseMs: this.deps.config.webhookBackoffBaseMs, maxMs: this.deps.config.webhookBackoffMaxMs };
    const asked = platformError.status === 429 ? retryAfterMs(platformError.retryAfter, new Date(), { minMs: backoff.baseMs, maxMs: backoff.maxMs }) : null;
    await em.execute(`update channel_inbound set next_attempt_at = now() + ? * interval '1 millisecond', lease_expires_at = null, error = ? where id = ? and seller_id = ?`, [
      asked ?? retryDelayMs(notification.attempts, backoff),
      message,
      notification.inbound_id,
      notification.seller_id,
    ]);
  }
}

/**
 * The platform's order as importOrder takes it: each line's SKU through the connection's
 * listing links (the platform's listing ids), else as the platform named it, else a
 * placeholder naming the listing (an `unknown_sku` to look at); validated by the schema.
 */
async function normalizedOrder(em: EntityManager, connection: ClaimedNotification, platformOrder: PlatformOrder): Promise<ChannelOrderInput> {
  // The platform's text is kept as it came, minus what PostgreSQL cannot store (a NUL in a name).
  const order = storableData(platformOrder);
  const skus = connection.has_links ? await linkedSkus(em, connection, order.lines) : () => undefined;
  const { lines, ...rest } = order;
  const email = rest.customer.email && EMAIL.test(rest.customer.email) ? rest.customer.email : undefined;
  return assertValid(
    channelOrder,
    {
      ...rest,
      customer: { ...rest.customer, email },
      channel: connection.channel,
      items: lines.map((line) => ({
        sku: skus(line) ?? line.sku ?? `${connection.platform}:${line.variationId ?? line.listingId ?? 'unknown'}`.slice(0, 100),
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        discount: line.discount,
        title: line.title,
      })),
    },
    'The platform\'s order does not fit the normalized order',
  );
}

async function linkedSkus(em: EntityManager, connection: ConnectionRow, lines: readonly PlatformLine[]): Promise<(line: PlatformLine) => string | undefined> {
  const variations = lines.map((line) => line.variationId).filter((id): id is string => id !== null);
  const listings = lines.map((line) => line.listingId).filter((id): id is string => id !== null);
  if (variations.length === 0 && listings.length === 0) return () => undefined;
  const links = await em.execute<{ sku: string; listing_id: string; variation_id: string | null }[]>(
    `select sku, listing_id, variation_id from channel_listing
      where seller_id = ? and connection_id = ? and (variation_id = any(?::text[]) or listing_id = any(?::text[]))`,
    [connection.seller_id, connection.id, textArray(variations), textArray(listings)],
  );
  return (line) =>
    (line.variationId ? links.find((link) => link.variation_id === line.variationId) : undefined)?.sku ??
    (line.listingId ? links.find((link) => link.listing_id === line.listingId && (link.variation_id === null || link.variation_id === line.variationId)) : undefined)?.sku;
}
