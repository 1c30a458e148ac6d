import type { EntityManager } from '@mikro-orm/postgresql';

/** The SQL of transactionTime, for statements that read it along with other work (one round trip). */
export const TRANSACTION_TIME = "date_trunc('milliseconds', now())";

/**
 * The transaction's start time as the database sees it (`now()`), to the millisecond.
 * Writes stamp rows with it rather than the process clock, so "changed after" questions
 * can be answered against the database's own view of running transactions
 * (see listOrders' updatedAt watermark).
 */
export async function transactionTime(em: EntityManager): Promise<Date> {
  const [row] = await em.execute<{ now: Date }[]>(`select ${TRANSACTION_TIME} as now`);
  return new Date(row!.now);
}
