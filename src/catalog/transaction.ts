import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Stock and catalogue writes lock rows and record events; outside a transaction the
 * locks would be released at once and an event could outlive a failed change.
 */
export function requireTransaction(em: EntityManager, operation: string): void {
  if (!em.isInTransaction()) throw new Error(`${operation} must run inside the caller's transaction`);
}
