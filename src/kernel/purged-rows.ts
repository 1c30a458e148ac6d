import { Counter, type Registry } from 'prom-client';

const NAME = 'ponte_retention_purged_rows_total';

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
