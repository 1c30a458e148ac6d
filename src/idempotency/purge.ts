import type { Orm } from '../db/orm.js';
import { purgedRowsCounter } from '../kernel/purged-rows.js';
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
  const purged = purgedRowsCounter(metrics);
  purged.inc({ table: 'idempotency_key' }, 0);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const purge = () => {
    running = purgeExpiredIdempotencyKeys(orm).then(
      (deleted) => {
        purged.inc({ table: 'idempotency_key' }, deleted);
        if (deleted > 0) logger.info({ deleted }, 'expired idempotency keys purged');
      },
      (error: unknown) => logger.warn({ err: error }, 'idempotency key purge failed; retrying at the next interval'),
    );
  };
  return {
    name: 'idempotency-purge',
    async start() {
      purge();
      timer = setInterval(purge, PURGE_EVERY_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
