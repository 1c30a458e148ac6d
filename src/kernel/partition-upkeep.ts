import { databaseNow, defaultPartitionHoldsRows, ensurePartitions, PARTITIONS_AHEAD_MS, type PartitionedTable } from '../db/partitions.js';
import { createPeriodicWorker } from './periodic.js';
import type { Config } from '../config.js';
import type { Worker, WorkerDeps, WorkerEntry } from './workers.js';

/** Every role writes to these tables, so every process keeps their weeks ahead. */
const ALL_ROLES: readonly Config['role'][] = ['all', 'api', 'dispatcher'];
const UPKEEP_INTERVAL_MS = 3_600_000;

/**
 * One upkeep pass: each table's weeks made up to PARTITIONS_AHEAD_MS ahead (src/db/
 * partitions.ts), and a warning for a default partition that holds rows, which
 * retention never drops (docs/operations.md, "Partitions").
 */
export async function keepPartitionsAhead({ orm, logger }: Pick<WorkerDeps, 'orm' | 'logger'>, tables: readonly PartitionedTable[]): Promise<void> {
  const until = new Date((await databaseNow(orm.em.fork())).getTime() + PARTITIONS_AHEAD_MS);
  for (const table of tables) {
    const made = await ensurePartitions(orm, table, until);
    if (made.length > 0) logger.info({ table: table.table, partitions: made }, 'partitions: weeks ahead made');
    if (await defaultPartitionHoldsRows(orm, table.table)) {
      logger.warn({ table: table.table }, 'partitions: the default partition holds rows outside every week; retention keeps them');
    }
  }
}

/** The worker that keeps a module's partitioned tables' weeks ahead: a pass at start and every hour, on every role. */
export function partitionUpkeep(name: string, tables: readonly PartitionedTable[]): WorkerEntry {
  return {
    roles: ALL_ROLES,
    create: (deps): Worker =>
      createPeriodicWorker({ name: `${name}-partition-upkeep`, intervalMs: UPKEEP_INTERVAL_MS, logger: deps.logger, pass: () => keepPartitionsAhead(deps, tables) }),
  };
}
