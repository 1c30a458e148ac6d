import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { authenticateApplication } from '../../src/auth/application.service.js';
import { APP_CREDENTIAL_PREFIX, generateSecret, hashSecret } from '../../src/auth/secrets.js';
import { createDatabase, dropDatabase } from '../../src/db/databases.js';
import { createOrm } from '../../src/db/orm.js';
import { ENTITIES } from '../../src/modules.js';
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

describe('the application credentials migration', () => {
  it('keeps the credential every existing application had', async () => {
    const serverUrl = inject('databaseServerUrl');
    const name = `ponte_test_${randomBytes(6).toString('hex')}`;
    const orm = await createOrm(await createDatabase(serverUrl, name), { entities: ENTITIES });
    try {
      await orm.migrator.up({ to: 'Migration20261122035419_installation_periods' });
      const credential = generateSecret(APP_CREDENTIAL_PREFIX);
      await orm.em.getConnection().execute(
        `insert into application (id, name, credential_hash, created_at) values ('01a20107-0000-7000-8000-0000000000a1', 'Antigo', ?, now())`,
        [hashSecret(credential)],
      );
      await orm.migrator.up();
      expect(await authenticateApplication(orm.em.fork(), credential)).toMatchObject({ applicationId: '01a20107-0000-7000-8000-0000000000a1' });
      // And back: the app's live credential returns to its row (down to the migration before token management; later ones undone first).
      await orm.migrator.down({ to: 'Migration20261123051813_outbox_commit_position' });
      const [row] = await orm.em.getConnection().execute<{ credential_hash: string }[]>(`select credential_hash from application`);
      expect(row!.credential_hash).toBe(hashSecret(credential));
    } finally {
      await orm.close(true);
      await dropDatabase(serverUrl, name);
    }
  });
});
