import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, databaseUrlFor, dropDatabase } from '../../src/db/databases.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.js';
import { createOrm, migrate } from '../../src/db/orm.js';
import { ENTITIES } from '../../src/modules.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
  }
}

/**
 * One migrated template database per run; every test file clones it (CREATE DATABASE …
 * TEMPLATE), so files run in parallel on their own databases and migrate once in all.
 * DATABASE_URL names the server to use; without it an embedded PostgreSQL starts.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Tests that start real service processes (main, CLI, dispatchers) run the compiled build.
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  let embedded: EmbeddedDatabase | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = resolve('.data/test');
    mkdirSync(dataDir, { recursive: true });
    embedded = await startEmbeddedPostgres({ dataDir, port: 54339, database: 'postgres' });
    serverUrl = embedded.url;
  }
  const template = `ponte_template_${process.pid}_${Date.now()}`;
  const orm = await createOrm(await createDatabase(serverUrl, template), { entities: ENTITIES });
  try {
    await migrate(orm);
  } finally {
    await orm.close(true);
  }
  project.provide('databaseServerUrl', databaseUrlFor(serverUrl, 'postgres'));
  project.provide('templateDatabase', template);
  return async () => {
    await dropDatabase(serverUrl, template);
    await embedded?.stop();
  };
}
