import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Logger } from 'pino';
import { queryPrepared, type PreparedStatement } from '../db/prepared.js';

/** Runs a statement and answers its rows. */
export type RunStatement = <T extends object>(statement: PreparedStatement, values: readonly unknown[]) => Promise<T[]>;

/** The same statement through an entity manager (in its transaction, if it has one), unprepared. */
export function runWith(em: EntityManager): RunStatement {
  return <T extends object>(statement: PreparedStatement, values: readonly unknown[]) => em.execute<T[]>(statement.sql, [...values]);
}

/** Runs statements in one transaction: the fan-out's (src/webhooks/fanout.ts). */
export interface Transactional {
  transaction<T>(work: (run: RunStatement) => Promise<T>): Promise<T>;
}

/**
 * Runs `work`'s statements, prepared, in one transaction on one connection of `pool`:
 * committed if it answers, rolled back if it throws.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (run: RunStatement) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work((statement, values) => queryPrepared(client, statement, values));
    await client.query('commit');
    return result;
  } catch (error) {
    // A connection whose rollback fails is discarded rather than returned mid-transaction.
    await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * A prepared statement's generic plan is made on its first runs and kept for the
 * connection's life. A dispatcher that starts on an empty queue had it made while
 * `webhook_delivery` held a few rows: the claim's probe for an earlier open delivery
 * became a scan of the subscription's (or every open) delivery for each row it read,
 * 100-400 ms a claim once thousands were owed, until an autoanalyze (up to a minute later)
 * replaced it. So these connections reach rows through indexes by key only, whatever size
 * the planner believes, and the claims' probes are written so that the plan made on an
 * empty queue is the one for a full one (src/webhooks/delivery-queue.ts; test/webhooks/
 * queue-database.test.ts holds both plans).
 */
const INDEX_SCANS_ONLY = 'set enable_seqscan = off; set enable_bitmapscan = off';

/** The fan-out's transaction, the claim loop and the record loop each run one statement at a time. */
const CONNECTIONS = 3;
/** As the ORM's pool: a database that does not answer fails the statement rather than hang the loop. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The dispatcher's own connections for its hot statements (fanning out, claiming,
 * recording successes), beside the ORM's pool. Each runs prepared, planned once per
 * connection (see INDEX_SCANS_ONLY), and no ORM layer runs around them.
 */
export class QueueDatabase implements Transactional {
  private readonly pool: pg.Pool;

  constructor(databaseUrl: string, logger?: Logger) {
    this.pool = new pg.Pool({
      connectionString: databaseUrl,
      max: CONNECTIONS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // The planner settings, before the connection is handed out: the pool awaits this
      // hook. Sent from the 'connect' event instead, they queued the pool's first statement
      // behind them on a busy client, which node-postgres deprecates (one query at a time
      // from pg 9 on). Not as startup `options`: PgBouncer refuses those settings there.
      onConnect: async (client) => {
        await client.query(INDEX_SCANS_ONLY);
      },
    });
    const lost = (error: Error) => logger?.warn({ err: error }, 'webhook queue connection lost; the next statement opens another');
    // An idle connection that drops is replaced at the next statement; unhandled, its error would end the process.
    this.pool.on('error', lost);
    // The pool listens only while a connection is idle: one the server ends while the
    // fan-out's transaction holds it (a database restart) would otherwise end the process
    // too. Its next statement fails instead, and inTransaction drops it.
    this.pool.on('connect', (client) => {
      client.on('error', lost);
    });
  }

  readonly run: RunStatement = (statement, values) => queryPrepared(this.pool, statement, values);

  /** Runs `work`'s statements in one transaction on one of these connections (see inTransaction). */
  transaction<T>(work: (run: RunStatement) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, work);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
