import type { EventArgs, EventSubscriber } from '@mikro-orm/core';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { listen, type Listener } from '../db/listener.js';
import type { Orm } from '../db/orm.js';
import { ApiToken } from './api-token.entity.js';
import { ApplicationCredential } from './application.entity.js';

/**
 * The channel the credential tables' triggers notify on commit: the hash of a token or
 * application credential that changed (revoked, deleted), or '' when anything may have
 * changed (a seller's row, whose name a principal carries).
 */
export const CREDENTIALS_CHANNEL = 'ponte_credentials';

/** Enough for every token a large hub's clients use within the TTL; an evicted one costs one lookup. */
const MAX_ENTRIES = 100_000;

/**
 * Credentials that passed a lookup, by the hash of their secret, so a request with a
 * known token costs no statement. Correct only while this process hears every change:
 * it holds entries only while its LISTEN connection is up (a lost connection empties
 * it and turns it off until it is back, since notifications sent meanwhile are lost),
 * and a lookup that was under way when a change arrived is not stored (its row may
 * predate the change). A revocation committed on any process therefore reaches every
 * process's cache within the notification's delivery, milliseconds; the TTL bounds
 * anything no trigger sees.
 */
export class CredentialCache<T extends object> {
  private readonly entries: LRUCache<string, T>;
  /** Bumped by every change heard: a lookup stores its result only if none came since it began. */
  private generation = 0;
  private listening = false;

  constructor(ttlMs: number) {
    this.entries = new LRUCache<string, T>({ max: MAX_ENTRIES, ttl: Math.max(ttlMs, 1) });
  }

  get(hash: string): T | undefined {
    return this.listening ? this.entries.get(hash) : undefined;
  }

  /** Call before the lookup; pass what it answered to `store` with the ticket. */
  ticket(): number {
    return this.generation;
  }

  store(hash: string, credential: T, ticket: number): void {
    if (this.listening && ticket === this.generation) this.entries.set(hash, credential);
  }

  /** A change was heard: that hash, or everything when the hash is empty. */
  changed(hash: string): void {
    this.generation++;
    if (hash) this.entries.delete(hash);
    else this.entries.clear();
  }

  /** Whether this process hears changes now; either way, what it held may be stale. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.changed('');
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Keeps `cache` fed from the credential triggers' notifications on a connection of its
 * own. Without a connection (the first one failed, or one was lost) the cache stays off
 * and every request is looked up, as it was before the cache, until the listener is back.
 */
async function listenForCredentialChanges<T extends object>(
  cache: CredentialCache<T>,
  options: { databaseUrl: string; logger: Logger; retryDelayMs?: number },
): Promise<Listener> {
  const common = {
    databaseUrl: options.databaseUrl,
    channel: CREDENTIALS_CHANNEL,
    logger: options.logger,
    retryDelayMs: options.retryDelayMs,
    onNotification: (hash: string) => cache.changed(hash),
    onReconnect: () => cache.setListening(true),
    onDisconnect: () => cache.setListening(false),
  };
  let listener: Listener | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const start = async (): Promise<void> => {
    try {
      listener = await listen(common);
      if (closed) await listener.close();
      else cache.setListening(true);
    } catch (error) {
      options.logger.warn({ err: error }, 'credential changes not heard: every request looks its credential up until they are');
      if (!closed) retry = setTimeout(start, options.retryDelayMs ?? 1000);
    }
  };
  await start();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      cache.setListening(false);
      await listener?.close();
    },
  };
}

/**
 * A credential cache fed by its own listener, or none when `ttlMs` is 0 (AUTH_CACHE_MS):
 * then every request looks its credential up.
 */
export async function startCredentialCache<T extends object>(
  ttlMs: number,
  options: { orm: Orm; logger: Logger; retryDelayMs?: number },
): Promise<{ cache: CredentialCache<T>; close(): Promise<void> } | undefined> {
  if (ttlMs === 0) return undefined;
  const cache = new CredentialCache<T>(ttlMs);
  options.orm.em.getEventManager().registerSubscriber(forgetWhenWritten(cache));
  const listener = await listenForCredentialChanges(cache, { ...options, databaseUrl: options.orm.config.get('clientUrl')! });
  return { cache, close: () => listener.close() };
}

/**
 * The process that revokes a credential forgets it as it writes, so its own next request
 * is refused without waiting for the notification of its commit (the other processes'
 * way of hearing it). A lookup between this write and its commit may store the row once
 * more; the notification then removes it.
 */
function forgetWhenWritten<T extends object>(cache: CredentialCache<T>): EventSubscriber<ApiToken | ApplicationCredential> {
  const forget = ({ entity }: EventArgs<ApiToken | ApplicationCredential>) => cache.changed(entity.secretHash);
  return { getSubscribedEntities: () => [ApiToken, ApplicationCredential], afterUpdate: forget, afterDelete: forget };
}
