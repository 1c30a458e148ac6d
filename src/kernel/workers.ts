import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';

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

/** A worker as a module declares it: which roles run it, and how it is made. */
export interface WorkerEntry {
  roles: readonly Config['role'][];
  /** Whether the configuration asks for this worker at all (default: always). */
  enabled?: (config: Config) => boolean;
  create: (deps: WorkerDeps) => Worker;
}

/** Starts, one after another, the workers this process's role runs. */
export async function startWorkers(entries: readonly WorkerEntry[], deps: WorkerDeps): Promise<Worker[]> {
  const workers = entries
    .filter((entry) => entry.roles.includes(deps.config.role) && (entry.enabled?.(deps.config) ?? true))
    .map((entry) => entry.create(deps));
  for (const worker of workers) {
    await worker.start();
    deps.logger.info({ worker: worker.name }, 'worker started');
  }
  return workers;
}
