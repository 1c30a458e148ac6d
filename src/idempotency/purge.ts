import type { Orm } from '../db/orm.js';
import { createPeriodicPurge } from '../kernel/purged-rows.js';
import type { Worker, WorkerDeps } from '../kernel/workers.js';
import { IDEMPOTENCY_RETENTION_HOURS } from './idempotency.js';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes idempotency keys past their retention. Expired keys are already
 * reusable (claimIdempotencyKey replaces them); this only keeps the table small.
 * Spans sellers on purpose: retention is the same for everyone.
 */
export async function purgeExpiredIdempotencyKeys(orm: Orm): Promise<number> {
  const deleted = await orm.em.fork().execute<{ key: string }[]>(
    `delete from idempotency_key where created_at < now() - make_interval(hours => ?) returning key`,
    [IDEMPOTENCY_RETENTION_HOURS],
  );
  return deleted.length;
}

export function createIdempotencyPurge({ orm, logger, metrics }: WorkerDeps): Worker {
  return createPeriodicPurge({
    name: 'idempotency-purge',
    intervalMs: PURGE_EVERY_MS,
    tables: ['idempotency_key'],
    purge: async () => ({ idempotency_key: await purgeExpiredIdempotencyKeys(orm) }),
    logger,
    metrics,
    message: 'expired idempotency keys purged',
  });
}
