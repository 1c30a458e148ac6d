import type { Logger } from 'pino';
import type { Worker } from './workers.js';

export interface Periodic {
  name: string;
  intervalMs: number;
  /** One pass; `keepGoing` turns false on shutdown, so a long pass can stop between steps. */
  pass: (keepGoing: () => boolean) => Promise<void>;
  logger: Logger;
}

/**
 * A worker that makes a pass at start and every `intervalMs`, never two at once (a pass
 * still working through a backlog is not started again), a failure logged and retried at
 * the next interval, and a shutdown that waits for the pass in hand.
 */
export function createPeriodicWorker({ name, intervalMs, pass, logger }: Periodic): Worker {
  let timer: NodeJS.Timeout | undefined;
  let stopping = false;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= pass(() => !stopping)
      .catch((error: unknown) => logger.warn({ err: error, worker: name }, 'pass failed; retrying at the next interval'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    name,
    async start() {
      run();
      timer = setInterval(run, intervalMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
