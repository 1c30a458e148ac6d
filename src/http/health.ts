import type { FastifyInstance } from 'fastify';
import type { Orm } from '../db/orm.js';
import type { ReadReplicas } from '../db/replicas.js';
import { AppError } from '../errors.js';
import { sendProblem } from './problem.js';

const READY_TIMEOUT_MS = 2000;

/**
 * `/health/ready` needs the primary; read replicas are reported (state and lag) but never
 * make a process unready, since the primary serves their reads while they are behind or down.
 */
export function registerHealth(app: FastifyInstance, orm: Orm, replicas?: ReadReplicas): void {
  const hide = { schema: { hide: true }, config: { rateLimit: false } };
  app.get('/health/live', hide, async () => ({ status: 'ok' }));
  app.get('/health/ready', hide, async (_request, reply) => {
    const replicaChecks = replicas ? { replicas: replicas.states() } : {};
    try {
      await withTimeout(orm.em.getConnection().execute('select 1'), READY_TIMEOUT_MS);
      return { status: 'ok', checks: { database: 'ok', ...replicaChecks } };
    } catch {
      return sendProblem(reply, new AppError('UNAVAILABLE', 'The database is not reachable', { checks: { database: 'failing', ...replicaChecks } }));
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
