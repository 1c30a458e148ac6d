import type { Logger } from 'pino';
import { Counter, type Registry } from 'prom-client';
import type { Worker } from './workers.js';

const NAME = 'ponte_retention_purged_rows_total';

/** Rows removed in one pass, by table. */
export type PurgedRows<Table extends string = string> = Record<Table, number>;

/**
 * Rows removed by the retention purges, by table. Each purge worker of a process counts
 * into the one counter of its registry (made by whichever asks first).
 */
export function purgedRowsCounter(registry: Registry | undefined): Counter<'table'> {
  const existing = registry?.getSingleMetric(NAME);
  if (existing) return existing as Counter<'table'>;
  return new Counter({
    name: NAME,
    help: 'Rows removed by the retention purges, by table',
    labelNames: ['table'],
    registers: registry ? [registry] : [],
  });
}

export interface PeriodicPurge<Table extends string> {
  name: string;
  intervalMs: number;
  /** Every table the pass may purge: counted from the first scrape on, at 0. */
  tables: readonly Table[];
  /** One pass; `keepGoing` turns false on shutdown, so a long pass can stop between batches. */
  purge: (keepGoing: () => boolean) => Promise<PurgedRows<Table>>;
  logger: Logger;
  metrics?: Registry;
  /** Logged, with the rows, when a pass removed any. */
  message: string;
}

/**
 * A purge worker: a pass at start and every `intervalMs`, never two at once (a pass
 * working through a large backlog is not started again), a failure logged and retried at
 * the next interval, and a shutdown that waits for the pass in hand.
 */
export function createPeriodicPurge<Table extends string>(options: PeriodicPurge<Table>): Worker {
  const { name, intervalMs, tables, purge, logger, message } = options;
  const counter = purgedRowsCounter(options.metrics);
  for (const table of tables) counter.inc({ table }, 0);
  let timer: NodeJS.Timeout | undefined;
  let stopping = false;
  let running: Promise<void> | undefined;
  const pass = () => {
    running ??= purge(() => !stopping)
      .then(
        (purged) => {
          for (const table of tables) counter.inc({ table }, purged[table]);
          if (tables.some((table) => purged[table] > 0)) logger.info({ purged }, message);
        },
        (error: unknown) => logger.warn({ err: error, worker: name }, 'purge failed; retrying at the next interval'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  return {
    name,
    async start() {
      pass();
      timer = setInterval(pass, intervalMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
