import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors.js';
import { requireTransaction } from './transaction.js';

export interface Quota {
  /** Whose quota: one lock and one count per key (e.g. `webhook-subscriptions:<seller>`). */
  key: string;
  limit: number;
  /** What counts against it, as people say it ("webhook subscriptions"). */
  what: string;
  /** What the caller can do instead; default: delete one first. */
  remedy?: string;
  count(): Promise<number>;
}

/**
 * Refuses to create one more of something past its configured limit (409 QUOTA_EXCEEDED).
 * The check and the insert that follows must be one step: creations for the same key are
 * serialised by a transaction-scoped advisory lock, so parallel requests cannot each see
 * room for one more. Call it inside the transaction that creates the row.
 */
export async function claimQuota(em: EntityManager, quota: Quota): Promise<void> {
  requireTransaction(em, 'claimQuota');
  await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`ponte:quota:${quota.key}`]);
  if ((await quota.count()) >= quota.limit) {
    throw new AppError('QUOTA_EXCEEDED', `At most ${quota.limit} ${quota.what} may exist; ${quota.remedy ?? 'delete one before creating another'}`, { limit: quota.limit });
  }
}
