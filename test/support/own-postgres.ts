import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.js';
import { freePort } from './process.js';

/** A PostgreSQL server of one test's own, which the test may stop and start again. */
export interface OwnPostgres {
  /** The `ponte` database on it. */
  url: string;
  /** Fast shutdown (SIGINT): open transactions are aborted and every connection is cut. */
  stop(): Promise<void>;
  /** Starts it again on the same port and files. */
  start(): Promise<void>;
  /** Stops it if it runs and deletes its files. */
  remove(): Promise<void>;
}

/**
 * Starts an embedded PostgreSQL (the package's real binaries) on a free port, with its
 * files under `.data/` (not a 0700 temporary folder: the cluster runs as the postgres
 * user). Fault tests stop this one, never the machine's shared server.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dataDir = resolve('.data', `own-postgres-${randomBytes(4).toString('hex')}`);
  const port = await freePort();
  const boot = () => startEmbeddedPostgres({ dataDir, port, database: 'ponte' });
  let running: EmbeddedDatabase | undefined = await boot();
  const url = running.url;
  return {
    url,
    stop: async () => {
      await running?.stop();
      running = undefined;
    },
    start: async () => {
      running ??= await boot();
    },
    remove: async () => {
      await running?.stop();
      running = undefined;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
