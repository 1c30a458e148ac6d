import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Orm } from './db/orm.js';

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
}

/** Workers by the roles that run them. A domain with a background loop adds it here. */
export const WORKERS: { roles: Config['role'][]; create: (deps: WorkerDeps) => Worker }[] = [];

export async function startWorkers(deps: WorkerDeps): Promise<Worker[]> {
  const workers = WORKERS.filter((entry) => entry.roles.includes(deps.config.role)).map((entry) => entry.create(deps));
  for (const worker of workers) {
    await worker.start();
    deps.logger.info({ worker: worker.name }, 'worker started');
  }
  return workers;
}
