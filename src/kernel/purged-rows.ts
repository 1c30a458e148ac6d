import type { Logger } from 'pino';
import { Counter, type Registry } from 'prom-client';
import { createPeriodicWorker } from './periodic.js';
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
 * A purge worker (createPeriodicWorker): a pass at start and every `intervalMs`, what it
 * removed counted by table and logged.
 */
export function createPeriodicPurge<Table extends string>(options: PeriodicPurge<Table>): Worker {
  const { name, intervalMs, tables, purge, logger, message } = options;
  const counter = purgedRowsCounter(options.metrics);
  for (const table of tables) counter.inc({ table }, 0);
  return createPeriodicWorker({
    name,
    intervalMs,
    logger,
    pass: async (keepGoing) => {
      const purged = await purge(keepGoing);
      for (const table of tables) counter.inc({ table }, purged[table]);
      if (tables.some((table) => purged[table] > 0)) logger.info({ purged }, message);
    },
  });
}
