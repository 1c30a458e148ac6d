import { execFile, type ExecFileOptions } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, appendFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** PostgreSQL's own tools (initdb, pg_ctl, pg_basebackup): the Debian package's, or PG_BIN's. */
export const POSTGRES_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A primary of the test's own and a streaming replica made from it with pg_basebackup -R. */
export interface StreamingPair {
  /** postgres://… of `database` on each server. */
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the replica at once (as a crash would) and starts it again. */
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  remove(): Promise<void>;
}

/**
 * The servers run as the `postgres` user when this runs as root (PostgreSQL refuses
 * root), in a temporary folder removed by `remove()`. The machine's own server is never
 * touched: its pg_hba.conf allows no replication. About two seconds on a quiet machine.
 * Used by test/db/replicas.test.ts and the `replica` bench scenario.
 */
export async function startStreamingPair(options: { freePort: () => Promise<number>; database?: string }): Promise<StreamingPair> {
  const { freePort, database = 'ponte' } = options;
  if (!existsSync(join(POSTGRES_BIN, 'pg_basebackup'))) throw new Error(`no PostgreSQL tools in ${POSTGRES_BIN} (set PG_BIN)`);
  const asUser = userInfo().uid === 0 ? await postgresUser() : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'ponte-replica-'));
  if (asUser) chownSync(dir, asUser.uid, asUser.gid);
  const tool = (name: string, args: string[]) => run(join(POSTGRES_BIN, name), args, { cwd: dir, ...asUser } as ExecFileOptions);
  const primaryDir = join(dir, 'primary');
  const replicaDir = join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const serverOptions = (port: number) => `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c full_page_writes=off`;
  const startServer = (folder: string, port: number) => tool('pg_ctl', ['-D', folder, '-l', `${folder}.log`, '-o', serverOptions(port), '-w', 'start']);
  let replicaRunning = false;

  await tool('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  appendFileSync(join(primaryDir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
  await startServer(primaryDir, primaryPort);
  try {
    await tool('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream']);
    await startServer(replicaDir, replicaPort);
    replicaRunning = true;
    // The database is made on the primary; the replica has it once it has replayed that far.
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` });
    await client.connect();
    await client.query(`create database "${database}"`).finally(() => client.end());
  } catch (error) {
    await tool('pg_ctl', ['-D', primaryDir, '-m', 'immediate', 'stop']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const stop = (folder: string) => tool('pg_ctl', ['-D', folder, '-m', 'immediate', '-w', 'stop']);
  return {
    primaryUrl: url(primaryPort),
    replicaUrl: url(replicaPort),
    stopReplica: async () => {
      await stop(replicaDir);
      replicaRunning = false;
    },
    startReplica: async () => {
      await startServer(replicaDir, replicaPort);
      replicaRunning = true;
    },
    remove: async () => {
      if (replicaRunning) await stop(replicaDir).catch(() => undefined);
      await stop(primaryDir).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  return { uid: await id('-u'), gid: await id('-g') };
}
