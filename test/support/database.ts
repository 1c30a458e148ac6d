import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabase, dropDatabase } from '../../src/db/databases.js';
import { createOrm, type Orm } from '../../src/db/orm.js';
import { ENTITIES } from '../../src/modules.js';

export interface TestDatabase {
  url: string;
  orm: Orm;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of this test file's own (a clone of the run's template), or,
 * with `migratedTo`, one migrated from nothing up to that migration (`orm.migrator.up()`
 * takes it the rest of the way): a database as an earlier release left it.
 */
export async function createTestDatabase(options: { migratedTo?: string } = {}): Promise<TestDatabase> {
  const serverUrl = inject('databaseServerUrl');
  const name = `ponte_test_${randomBytes(6).toString('hex')}`;
  const url = await createDatabase(serverUrl, name, options.migratedTo ? undefined : inject('templateDatabase'));
  const orm = await createOrm(url, { entities: ENTITIES });
  if (options.migratedTo) await orm.migrator.up({ to: options.migratedTo });
  return {
    url,
    orm,
    drop: async () => {
      await orm.close(true);
      await dropDatabase(serverUrl, name);
    },
  };
}
