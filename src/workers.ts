import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from './config.js';
import type { Orm } from './db/orm.js';
import { createIdempotencyPurge } from './idempotency/purge.js';
import { createLiveRelay } from './live/redis-relay.js';
import { Dispatcher } from './webhooks/dispatcher.js';

/** A background loop (the webhook dispatcher, the live-event relay…). */
export interface Worker {
  name: string;
  start(): Promise<void>;
  /** Finishes the work in hand and returns; called once on shutdown. */
  stop(): Promise<void>;
}

export interface WorkerDeps {
  config: Config;
  orm: Orm;
  logger: Logger;
  /** Where workers report their metrics (served at the process's `/metrics`). */
  metrics?: Registry;
}

interface WorkerEntry {
  roles: Config['role'][];
  /** Whether the configuration asks for this worker at all (default: always). */
  enabled?: (config: Config) => boolean;
  create: (deps: WorkerDeps) => Worker;
}

/** Workers by the roles that run them. A domain with a background loop adds it here. */
export const WORKERS: WorkerEntry[] = [
  { roles: ['all', 'dispatcher'], create: createIdempotencyPurge },
  {
    // Every role may relay live events to Redis; an advisory lock elects the one that does.
    roles: ['all', 'api', 'dispatcher'],
    enabled: (config) => config.redisUrl !== undefined,
    create: ({ config, orm, logger }) => createLiveRelay({ config, orm, logger, databaseUrl: orm.config.get('clientUrl')! }),
  },
  { roles: ['all', 'dispatcher'], create: (deps) => new Dispatcher(deps) },
];

export async function startWorkers(deps: WorkerDeps): Promise<Worker[]> {
  const workers = WORKERS.filter((entry) => entry.roles.includes(deps.config.role) && (entry.enabled?.(deps.config) ?? true)).map(
    (entry) => entry.create(deps),
  );
  for (const worker of workers) {
    await worker.start();
    deps.logger.info({ worker: worker.name }, 'worker started');
  }
  return workers;
}
