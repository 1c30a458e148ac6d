import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

describe('migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('produce exactly the schema the entities describe', async () => {
    const diff = await database.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim(), `entities and migrations disagree; run npm run migration:create\n${diff}`).toBe('');
  });

  it('leave nothing pending', async () => {
    expect(await database.orm.migrator.getPending()).toEqual([]);
  });
});
