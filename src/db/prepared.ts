import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool, PoolClient } from 'pg';

/** A statement run as a pg named statement: planned once per connection, then only executed. */
export interface PreparedStatement {
  name: string;
  /** With `?` placeholders, as the ORM's `execute` takes it. */
  sql: string;
  /** The same with `$1, $2…`, as PostgreSQL prepares it. */
  text: string;
}

/** Names a statement; its `?` placeholders (the only `?` it may contain) become `$1, $2…`. */
export function prepared(name: string, sql: string): PreparedStatement {
  let position = 0;
  return { name, sql, text: sql.replace(/\?/g, () => `$${++position}`) };
}

/** Runs `statement` as a pg named statement on a pool or one of its connections; answers its rows. */
export async function queryPrepared<T extends object>(target: Pool | PoolClient, statement: PreparedStatement, values: readonly unknown[]): Promise<T[]> {
  return (await target.query<T>({ name: statement.name, text: statement.text, values: [...values] })).rows;
}

/**
 * Read statements prepared so far, by their text. The texts come from code (values are
 * always parameters), so they are few; past this many, a statement runs unprepared, so
 * an unforeseen source of texts cannot grow every connection's statements without end.
 */
const MAX_STATEMENTS = 200;
const statements = new Map<string, PreparedStatement>();

function statementOf(sql: string): PreparedStatement | undefined {
  let statement = statements.get(sql);
  if (!statement && statements.size < MAX_STATEMENTS) {
    statement = prepared(`ponte_read_${statements.size + 1}`, sql);
    statements.set(sql, statement);
  }
  return statement;
}

/**
 * Runs a read (`?` placeholders, the only `?` in it) as a pg named statement on the ORM's
 * own pool, the one `em.execute` would have taken a connection from: PostgreSQL parses
 * and analyses it once per connection, and the ORM's layers (parameters inlined into the
 * text, kysely, its result handling) do not run around it. The rows are the ones
 * `em.execute` answers (same pool, same type parsers), and the statement is reported to
 * the ORM's logger as `execute` reports it, so statement logs and counts do not change.
 * Inside a transaction it must run on the transaction's connection: there it is
 * `em.execute`, unprepared.
 */
export async function executeRead<T extends object>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<T[]> {
  const statement = em.isInTransaction() ? undefined : statementOf(sql);
  if (!statement) return em.execute<T[]>(sql, [...params]);
  const pool = await em.getConnection().getNativeClient();
  const started = Date.now();
  const logger = em.config.getLogger();
  try {
    const rows = await queryPrepared<T>(pool, statement, params);
    logger.logQuery({ level: 'info', query: sql, params: [...params], took: Date.now() - started, results: rows.length });
    return rows;
  } catch (error) {
    logger.logQuery({ level: 'error', query: sql, params: [...params], took: Date.now() - started });
    throw error;
  }
}
