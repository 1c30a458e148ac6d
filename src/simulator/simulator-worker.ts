import type { Worker, WorkerDeps } from '../kernel/workers.js';
import { claimDueRuns, performRuns } from './simulator-schedule.service.js';

/** How often a dispatcher looks for due simulated orders. */
const POLL_MS = 500;

/**
 * Runs the sandbox sellers' schedules (`PUT /simulador/agenda`) in the dispatcher role:
 * every POLL_MS it claims what is due and places it. The schedules are rows, so stopping
 * the process stops the orders and starting one (any dispatcher) resumes them.
 */
export function createSimulatorWorker({ orm, logger }: WorkerDeps): Worker {
  let timer: NodeJS.Timeout | undefined;
  let stopping = false;
  let running: Promise<void> | undefined;

  const pass = async () => {
    for (const due of await claimDueRuns(orm)) {
      if (stopping) return;
      try {
        const outcome = await performRuns(orm, due, Math.random, () => !stopping);
        logger.debug({ sellerId: due.sellerId, ...outcome }, 'simulator: scheduled orders');
      } catch (error) {
        logger.error({ err: error, sellerId: due.sellerId }, 'simulator: scheduled run failed');
      }
    }
  };
  const schedule = () => {
    if (stopping) return;
    timer = setTimeout(() => {
      running = pass()
        .catch((error: unknown) => logger.error({ err: error }, 'simulator: claiming due runs failed'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, POLL_MS);
  };

  return {
    name: 'simulator',
    async start() {
      schedule();
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
