import type { EntityClass, EntityMetadata, EntityProperty } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { executeRead } from './prepared.js';
import { SELLER_FILTER } from './seller-owned.js';

/**
 * A row as the database holds it, under its entity's property names and types (Dates,
 * relations as ids), but a plain object: not managed, not tracked, never flushed.
 */
export type Row<T> = Readonly<T>;

type Property<T> = keyof T & string;
type Value = string | number | boolean | Date;

/** What a row must satisfy besides belonging to the caller's seller (always added). */
export type Condition<T> =
  | { property: Property<T>; op: '=' | '<' | '<=' | '>' | '>='; value: Value }
  /** One of these values: `= any(?::type[])`, one parameter however many values. */
  | { property: Property<T>; anyOf: readonly string[] }
  /** Any of these groups holds; a group holds when all its conditions do. */
  | { or: readonly (readonly Condition<T>[])[] }
  /**
   * An expression the entity's domain writes itself over its table's columns (a JSON
   * field, a function an index is built on), with one `?` per value and no other `?`.
   */
  | { sql: string; values: readonly Value[] };

export interface ReadRowsOptions<T> {
  orderBy?: readonly [Property<T>, 'asc' | 'desc'][];
  limit?: number;
}

/**
 * Read-only queries for pages and views, in SQL made from the entity's metadata once
 * (the select list, the table, each property's column) and run as a prepared statement
 * (executeRead). Managed entities, the query builder and the ORM's result mapping were
 * most of a list page's CPU for rows that are only shown
 * (docs/history/performance-changes.md).
 *
 * The seller scope is not left to the ORM's filter here but written into every
 * statement: `seller_id = ` the seller of the entity manager, which must have one (as
 * the filter demands), so a seller-scoped EM still reads only its seller's rows.
 */
export async function readRows<T extends object>(
  em: EntityManager,
  entity: EntityClass<T>,
  where: readonly Condition<T>[],
  options: ReadRowsOptions<T> = {},
): Promise<Row<T>[]> {
  const table = tableOf(em, entity);
  const params: unknown[] = [sellerOf(em)];
  let sql = `${table.select} where ${table.sellerColumn} = ?`;
  for (const condition of where) sql += ` and ${table.condition(condition, params)}`;
  if (options.orderBy?.length) sql += ` order by ${options.orderBy.map(([property, direction]) => `${table.column(property)} ${direction}`).join(', ')}`;
  if (options.limit !== undefined) {
    sql += ' limit ?';
    params.push(options.limit);
  }
  const rows = await executeRead<Record<string, unknown>>(em, sql, params);
  return table.mapRows(rows) as Row<T>[];
}

function sellerOf(em: EntityManager): string {
  const sellerId = em.getFilterParams<{ sellerId?: string }>(SELLER_FILTER)?.sellerId;
  if (!sellerId) throw new Error('readRows used without a seller (forkForSeller)');
  return sellerId;
}

/**
 * One entity's table as read-rows reads it, derived once from its MikroORM metadata:
 * each column is selected under its property's name, so the driver's rows need only
 * their timestamps turned into Dates. Timestamps come as epoch milliseconds (a number
 * becomes a Date without parsing text).
 */
class Table {
  readonly select: string;
  readonly sellerColumn: string;
  private readonly columns = new Map<string, { column: string; type: string }>();
  private readonly dates: string[] = [];

  constructor(meta: EntityMetadata) {
    const filters = Object.keys(meta.filters);
    if (filters.length !== 1 || filters[0] !== SELLER_FILTER) {
      throw new Error(`readRows applies only the seller filter; ${meta.className} has ${filters.join(', ') || 'none'}`);
    }
    const selected: string[] = [];
    for (const prop of meta.props) {
      const column = singleColumn(prop);
      if (!column) continue;
      const quoted = quote(column);
      this.columns.set(prop.name, { column: quoted, type: prop.columnTypes[0]!.replace(/\(.*$/, '') });
      if (prop.runtimeType === 'Date') {
        this.dates.push(prop.name);
        // extract(epoch from …) in its function form: exact (numeric), and the statement's
        // only `from` stays the one naming its table, as statement logs are read.
        selected.push(`(pg_catalog.extract('epoch', ${quoted}) * 1000)::float8 as ${quote(prop.name)}`);
      } else {
        selected.push(column === prop.name ? quoted : `${quoted} as ${quote(prop.name)}`);
      }
    }
    this.select = `select ${selected.join(', ')} from ${quote(meta.tableName)}`;
    this.sellerColumn = this.column('seller');
  }

  column(property: string): string {
    const known = this.columns.get(property);
    if (!known) throw new Error(`readRows: no column for ${property}`);
    return known.column;
  }

  condition(condition: Condition<Record<string, unknown>>, params: unknown[]): string {
    if ('or' in condition) {
      return `(${condition.or.map((group) => `(${group.map((each) => this.condition(each, params)).join(' and ')})`).join(' or ')})`;
    }
    if ('sql' in condition) {
      params.push(...condition.values);
      return `(${condition.sql})`;
    }
    if ('anyOf' in condition) {
      params.push(arrayLiteral(condition.anyOf));
      return `${this.column(condition.property)} = any(?::${this.columns.get(condition.property)!.type}[])`;
    }
    params.push(condition.value instanceof Date ? condition.value.toISOString() : condition.value);
    return `${this.column(condition.property)} ${condition.op} ?`;
  }

  mapRows(rows: Record<string, unknown>[]): Record<string, unknown>[] {
    const dates = this.dates;
    for (const row of rows) {
      for (const key of dates) {
        const value = row[key];
        if (value !== null) row[key] = new Date(value as number);
      }
    }
    return rows;
  }
}

/** Scalar properties and to-one ids stored in one column of the entity's own table. */
function singleColumn(prop: EntityProperty): string | undefined {
  if (prop.persist === false || prop.formula || prop.embedded || prop.fieldNames?.length !== 1) return undefined;
  if (prop.kind !== 'scalar' && prop.kind !== 'm:1' && !(prop.kind === '1:1' && prop.owner)) return undefined;
  return prop.fieldNames[0];
}

const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/** A PostgreSQL array literal of text values (`{"a","b"}`), cast to the column's type in SQL. */
function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

const tables = new WeakMap<EntityMetadata, Table>();

function tableOf(em: EntityManager, entity: EntityClass<object>): Table {
  const meta = em.getMetadata().get(entity);
  let table = tables.get(meta);
  if (!table) {
    table = new Table(meta);
    tables.set(meta, table);
  }
  return table;
}
