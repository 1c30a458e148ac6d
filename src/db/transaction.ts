import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * For work that only means something inside the caller's transaction: row locks would be
 * released at once, an outbox event could outlive a failed change, an idempotency claim
 * could be stored without the change it answers for.
 */
export function requireTransaction(em: EntityManager, operation: string): void {
  if (!em.isInTransaction()) throw new Error(`${operation} called outside a transaction: it must run inside the caller's transaction`);
}
