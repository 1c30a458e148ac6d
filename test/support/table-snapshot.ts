import type { Orm } from '../../src/db/orm.js';

/** Per table: its row count and the latest of its `version` and `updated_at`. */
export type TableSnapshot = Record<string, string>;

/** The columns that move when a row of a table is changed in place. */
const CHANGE_MARKS = ['version', 'updated_at'];

/**
 * Reads what a refused write must leave as it was: every table's row count and the latest
 * `version`/`updated_at` it holds, in one query (a case checks before and after). The
 * query is built once from the database's own tables, so a new table is watched too.
 */
export async function tableSnapshotter(orm: Orm): Promise<() => Promise<TableSnapshot>> {
  const columns = await orm.em.fork().execute<{ table_name: string; column_name: string }[]>(
    `select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and table_name <> 'mikro_orm_migrations'
      order by table_name, column_name`,
  );
  const tables = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    const marks = tables.get(table) ?? [];
    if (CHANGE_MARKS.includes(column)) marks.push(column);
    tables.set(table, marks);
  }
  const members = [...tables].map(([table, marks]) => {
    const figures = ['count(*)::text', ...marks.map((mark) => `coalesce(max("${mark}")::text, '-')`)].join(` || ' ' || `);
    return `('${table}', (select ${figures} from "${table}"))`;
  });
  const sql = `select name, figures from (values ${members.join(', ')}) as snapshot (name, figures)`;
  return async () => {
    const rows = await orm.em.fork().execute<{ name: string; figures: string }[]>(sql);
    return Object.fromEntries(rows.map((row) => [row.name, row.figures]));
  };
}

/** The tables whose figures differ between two snapshots, with both figures. */
export function changedTables(before: TableSnapshot, after: TableSnapshot): Record<string, [string | undefined, string | undefined]> {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return Object.fromEntries([...names].filter((name) => before[name] !== after[name]).map((name) => [name, [before[name], after[name]]]));
}
