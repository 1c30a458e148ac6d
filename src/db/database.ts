import type { EntityClass } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { embeddedSecretsKey, startEmbeddedPostgres } from './embedded.js';
import { createOrm, migrate, type Orm } from './orm.js';

export interface Database {
  orm: Orm;
  embedded: boolean;
  /** SECRETS_KEY, or with the embedded database the key kept beside it (made on first start). */
  secretsKey: Buffer | undefined;
  close(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL under the data folder. */
export async function openDatabase(
  config: Config,
  options: { migrate: boolean; entities: readonly EntityClass[]; logger?: Logger },
): Promise<Database> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPostgresPort,
        database: 'ponte',
        log: (line) => options.logger?.debug({ postgres: line }),
      });
  const orm = await createOrm(config.databaseUrl ?? embedded!.url, { entities: options.entities });
  if (options.migrate) {
    const applied = await migrate(orm);
    if (applied.length > 0) options.logger?.info({ applied }, 'migrations applied');
  }
  return {
    orm,
    embedded: embedded !== undefined,
    secretsKey: config.secretsKey ?? (embedded ? embeddedSecretsKey(config.dataDir) : undefined),
    close: async () => {
      await orm.close(true);
      await embedded?.stop();
    },
  };
}
