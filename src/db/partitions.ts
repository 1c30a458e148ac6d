import type { EntityManager } from '@mikro-orm/postgresql';
import { textArray } from './array-literal.js';
import type { Orm } from './orm.js';

/**
 * Tables that grow with traffic are range-partitioned by week on a UUID v7 column (the
 * time a row was made is in its id), so retention drops a week whole instead of deleting
 * its rows (docs/operations.md, "Partitions"). Weeks run from Monday 00:00 UTC; a
 * partition is named after its table and first day (`outbox_event_20261130`), and the
 * default one (`<table>_default`) takes any row outside every week: ids that are not
 * time-ordered, or made beyond the weeks created so far. The migration that partitioned
 * them made the weeks up to two weeks ahead, by the same rule.
 */
export interface PartitionedTable {
  table: string;
  /** The UUID v7 column partitioned on: the row's id, or the row it belongs to. */
  key: string;
  /** Storage parameters each partition is made with (a partitioned table holds none). */
  storage?: string;
}

/** One week's partition: its keys are `from` (inclusive) to `to` (exclusive). */
export interface Partition {
  name: string;
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05, the epoch's first Monday: weeks count from it. */
const FIRST_MONDAY_MS = 4 * DAY_MS;
/** How far ahead of now the weeks are made. */
export const PARTITIONS_AHEAD_MS = 2 * WEEK_MS;
/**
 * Partition DDL locks a whole table; while it waits for a lock, every statement on the
 * table queues behind it. So it waits this long at most and the next pass tries again.
 */
const LOCK_TIMEOUT_MS = 2_000;
/** Partition DDL of every process, one transaction at a time. */
const DDL_LOCK = `select pg_advisory_xact_lock(hashtext('ponte:partitions'))`;

/** The Monday 00:00 UTC that starts the week of `at`. */
export function weekOf(at: Date): Date {
  return new Date(Math.floor((at.getTime() - FIRST_MONDAY_MS) / WEEK_MS) * WEEK_MS + FIRST_MONDAY_MS);
}

/** The smallest UUID of the millisecond `at`: v7 ids made then or later sort at or after it. */
export function uuidAt(at: Date): string {
  const hex = at.getTime().toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

/** The millisecond a UUID v7 was made in (its first 48 bits). */
export function timeOfUuid(id: string): Date {
  return new Date(parseInt(id.replace(/-/g, '').slice(0, 12), 16));
}

export function partitionName(table: string, week: Date): string {
  return `${table}_${week.toISOString().slice(0, 10).replace(/-/g, '')}`;
}

export function defaultPartitionName(table: string): string {
  return `${table}_default`;
}

const BOUNDS = /^FOR VALUES FROM \('([0-9a-f-]{36})'\) TO \('([0-9a-f-]{36})'\)$/;

/** A table's week partitions, oldest first (the default one apart). */
export async function partitionsOf(em: EntityManager, table: string): Promise<Partition[]> {
  const rows = await em.execute<{ name: string; bound: string }[]>(
    `select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
       from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = ?::regclass`,
    [table],
  );
  return rows
    .flatMap(({ name, bound }) => {
      const [, from, to] = BOUNDS.exec(bound) ?? [];
      return from && to ? [{ name, from, to }] : [];
    })
    .sort((a, b) => (a.from < b.from ? -1 : 1));
}

/** The database's clock: every process decides by the same one. */
export async function databaseNow(em: EntityManager): Promise<Date> {
  const [row] = await em.execute<{ now: Date }[]>(`select now() as now`);
  return new Date(row!.now);
}

/** The weeks from `now`'s to the one holding `until` that no partition of `existing` overlaps. */
function missingWeeks(existing: readonly Partition[], now: Date, until: Date): Date[] {
  const missing: Date[] = [];
  for (let week = weekOf(now).getTime(); week <= until.getTime(); week += WEEK_MS) {
    const from = uuidAt(new Date(week));
    const to = uuidAt(new Date(week + WEEK_MS));
    if (!existing.some((partition) => partition.from < to && partition.to > from)) missing.push(new Date(week));
  }
  return missing;
}

/**
 * Makes the weeks of `table` from now's to the one holding `until` that do not exist yet;
 * answers the partitions made. Each is made beside the table and then attached: rows the
 * default partition held for its week move into it first (never through the table, so the
 * outbox's insert triggers do not fire again for events already written).
 */
export async function ensurePartitions(orm: Orm, { table, key, storage }: PartitionedTable, until: Date): Promise<string[]> {
  return orm.em.fork().transactional(async (tx) => {
    await tx.execute(DDL_LOCK);
    await tx.execute(`set local lock_timeout = ${LOCK_TIMEOUT_MS}`);
    const weeks = missingWeeks(await partitionsOf(tx, table), await databaseNow(tx), until);
    const fallback = defaultPartitionName(table);
    const [hasDefault] = await tx.execute<{ exists: boolean }[]>(`select to_regclass(?) is not null as exists`, [fallback]);
    if (weeks.length > 0 && hasDefault!.exists) await tx.execute(`lock table "${fallback}" in access exclusive mode`);
    for (const week of weeks) {
      const name = partitionName(table, week);
      const from = uuidAt(week);
      const to = uuidAt(new Date(week.getTime() + WEEK_MS));
      await tx.execute(`create table "${name}" (like "${table}" including defaults)${storage ? ` with (${storage})` : ''}`);
      if (hasDefault!.exists) {
        await tx.execute(`with moved as (delete from "${fallback}" where "${key}" >= ? and "${key}" < ? returning *) insert into "${name}" select * from moved`, [from, to]);
      }
      await tx.execute(`alter table "${table}" attach partition "${name}" for values from ('${from}') to ('${to}')`);
    }
    return weeks.map((week) => partitionName(table, week));
  });
}

/** Whether the default partition of `table` holds any row: ids outside every week. */
export async function defaultPartitionHoldsRows(orm: Orm, table: string): Promise<boolean> {
  const fallback = defaultPartitionName(table);
  const [row] = await orm.em.fork().execute<{ holds: boolean }[]>(
    `select case when to_regclass(?) is null then false else (select exists (select 1 from "${fallback}")) end as holds`,
    [fallback],
  );
  return row!.holds;
}

/** Rows in a partition, counted before it is dropped (the retention metric's figure). */
async function rowsIn(orm: Orm, partition: string): Promise<number> {
  const [row] = await orm.em.fork().execute<{ count: string }[]>(`select count(*) as count from "${partition}"`);
  return Number(row!.count);
}

/**
 * Drops `partitions` (of the tables `parents`) in one transaction, unless `held` answers
 * true: it runs once every parent is locked, so nothing it found can change before the
 * drop (a redelivery reopening a delivery waits, and then finds it gone). Answers whether
 * they went. Partitions another process dropped meanwhile are not there to drop.
 */
async function dropPartitionsUnlessHeld(
  orm: Orm,
  parents: readonly string[],
  partitions: readonly string[],
  held: (tx: EntityManager) => Promise<boolean>,
): Promise<boolean> {
  return orm.em.fork().transactional(async (tx) => {
    await tx.execute(DDL_LOCK);
    await tx.execute(`set local lock_timeout = ${LOCK_TIMEOUT_MS}`);
    await tx.execute(`lock table ${parents.map((parent) => `"${parent}"`).join(', ')} in access exclusive mode`);
    const present = await tx.execute<{ name: string }[]>(`select name from unnest(?::text[]) as name where to_regclass(name) is not null`, [textArray(partitions)]);
    if (present.length === 0 || (await held(tx))) return false;
    await tx.execute(`drop table ${present.map(({ name }) => `"${name}"`).join(', ')}`);
    return true;
  });
}

/** Whether a week of a table must stay past its window: it still holds work owed, or rows something needs. */
export type WeekHeld = (em: EntityManager, week: Partition) => Promise<boolean>;

/**
 * Drops the weeks of `tables[0]` that ended by `cutoff`, oldest first, each with the same
 * week of the other tables (the rows that belong to its rows), unless `held`: asked first
 * to spare a count, and again once the tables are locked (dropPartitionsUnlessHeld).
 * Answers the rows dropped, by table, counted before each drop (the rows of a week past
 * its window no longer change). `keepGoing` is asked between weeks.
 */
export async function dropWeeksEndedBy(
  orm: Orm,
  tables: readonly [string, ...string[]],
  cutoff: Date,
  held: WeekHeld,
  keepGoing: () => boolean = () => true,
): Promise<Record<string, number>> {
  const em = orm.em.fork();
  const [first, ...others] = tables;
  const twins = await Promise.all(others.map((table) => partitionsOf(em, table)));
  const dropped: Record<string, number> = Object.fromEntries(tables.map((table) => [table, 0]));
  for (const week of await partitionsOf(em, first)) {
    if (!keepGoing() || timeOfUuid(week.to) > cutoff) break;
    if (await held(em, week)) continue;
    const partitions = [week, ...twins.map((partitions) => partitions.find((twin) => twin.from === week.from && twin.to === week.to))];
    const rows = await Promise.all(partitions.map((partition) => (partition ? rowsIn(orm, partition.name) : 0)));
    const names = partitions.flatMap((partition) => (partition ? [partition.name] : []));
    if (await dropPartitionsUnlessHeld(orm, tables, names, (tx) => held(tx, week))) {
      tables.forEach((table, n) => (dropped[table]! += rows[n]!));
    }
  }
  return dropped;
}
