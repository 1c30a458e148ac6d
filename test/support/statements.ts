import type { Orm } from '../../src/db/orm.js';

/** Runs `work` and returns what it returned with the SQL statements the ORM sent meanwhile. */
export async function recordStatements<T>(orm: Orm, work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const logger = orm.config.getLogger();
  const original = logger.logQuery.bind(logger);
  const statements: string[] = [];
  logger.logQuery = (context) => {
    statements.push(context.query ?? '');
    original(context);
  };
  try {
    return { result: await work(), statements };
  } finally {
    logger.logQuery = original;
  }
}
