/**
 * The service and the baseline run as child processes, as they would in production:
 * the load generator in this process does not share their event loop. With
 * BENCH_CPU_PROF=<dir>, each child writes a V8 CPU profile there when it stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunningProcess {
  name: string;
  url: string;
  pid: number;
  /** Resident memory in bytes, from /proc. */
  rss(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function nodeFlags(name: string): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`] : [];
}

/** The V8 flags `npm start` gives the service (package.json, docs/operations.md). */
const SERVICE_FLAGS = ['--max-semi-space-size=32'];

async function launch(
  name: string,
  script: string,
  args: string[],
  env: Record<string, string>,
  readyPath: string,
  flags: string[] = [],
  readyHeaders: Record<string, string> = {},
): Promise<RunningProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...flags, ...nodeFlags(name), join(DIST, script), ...args], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    // BENCH_LOG_DIR=<dir> keeps each child's log (warnings and errors) there.
    stdio: ['ignore', process.env.BENCH_LOG_DIR ? openSync(join(process.env.BENCH_LOG_DIR, `${name}-${port}.log`), 'a') : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, `${url}${readyPath}`, name, readyHeaders);
  return {
    name,
    url,
    pid: child.pid!,
    rss: () => rssOf(child.pid!),
    stop: () => stop(child),
  };
}

async function waitUntilReady(child: ChildProcess, url: string, name: string, headers: Record<string, string>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(url, { headers });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`${name} was not ready within 60 s`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** User and system CPU time a process has used, from /proc (10 ms ticks). */
export function cpuMsOf(pid: number): number {
  return ticksMs(`/proc/${pid}/stat`);
}

/**
 * The same for its main thread alone: the event loop that runs JavaScript and makes the
 * socket writes, without V8's concurrent GC and compiler threads.
 */
export function mainThreadCpuMsOf(pid: number): number {
  return ticksMs(`/proc/${pid}/task/${pid}/stat`);
}

function ticksMs(statPath: string): number {
  const fields = readFileSync(statPath, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export type Role = 'all' | 'api' | 'dispatcher';

/** The service as `npm start` runs it, against an already migrated database. */
export function startService(databaseUrl: string, role: Role, env: Record<string, string> = {}): Promise<RunningProcess> {
  return launch(`ponte-${role}`, 'src/main.js', ['--no-migrate'], {
    DATABASE_URL: databaseUrl,
    ROLE: role,
    LOG_LEVEL: 'warn',
    // A bench's one seller is its load: neither its tokens nor the seller as a whole are rate-limited.
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_PER_SELLER_PER_MINUTE: '100000000',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    LIVE_MAX_CONNECTIONS_PER_TOKEN: '100000',
    LIVE_MAX_CONNECTIONS_PER_SELLER: '100000',
    ...env,
  }, '/health/ready', SERVICE_FLAGS);
}

/** The same-SQL minimal endpoint (bench/baseline-server.ts). */
export function startBaseline(databaseUrl: string): Promise<RunningProcess> {
  return launch('baseline', 'bench/baseline-server.js', [], { DATABASE_URL: databaseUrl }, '/health');
}

/** A bare Apollo Server 5 (bench/apollo-baseline.ts), the `stack` scenario's floor. */
export function startApolloBaseline(): Promise<RunningProcess> {
  // A GET query passes Apollo's CSRF prevention with this header.
  return launch('apollo', 'bench/apollo-baseline.js', [], { NODE_ENV: 'production' }, '/?query=%7B__typename%7D', [], { 'apollo-require-preflight': 'true' });
}
